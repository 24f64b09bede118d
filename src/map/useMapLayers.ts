// React glue between the app config and the map (SPEC §4 map load): base maps and WMS overlays on
// the main-thread OL map, vector layers through the data worker into the render worker. Kept out of MapView so the
// component stays a thin shell.
import { useEffect, useRef } from 'react';
import type OlMap from 'ol/Map.js';
import type BaseLayer from 'ol/layer/Base.js';
import type { AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/mapStore.ts';
import { isLoggedIn, useAuthStore } from '../state/authStore.ts';
import { useLayerStatusStore } from '../state/layerStatus.ts';
import { createConfiguredBaseLayer } from './baseLayers.ts';
import { createWmsOverlay } from './wmsOverlays.ts';
import { fitToLayers, loadVectorLayers, switchDiffLayers, type LoadVectorLayersOptions } from './loadVectorLayers.ts';
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

  // The vector layers of this app and config, loaded once; a login or logout then only switches the
  // diff layers (below). Steps run one after another on `session.queue`, so a login during the first
  // load waits for it rather than racing its layer list.
  const session = useRef<LoadSession | undefined>(undefined);
  useEffect(() => {
    if (!map || !renderer || !config) return;
    const ctl = new AbortController();
    const loggedIn = isLoggedIn(useAuthStore.getState());
    const current: LoadSession = { loggedIn, signal: ctl.signal, queue: Promise.resolve(), failed: new Set(), withCredentials: new Set() };
    session.current = current;
    useMapStore.getState().startLoading();
    current.queue = (async () => {
      await loadVectorLayers(renderer, config.layersConfig, loadOptions(current));
      if (ctl.signal.aborted) return;
      await fitToLayers(map, renderer);
      // The flag waits for the worker to have drawn every layer's buffers (SPEC §4 features-loaded).
      await renderer.idle();
      if (!ctl.signal.aborted) useMapStore.getState().finishLoading();
    })().catch((err) => console.warn('layers not loaded', err));
    return () => {
      ctl.abort();
      if (session.current === current) session.current = undefined;
      // Emptied so a new config or key never shows the previous app's features.
      void renderer.setLayers([]).catch(() => undefined);
    };
  }, [map, renderer, appKey, config, apiBase]);

  // SPEC §4: logging in loads the diff layers, logging out empties them; the view stays where it is.
  const loggedIn = useAuthStore(isLoggedIn);
  useEffect(() => {
    const current = session.current;
    if (!renderer || !config || !current || current.loggedIn === loggedIn) return;
    current.loggedIn = loggedIn;
    current.queue = current.queue.then(async () => {
      if (current.signal.aborted) return;
      useMapStore.getState().resumeLoading();
      // A login retries the layers that failed for the visitor (a workspace closed to visitors, SPEC §6);
      // the logout empties them again, so a visitor never sees what the server refuses visitors.
      const retry = loggedIn ? new Set(current.failed) : undefined;
      const hide = loggedIn ? undefined : current.withCredentials;
      const dropped = await switchDiffLayers(renderer, config.layersConfig, loadOptions(current), { retry, hide });
      if (retry) current.withCredentials = new Set([...retry].filter((id) => !current.failed.has(id)));
      else {
        for (const id of current.withCredentials) current.failed.add(id);
        current.withCredentials = new Set();
      }
      useMapStore.getState().forgetLayers(dropped);
      await renderer.idle();
      if (!current.signal.aborted) useMapStore.getState().finishLoading();
    }).catch((err) => console.warn('diff layers not switched', err));
  }, [renderer, config, loggedIn]);

  function loadOptions(current: LoadSession): LoadVectorLayersOptions {
    // Credentials as they are now: a diff layer is only visible with them (SPEC §4, §7).
    const { authorization, sessionId } = useAuthStore.getState();
    return {
      apiBase,
      appKey,
      appName: config?.appName,
      signal: current.signal,
      loggedIn: current.loggedIn,
      authorization: current.loggedIn ? authorization ?? undefined : undefined,
      sessionId: current.loggedIn ? sessionId ?? undefined : undefined,
      onLayerLoaded: (id, n) => {
        current.failed.delete(id);
        useMapStore.getState().setLayerCount(id, n);
      },
      onLayerFailed: (id, message) => {
        current.failed.add(id);
        useMapStore.getState().setLayerError(`${id}: ${message}`);
      },
    };
  }
}

/** One load of an app's vector layers: whose they are now, and the steps still to run. */
interface LoadSession {
  loggedIn: boolean;
  signal: AbortSignal;
  queue: Promise<void>;
  /** Layers whose last load failed. */
  failed: Set<string>;
  /** Layers that loaded only once logged in (failed for the visitor). */
  withCredentials: Set<string>;
}
