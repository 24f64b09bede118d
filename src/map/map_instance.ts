// The live map objects, for UI that works on the map without owning it (the edit overlay, the
// comparison view). MapView sets them; nothing else does.
import { create } from 'zustand';
import type OlMap from 'ol/Map.js';
import type { MapRendererHandle } from './render_worker_client.ts';

interface MapInstanceState {
  /** The main-thread OL map: base maps, the view, interactions and the edit overlay. */
  map?: OlMap;
  /** The render worker drawing the vector layers (undefined until it has started). */
  renderer?: MapRendererHandle;
}

export const useMapInstance = create<MapInstanceState>(() => ({}));
