// SPEC §4 "Map load": vector features load per layer, from the local store first and then the
// server (the data worker fetches, packs and stores them, and sends them to the render worker over
// their own channel), then the map fits the combined extent of layers with features and the
// features-loaded flag is set. This module only wires workers together; it never touches a feature.
import { markServerReachable } from '../pwa/connectivity.ts';
import type OlMap from 'ol/Map.js';
import {
  featureSearchProperties,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  GEOMETRY_TYPES,
  isDiffLayerId,
  type GeometryType,
  type Layer,
} from '../model/index.ts';
import type { DataWorkerApi, ShowLayerRequest } from '../../workers/data/protocol.ts';
import { PALETTE } from '../ui/palette.ts';
import type { MapRendererHandle, RenderLayerConfig } from './render_worker_client.ts';

/** The data worker's calls a load makes (getDataWorker() in the app, a fake in node tests). */
export type LayerWorker = Pick<DataWorkerApi, 'showLayer' | 'dropLayers' | 'cancel' | 'layersStored' | 'prepareLayers'>;
/** The renderer's calls a load makes. */
export type LayerRenderer = Pick<MapRendererHandle, 'setLayers' | 'batchReceived' | 'idle' | 'fit'>;

/** Who asks for the layers of which app: what a layer request carries besides the layer. */
export interface LayerRequestOptions {
  apiBase: string;
  appKey: string;
  /** Names the local database (SPEC §9). */
  appName?: string;
  /** SPEC §4: `_diff` layers load only for a logged-in user (credentials sent with the request). */
  loggedIn?: boolean;
  authorization?: string;
  sessionId?: string;
}

