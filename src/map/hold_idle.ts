// Issue 17: the page's background work (src/config/idle.ts whenInputQuiet: the lazy chunks' prefetch,
// the surfaces mounted ahead, the address's write) waits while the map moves, and for the quiet after.
import type OlMap from 'ol/Map.js';
import { holdWhile } from '../config/idle.ts';

/** Holds the background work while `map`'s view is dragged, pinched or animated; returns the release. */
export function holdIdleWhileMoving(map: OlMap): () => void {
  return holdWhile(() => {
    const view = map.getView();
    return view.getInteracting() || view.getAnimating();
  });
}
