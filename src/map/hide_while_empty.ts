// The main map's small overlays (the position, a recorded track, a route) are shown only while they hold
// features. OpenLayers renders an empty vector layer at every frame all the same, and the first such
// frame creates a 2D canvas on the main thread: inside the open's first frames, before anything is there
// to draw (issue 17 target 4: `prepareContainer`, 51–90 ms at 4× slowdown). A hidden layer is skipped.
import type VectorLayer from 'ol/layer/Vector.js';
import type VectorSource from 'ol/source/Vector.js';
import { unByKey } from 'ol/Observable.js';

/** Keeps `layer` visible exactly while its source has features; returns the way to stop. */
export function hideWhileEmpty(layer: VectorLayer<VectorSource>): () => void {
  const source = layer.getSource()!;
  const update = () => layer.setVisible(!source.isEmpty());
  update();
  // A source fires `change` when features are added, removed or cleared, and when one of them changes.
  const key = source.on('change', update);
  return () => unByKey(key);
}