export interface LoadVectorLayersOptions extends LayerRequestOptions {
  worker: LayerWorker;
  signal: AbortSignal;
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

/** How pending suggestions are told from the originals: as the comparison draws a suggestion (orange). */
export const PENDING_STYLE = { fillColor: PALETTE.suggestion, strokeColor: PALETTE.pendingOutline } as const;

/** The SPEC §3 layer fields the renderer draws with (style, visibility, zoom range, z-order). */
export function renderLayerConfig(layer: Layer): RenderLayerConfig {
  const pending = isDiffLayerId(layer.id);
  return {
    id: layer.id,
    geometryType: layer.type as GeometryType,
    strokeColor: pending ? PENDING_STYLE.strokeColor : layer.strokeColor,
    fillColor: pending ? PENDING_STYLE.fillColor : layer.fillColor,
    strokeWidth: layer.strokeWidth,
    visible: layer.visible,
    opacity: layer.opacity,
    minZoom: layer.minZoom,
    maxZoom: layer.maxZoom,
    zIndex: layer.zIndex,
    isDiff: pending,
    labels: !!layer.labelAttribute && layer.showLabel !== false,
  };
}

let nextRequest = 0;

/**
 * Puts the renderer's layer list in step with who is logged in, emptying the diff layers after a
 * logout (SPEC §4) and the `hidden` ones — gone from the renderer and from the data worker (no hits
 * on them, no zoom-band re-sends). Layers still listed keep what they hold. Returns the layers that
 * load and the ids of those emptied.
 */
async function syncLayers(
  renderer: LayerRenderer,
  worker: LayerWorker,
  layers: readonly Layer[],
  loggedIn: boolean | undefined,
  hidden: ReadonlySet<string> = new Set(),
) {
  const loadable = loadableLayers(layers, loggedIn).filter((l) => !hidden.has(l.id));
  const dropped = layers.filter((l) => (isDiffLayerId(l.id) || hidden.has(l.id)) && !loadable.includes(l)).map((l) => l.id);
  if (dropped.length) await worker.dropLayers({ layerIds: dropped });
  await renderer.setLayers(loadable.map(renderLayerConfig));
  return { loadable, dropped };
}

/** What the data worker is asked to show (or prefetch) for one layer of the config. */
function showLayerRequest(cfg: Layer, opts: LayerRequestOptions): ShowLayerRequest {
  return {
    apiBase: opts.apiBase,
    appKey: opts.appKey,
    appName: opts.appName,
    workspace: cfg.workspace!,
    layer: cfg.id,
    geometryType: cfg.type as GeometryType,
    labelProperty: cfg.labelAttribute,
    // SPEC §9 category icons: points only.
    categoryProperty: cfg.type === 'Point' ? cfg.categoryProperty : undefined,
    // SPEC §2 search over the originals; pending suggestions are not search results.
    searchProperties: isDiffLayerId(cfg.id) ? undefined : featureSearchProperties(cfg),
    authorization: opts.authorization,
    sessionId: opts.sessionId,
  };
}

/**
 * Starts fetching every layer the first load will show, as soon as the configuration is known (issue
 * 17, cold open): the answers arrive and decode while the map and the render worker start, and the
 * load takes them (workers/data/layer_prefetch.ts).
 */
export function prefetchVectorLayers(worker: Pick<DataWorkerApi, 'prefetchLayers'>, layers: readonly Layer[], opts: LayerRequestOptions) {
  const requests = loadableLayers(layers, opts.loggedIn).map((cfg) => showLayerRequest(cfg, opts));
  if (requests.length) void worker.prefetchLayers({ requests }).catch((err) => console.warn('layers not prefetched', err));
}

/** Shows the layers (local store, then server); resolves once each is in the renderer or failed. */
async function showLayers(renderer: LayerRenderer, layers: readonly Layer[], opts: LoadVectorLayersOptions) {
  const { worker } = opts;
  await Promise.all(
    layers.map(async (cfg) => {
      const requestId = `load-${++nextRequest}`;
      const cancel = () => void worker.cancel({ requestId });
      opts.signal.addEventListener('abort', cancel, { once: true });
      try {
        const shown = await worker.showLayer({ ...showLayerRequest(cfg, opts), requestId });
        if (opts.signal.aborted) return;
        // The batch went straight to the render worker; wait until it is in its layer.
        await renderer.batchReceived({ ticket: shown.ticket });
        if (shown.networkError) console.warn(`${cfg.id}: shown from the local store`, shown.networkError);
        // The phone may say "online" while the server is down: the offline notice says what is true.
        if (shown.unreachable) markServerReachable(false);
        opts.onLayerLoaded(cfg.id, shown.count);
      } catch (err) {
        if (!opts.signal.aborted) opts.onLayerFailed(cfg.id, err instanceof Error ? err.message : String(err));
      } finally {
        opts.signal.removeEventListener('abort', cancel);
      }
    }),
  );
}

/** Shows every vector layer the user may see (the map's first load, or a new app or config). */
export async function loadVectorLayers(renderer: LayerRenderer, layers: readonly Layer[], opts: LoadVectorLayersOptions) {
  const { loadable } = await syncLayers(renderer, opts.worker, layers, opts.loggedIn);
  await showLayers(renderer, loadable, opts);
}

/**
 * Shows again those of `layerIds` the user may see (an import changed them in bulk): the stored copy,
 * then the server's, revalidated by its ETag. The other layers stay as drawn. Returns the ids shown.
 */
export async function reloadLayers(
  renderer: LayerRenderer,
  layers: readonly Layer[],
  layerIds: readonly string[],
  opts: LoadVectorLayersOptions,
) {
  const shown = loadableLayers(layers, opts.loggedIn).filter((l) => layerIds.includes(l.id));
  await showLayers(renderer, shown, opts);
  return shown.map((l) => l.id);
}

/** What a login or logout changes besides the diff layers (switchDiffLayers). */
export interface LayerSwitch {
  /** Layers that failed before, loaded again with the new credentials (a login). */
  retry?: ReadonlySet<string>;
  /** Layers emptied like the diff layers (a logout: those only the credentials could read). */
  hide?: ReadonlySet<string>;
}

/**
 * SPEC §4 after a login or logout: only the diff layers load or empty. The other layers, the same
 * for everyone, stay as they are drawn — a field crew logging in does not re-download its data —
 * except those `change` names: a workspace closed to visitors (SPEC §6) loads after the login and is
 * emptied again at the logout. Returns the ids of the layers emptied.
 */
export async function switchDiffLayers(
  renderer: LayerRenderer,
  layers: readonly Layer[],
  opts: LoadVectorLayersOptions,
  change: LayerSwitch = {},
) {
  const { loadable, dropped } = await syncLayers(renderer, opts.worker, layers, opts.loggedIn, change.hide);
  await showLayers(
    renderer,
    loadable.filter((l) => isDiffLayerId(l.id) || change.retry?.has(l.id)),
    opts,
  );
  return dropped;
}

/** SPEC §4/§9: fit the combined extent of layers with features, padding 40, max zoom 21; false when nothing had an extent. */
export async function fitToLayers(map: OlMap, renderer: LayerRenderer): Promise<boolean> {
  const view = map.getView();
  const fitted = await renderer.fit({ padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  if (!fitted || !Number.isFinite(fitted.resolution)) return false;
  view.setCenter(fitted.center);
  view.setResolution(fitted.resolution);
  return true;
}
