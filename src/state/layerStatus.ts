// SPEC §4 "Tile load error: the layer is flagged as load error". One flag per map layer (base maps
// and overlays by id), set by the map's tile sources (src/map/baseLayers.ts), read by the layer list.
import { create } from 'zustand';

export type LayerStatus = 'ok' | 'loadError';

interface LayerStatusState {
  status: Record<string, LayerStatus>;
  /** A layer once flagged stays flagged until reset: one failing tile is enough to warn (SPEC §4). */
  flag: (layerId: string, status: LayerStatus) => void;
  reset: (layerId?: string) => void;
}

export const useLayerStatusStore = create<LayerStatusState>((set, get) => ({
  status: {},
  flag(layerId, status) {
    const now = get().status[layerId];
    if (now === status || (now === 'loadError' && status === 'ok')) return;
    set({ status: { ...get().status, [layerId]: status } });
  },
  reset(layerId) {
    if (layerId === undefined) return set({ status: {} });
    const { [layerId]: _gone, ...rest } = get().status;
    set({ status: rest });
  },
}));

/** The layer's status; undefined until one of its tiles has loaded or failed. */
export function useLayerStatus(layerId: string): LayerStatus | undefined {
  return useLayerStatusStore((s) => s.status[layerId]);
}
