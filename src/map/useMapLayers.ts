// React glue between the app config and the map (SPEC §4 map load): base maps and WMS overlays on
// the main-thread OL map, vector layers through the data worker into the render worker. Kept out of MapView so the
// component stays a thin shell.
import { useEffect } from 'react';
import type OlMap from 'ol/Map.js';
import type BaseLayer from 'ol/layer/Base.js';
import type { AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/mapStore.ts';
import { isLoggedIn, useAuthStore } from '../state/authStore.ts';
import { useLayerStatusStore } from '../state/layerStatus.ts';
import { createConfiguredBaseLayer } from './baseLayers.ts';
import { createWmsOverlay } from './wmsOverlays.ts';
import { fitToLayers, loadVectorLayers } from './loadVectorLayers.ts';
import type { MapRendererHandle } from './renderWorkerClient.ts';

export function useMapLayers(
  map: OlMap | undefined,
  renderer: MapRendererHandle | undefined,
  appKey: string,
  config: AppConfig | undefined,
  apiBase = '',
) {
  useEffect(() => {
    if (!map || !config) return;
    const owned: BaseLayer[] = [];
    const tileLayers = [
      ...config.baseLayersConfig.map((cfg, i) => createConfiguredBaseLayer(cfg, i)),
      ...config.layersConfig.map(createWmsOverlay),
    ];
    for (const layer of tileLayers) {
      if (!layer) continue;
      map.addLayer(layer);
      owned.push(layer);
    }
    return () => {
      for (const l of owned) {
        map.removeLayer(l);
        l.dispose();
        useLayerStatusStore.getState().reset(l.get('layerId') as string);
      }
    };
  }, [map, config]);

  // SPEC §4: logging in loads the diff layers, logging out empties them — the load runs again.
  const loggedIn = useAuthStore(isLoggedIn);
  useEffect(() => {
    if (!map || !renderer || !config) return;
    const { authorization, sessionId } = useAuthStore.getState();
    const ctl = new AbortController();
    useMapStore.getState().startLoading();
    void (async () => {
      await loadVectorLayers(renderer, config.layersConfig, {
        apiBase,
        appKey,
        appName: config.appName,
        signal: ctl.signal,
        loggedIn,
        authorization: loggedIn ? authorization ?? undefined : undefined,
        sessionId: loggedIn ? sessionId ?? undefined : undefined,
        onLayerLoaded: (id, n) => useMapStore.getState().setLayerCount(id, n),
        onLayerFailed: (id, message) => useMapStore.getState().setLayerError(`${id}: ${message}`),
      });
      if (ctl.signal.aborted) return;
      await fitToLayers(map, renderer);
      // The flag waits for the worker to have drawn every layer's buffers (SPEC §4 features-loaded).
      await renderer.idle();
      if (!ctl.signal.aborted) useMapStore.getState().finishLoading();
    })();
    return () => {
      ctl.abort();
      // Emptied so a new config or key never shows the previous app's features.
      void renderer.setLayers([]).catch(() => undefined);
    };
  }, [map, renderer, appKey, config, apiBase, loggedIn]);
}
