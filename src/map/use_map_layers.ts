// React glue between the app config and the map (SPEC §4 map load): base maps and WMS overlays on
// the main-thread OL map, vector layers through the data worker into the render worker (layer_session.ts).
// Kept out of MapView so the component stays a thin shell.
import { useEffect, useRef } from 'react';
import type OlMap from 'ol/Map.js';
import type BaseLayer from 'ol/layer/Base.js';
import type { AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/map_store.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { createConfiguredBaseLayer } from './base_layers.ts';
import { createWmsOverlay } from './wms_overlays.ts';
import { fitToLayers, prefetchVectorLayers } from './load_vector_layers.ts';
import { rememberFit } from './last_fit.ts';
import { LayerSession } from './layer_session.ts';
import { getDataWorker } from './data_worker_client.ts';
import type { MapRendererHandle } from './render_worker_client.ts';

/** Starts the fetches of the layers `config`'s first load will show, with the credentials of this moment. */
export function prefetchConfiguredLayers(appKey: string, config: AppConfig, apiBase = ''): void {
  const auth = useAuthStore.getState();
  const loggedIn = isLoggedIn(auth);
  prefetchVectorLayers(getDataWorker(), config.layersConfig, {
    apiBase,
    appKey,
    appName: config.appName,
    loggedIn,
    authorization: loggedIn ? (auth.authorization ?? undefined) : undefined,
    sessionId: loggedIn ? (auth.sessionId ?? undefined) : undefined,
  });
}

export function useMapLayers(
  map: OlMap | undefined,
  renderer: MapRendererHandle | undefined,
  appKey: string,
  config: AppConfig | undefined,
  apiBase = '',
  /** The address named a view (permalink): the first load keeps it instead of fitting the layers. */
  keepView = false,
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
        useMapStore.getState().resetLayerStatus(l.get('layerId') as string);
      }
    };
  }, [map, config]);

  // The layers' fetches start with the configuration, before the map and its render worker are ready
  // for them (issue 17, cold open); the session's first load below takes them.
  // (The start-up began them already, src/start_early.ts: the data worker starts each fetch once.)
  useEffect(() => {
    if (config) prefetchConfiguredLayers(appKey, config, apiBase);
  }, [appKey, config, apiBase]);

  // The vector layers of this app and config, loaded once by a LayerSession; a login or logout then
  // only switches the diff layers (SPEC §4), queued behind the first load.
  const session = useRef<LayerSession | undefined>(undefined);
  useEffect(() => {
    if (!map || !renderer || !config) return;
    const current = new LayerSession(
      {
        renderer,
        worker: getDataWorker(),
        layers: config.layersConfig,
        apiBase,
        appKey,
        appName: config.appName,
        credentials: () => useAuthStore.getState(),
        status: useMapStore.getState(),
        fit: async () => {
          if (!keepView && (await fitToLayers(map, renderer))) rememberFit(appKey, map);
        },
      },
      isLoggedIn(useAuthStore.getState()),
    );
    session.current = current;
    void current.load();
    return () => {
      current.abort();
      if (session.current === current) session.current = undefined;
    };
  }, [map, renderer, appKey, config, apiBase, keepView]);

  // A new session starts with the login state of its moment, so only a change of it matters here.
  const loggedIn = useAuthStore(isLoggedIn);
  useEffect(() => {
    void session.current?.setLoggedIn(loggedIn);
  }, [loggedIn]);
  // A registration on a workspace opens its layers the server refused before (SPEC §6), no reload.
  const registrations = useAuthStore((s) => s.registrations);
  useEffect(() => {
    if (registrations > 0) void session.current?.retryRefused();
  }, [registrations]);
  // An import's suggestions (or features) land in bulk: those layers show again, no reload (issue 15).
  const stale = useMapStore((s) => s.staleLayers);
  useEffect(() => {
    if (stale.seq > 0) void session.current?.reload(stale.layerIds);
  }, [stale]);
}
