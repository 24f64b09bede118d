// What the data worker is asked for per layer of an app's configuration (SPEC §4 map load). Pure and
// free of the UI: the map's loads build their requests here, and so does the data worker's own
// start-up (workers/data/start_up.ts, issue 17), so a layer's early fetch is the one the map asks for.
import { featureSearchProperties, GEOMETRY_TYPES, isDiffLayerId, type GeometryType, type Layer } from '../model/index.ts';
import type { ShowLayerRequest } from '../../workers/data/protocol.ts';

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

/** What the data worker is asked to show (or prefetch) for one layer of the config. */
export function showLayerRequest(cfg: Layer, opts: LayerRequestOptions): ShowLayerRequest {
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
