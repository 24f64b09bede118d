// Puts the render worker's canvas into the OL map (DESIGN.md: features draw in the render worker;
// the main-thread map keeps only base maps, interactions and the view) and keeps the worker's view
// in step with every frame the main map draws.
import { useEffect, useState } from 'react';
import type OlMap from 'ol/Map.js';
import type MapEvent from 'ol/MapEvent.js';
import { transfer } from 'comlink';
import { getDataWorker } from './dataWorkerClient.ts';
import { createRenderer, type MapRendererHandle } from './renderWorkerClient.ts';

function featureCanvas(): HTMLCanvasElement {
  // Made here, not in JSX: a canvas can be handed to a worker only once, and StrictMode mounts twice.
  const canvas = document.createElement('canvas');
  canvas.dataset.testid = 'feature-canvas';
  Object.assign(canvas.style, { position: 'absolute', inset: '0', width: '100%', height: '100%', pointerEvents: 'none' });
  return canvas;
}

/** The renderer of the map's vector features; undefined until the worker has started. */
export function useFeatureRenderer(map: OlMap | undefined): MapRendererHandle | undefined {
  const [renderer, setRenderer] = useState<MapRendererHandle>();
  useEffect(() => {
    const viewport = map?.getViewport();
    if (!map || !viewport) return;
    let handle: MapRendererHandle | undefined;
    let disposed = false;
    const canvas = featureCanvas();
    // Above the base maps, below the controls and overlays.
    viewport.insertBefore(canvas, map.getOverlayContainer() ?? null);

    // The main map's frame state is the truth; the worker draws the same view one message later.
    const follow = (event: MapEvent) => {
      const fs = event.frameState;
      if (!handle || !fs) return;
      const { center, resolution, rotation } = fs.viewState;
      void handle.setView({
        center: [center[0], center[1]],
        resolution,
        rotation,
        size: [fs.size[0], fs.size[1]],
        pixelRatio: fs.pixelRatio,
        viewHints: [fs.viewHints[0], fs.viewHints[1]],
      });
    };
    map.on('postrender', follow);

    void (async () => {
      const size = map.getSize();
      // DESIGN.md: batches go data worker → render worker over their own channel, never through here.
      const channel = new MessageChannel();
      await getDataWorker().connectRenderer(transfer({ port: channel.port1 }, [channel.port1]));
      const h = await createRenderer(canvas, {
        size: size ? [size[0], size[1]] : undefined,
        pixelRatio: globalThis.devicePixelRatio || 1,
        batchPort: channel.port2,
      });
      if (disposed) {
        await h.dispose();
        h.canvas.remove();
        return;
      }
      handle = h;
      setRenderer(h);
      map.render(); // one frame now, so the worker gets the current view
    })();

    return () => {
      disposed = true;
      map.un('postrender', follow);
      setRenderer(undefined);
      const h = handle;
      if (h) void h.dispose().then(() => h.canvas.remove());
      else canvas.remove();
    };
  }, [map]);
  return renderer;
}
