// SPEC §4 "Map load": vector features load per layer, from the local store first and then the
// server (the data worker fetches, packs and stores them, and sends them to the render worker over
// their own channel), then the map fits the combined extent of layers with features and the
// features-loaded flag is set. This module only wires workers together; it never touches a feature.
import type OlMap from 'ol/Map.js';
import {
  FIT_MAX_ZOOM, FIT_PADDING, GEOMETRY_TYPES, isDiffLayerId, type GeometryType, type Layer,
} from '../model/index.ts';
import { getDataWorker } from './dataWorkerClient.ts';
import type { MapRendererHandle, RenderLayerConfig } from './renderWorkerClient.ts';

export interface LoadVectorLayersOptions {
  apiBase: string;
  appKey: string;
  /** Names the local database (SPEC §9). */
  appName?: string;
  signal: AbortSignal;
  /** SPEC §4: `_diff` layers load only for a logged-in user (credentials sent with the request). */
  loggedIn?: boolean;
  authorization?: string;
  sessionId?: string;
  onLayerLoaded: (layerId: string, count: number) => void;
  onLayerFailed: (layerId: string, message: string) => void;
}

/** SPEC §4: diff layers are emptied and not loaded for logged-out users; logged in, they load too. */
export function loadableLayers(layers: readonly Layer[], loggedIn = false): Layer[] {
  return layers.filter(
    (l) =>
      (loggedIn || !isDiffLayerId(l.id)) &&
      (GEOMETRY_TYPES as readonly string[]).includes(l.type) &&
      // SPEC §5: a workspace must be defined to load features.
      !!l.workspace,
  );
}

/** The SPEC §3 layer fields the renderer draws with (style, visibility, zoom range, z-order). */
export function renderLayerConfig(layer: Layer): RenderLayerConfig {
  return {
    id: layer.id,
    geometryType: layer.type as GeometryType,
    strokeColor: layer.strokeColor,
    fillColor: layer.fillColor,
    strokeWidth: layer.strokeWidth,
    visible: layer.visible,
    opacity: layer.opacity,
    minZoom: layer.minZoom,
    maxZoom: layer.maxZoom,
    zIndex: layer.zIndex,
    isDiff: isDiffLayerId(layer.id),
    labels: !!layer.labelAttribute && layer.showLabel !== false,
  };
}

let nextRequest = 0;

/** Shows every vector layer (local store, then server); resolves once each is in the renderer or failed. */
export async function loadVectorLayers(renderer: MapRendererHandle, layers: readonly Layer[], opts: LoadVectorLayersOptions) {
  const worker = getDataWorker();
  const loadable = loadableLayers(layers, opts.loggedIn);
  // SPEC §4: after a logout the diff layers are emptied — gone from the renderer (setLayers) and from
  // the data worker (no hits on them, no zoom-band re-sends).
  const dropped = layers.filter((l) => isDiffLayerId(l.id) && !loadable.includes(l)).map((l) => l.id);
  if (dropped.length) await worker.dropLayers({ layerIds: dropped });
  await renderer.setLayers(loadable.map(renderLayerConfig));
  await Promise.all(
    loadable.map(async (cfg) => {
      const requestId = `load-${++nextRequest}`;
      const cancel = () => void worker.cancel({ requestId });
      opts.signal.addEventListener('abort', cancel, { once: true });
      try {
        const shown = await worker.showLayer({
          apiBase: opts.apiBase,
          appKey: opts.appKey,
          appName: opts.appName,
          workspace: cfg.workspace!,
          layer: cfg.id,
          geometryType: cfg.type as GeometryType,
          labelProperty: cfg.labelAttribute,
          authorization: opts.authorization,
          sessionId: opts.sessionId,
          requestId,
        });
        if (opts.signal.aborted) return;
        // The batch went straight to the render worker; wait until it is in its layer.
        await renderer.batchReceived({ ticket: shown.ticket });
        if (shown.networkError) console.warn(`${cfg.id}: shown from the local store`, shown.networkError);
        opts.onLayerLoaded(cfg.id, shown.count);
      } catch (err) {
        if (!opts.signal.aborted) opts.onLayerFailed(cfg.id, err instanceof Error ? err.message : String(err));
      } finally {
        opts.signal.removeEventListener('abort', cancel);
      }
    }),
  );
}

/** SPEC §4/§9: fit the combined extent of layers with features, padding 40, max zoom 21. */
export async function fitToLayers(map: OlMap, renderer: MapRendererHandle): Promise<void> {
  const view = map.getView();
  const fitted = await renderer.fit({ padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  if (!fitted || !Number.isFinite(fitted.resolution)) return;
  view.setCenter(fitted.center);
  view.setResolution(fitted.resolution);
}
