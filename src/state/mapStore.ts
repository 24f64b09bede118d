// UI state of the map screen (DESIGN.md: zustand for UI state). Holds only small answers from the
// data worker — counts per layer — never features.
import { create } from 'zustand';

export interface MapState {
  /** SPEC §4 map load: true from the first layer request until every vector layer is drawn. */
  loading: boolean;
  /** Feature count per vector layer id, filled as batches arrive. */
  layerCounts: Record<string, number>;
  /** Sum of layerCounts, set once all vector layers are drawn (SPEC §4 "features-loaded flag"). */
  featuresLoaded: number | null;
  layerError: string | null;
  startLoading: () => void;
  setLayerCount: (layerId: string, count: number) => void;
  finishLoading: () => void;
  setLayerError: (message: string | null) => void;
}

export const useMapStore = create<MapState>((set, get) => ({
  loading: false,
  layerCounts: {},
  featuresLoaded: null,
  layerError: null,
  startLoading: () => set({ loading: true, layerCounts: {}, featuresLoaded: null, layerError: null }),
  setLayerCount: (layerId, count) => set({ layerCounts: { ...get().layerCounts, [layerId]: count } }),
  finishLoading: () =>
    set({ loading: false, featuresLoaded: Object.values(get().layerCounts).reduce((a, b) => a + b, 0) }),
  setLayerError: (layerError) => set({ layerError }),
}));
