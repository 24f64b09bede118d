// UI state of the map screen (DESIGN.md: zustand for UI state), one store for the map: the vector
// layers' load (small answers from the data worker — counts per layer — never features) and the tile
// layers' load errors (SPEC §4 "Tile load error"). The layer list, the app bar and the map read it;
// the layer session (src/map/layer_session.ts) and the tile sources (src/map/base_layers.ts) write it.
import { create } from 'zustand';

/** A tile layer's state: a base map or WMS overlay, by layer id. */
export type LayerStatus = 'ok' | 'loadError';

export interface LayerError {
  layerId: string;
  message: string;
}

export interface MapState {
  /** SPEC §4 map load: true from the first layer request until every vector layer is drawn. */
  loading: boolean;
  /** Feature count per vector layer id, filled as batches arrive. */
  layerCounts: Record<string, number>;
  /** Sum of layerCounts, set once all vector layers are drawn (SPEC §4 "features-loaded flag"). */
  featuresLoaded: number | null;
  /** A vector layer that could not be loaded, with the server's (or the network's) reason. */
  layerError: LayerError | null;
  /** Per tile layer; undefined until one of its tiles has loaded or failed. */
  layerStatus: Record<string, LayerStatus>;
  /**
   * Vector layers whose server copy changed in bulk (an import's suggestions): the map shows them
   * again, revalidated (src/map/use_map_layers.ts). `seq` counts the requests.
   */
  staleLayers: { layerIds: readonly string[]; seq: number };
  startLoading: () => void;
  /** More layers load into a map already loaded (a login's diff layers); the others' counts stay. */
  resumeLoading: () => void;
  /** Layers emptied from the map (a logout's diff layers, SPEC §4) no longer count. */
  forgetLayers: (layerIds: readonly string[]) => void;
  setLayerCount: (layerId: string, count: number) => void;
  finishLoading: () => void;
  setLayerError: (error: LayerError | null) => void;
  /** A tile layer once flagged stays flagged until reset: one failing tile is enough to warn (SPEC §4). */
  flagLayer: (layerId: string, status: LayerStatus) => void;
  /** Forgets one tile layer's status (it left the map), or all of them. */
  resetLayerStatus: (layerId?: string) => void;
  markLayersStale: (layerIds: readonly string[]) => void;
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

export const useMapStore = create<MapState>((set, get) => ({
  loading: false,
  layerCounts: {},
  featuresLoaded: null,
  layerError: null,
  layerStatus: {},
  staleLayers: { layerIds: [], seq: 0 },
  startLoading: () => set({ loading: true, layerCounts: {}, featuresLoaded: null, layerError: null }),
  resumeLoading: () => set({ loading: true, featuresLoaded: null }),
  forgetLayers: (layerIds) => {
    const layerCounts = { ...get().layerCounts };
    for (const id of layerIds) delete layerCounts[id];
    const { featuresLoaded } = get();
    set({ layerCounts, featuresLoaded: featuresLoaded === null ? null : total(layerCounts) });
  },
  setLayerCount: (layerId, count) => set({ layerCounts: { ...get().layerCounts, [layerId]: count } }),
  finishLoading: () => set({ loading: false, featuresLoaded: total(get().layerCounts) }),
  setLayerError: (layerError) => set({ layerError }),
  flagLayer(layerId, status) {
    const now = get().layerStatus[layerId];
    if (now === status || (now === 'loadError' && status === 'ok')) return;
    set({ layerStatus: { ...get().layerStatus, [layerId]: status } });
  },
  markLayersStale: (layerIds) => set({ staleLayers: { layerIds, seq: get().staleLayers.seq + 1 } }),
  resetLayerStatus(layerId) {
    if (layerId === undefined) return set({ layerStatus: {} });
    const { [layerId]: _gone, ...rest } = get().layerStatus;
    set({ layerStatus: rest });
  },
}));

/** The tile layer's status; undefined until one of its tiles has loaded or failed. */
export function useLayerStatus(layerId: string): LayerStatus | undefined {
  return useMapStore((s) => s.layerStatus[layerId]);
}

/** Whether the last load's features are all drawn (SPEC §4 features-loaded). */
export const featuresDrawn = (s: MapState): boolean => s.featuresLoaded !== null;
