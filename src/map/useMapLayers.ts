// React glue between the app config and the OL map: base maps, then vector layers (SPEC §4 map load).
// Kept out of MapView so the component stays a thin shell.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import type BaseLayer from 'ol/layer/Base.js';
import type { AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/mapStore.ts';
import { createConfiguredBaseLayer } from './baseLayers.ts';
import { fitToLayers, loadVectorLayers, nextRenderComplete } from './loadVectorLayers.ts';

export function useMapLayers(map: OlMap | undefined, appKey: string, config: AppConfig | undefined, apiBase = '') {
  useEffect(() => {
    if (!map || !config) return;
    const ctl = new AbortController();
    const owned: BaseLayer[] = [];
    const store = useMapStore.getState();
    config.baseLayersConfig.forEach((cfg, i) => {
      const layer = createConfiguredBaseLayer(cfg, i);
      if (layer) {
        map.addLayer(layer);
        owned.push(layer);
      }
    });
    store.startLoading();
    void (async () => {
      const added = await loadVectorLayers(map, config.layersConfig, {
        apiBase,
        appKey,
        signal: ctl.signal,
        onLayerLoaded: (id, n) => useMapStore.getState().setLayerCount(id, n),
        onLayerFailed: (id, message) => useMapStore.getState().setLayerError(`${id}: ${message}`),
      });
      owned.push(...added);
      if (ctl.signal.aborted) return;
      fitToLayers(map, added);
      await nextRenderComplete(map, ctl.signal);
      if (!ctl.signal.aborted) useMapStore.getState().finishLoading();
    })();
    return () => {
      ctl.abort();
      for (const l of owned) {
        map.removeLayer(l);
        l.dispose(); // frees WebGL buffers and the source's features
      }
    };
  }, [map, appKey, config, apiBase]);
}
