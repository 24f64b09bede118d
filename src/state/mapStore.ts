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
  /** More layers load into a map already loaded (a login's diff layers); the others' counts stay. */
  resumeLoading: () => void;
  /** Layers emptied from the map (a logout's diff layers, SPEC §4) no longer count. */
  forgetLayers: (layerIds: readonly string[]) => void;
  setLayerCount: (layerId: string, count: number) => void;
  finishLoading: () => void;
  setLayerError: (message: string | null) => void;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export const useMapStore = create<MapState>((set, get) => ({
  loading: false,
  layerCounts: {},
  featuresLoaded: null,
  layerError: null,
  startLoading: () => set({ loading: true, layerCounts: {}, featuresLoaded: null, layerError: null }),
  resumeLoading: () => set({ loading: true, featuresLoaded: null }),
  forgetLayers: (layerIds) => {
    const layerCounts = { ...get().layerCounts };
    for (const id of layerIds) delete layerCounts[id];
    const { featuresLoaded } = get();
    set({ layerCounts, featuresLoaded: featuresLoaded === null ? null : total(layerCounts) });
  },
  setLayerCount: (layerId, count) => set({ layerCounts: { ...get().layerCounts, [layerId]: count } }),
  finishLoading: () =>
    set({ loading: false, featuresLoaded: total(get().layerCounts) }),
  setLayerError: (layerError) => set({ layerError }),
}));
