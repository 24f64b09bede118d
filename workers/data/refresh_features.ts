// Incremental updates: an accepted change or a new suggestion updates one feature, not the layer.
// The data worker re-reads the few gfids, patches its registry (batch_patch.ts, index box by box),
// forgets the layer's simplified bands and posts only those features to the render port as
// `update` / `remove` messages; the render worker upserts them by id and never reloads the layer.
import type { Feature, FeatureCollection } from 'geojson';
import { isDiffLayerId, isValidLonLat, type GeometryType } from '../../src/model/index.ts';
import { apiHeaders, apiUrl, readWireError } from '../../src/api/http.ts';
import type { RefreshFeaturesRequest, RefreshFeaturesResult } from './protocol.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { packFeatureCollection } from './pack_geojson.ts';
import type { LayerRegistry } from './layer_registry.ts';
import { postBatchPortMessage } from '../batch/transfer.ts';
import type { ZoomBands } from './zoom_bands.ts';
import type { LocalStore } from './local_store.ts';

/** What a layer was shown with (showLayer), so a refresh packs its features the same way. */
export interface ShownLayer {
  workspace: string;
  geometryType?: GeometryType;
  labelProperty?: string;
  categoryProperty?: string;
  searchProperties?: string[];
  /** Names the local database the layer is stored in (SPEC §9). */
  appName?: string;
}

export interface RefreshDeps {
  registry: LayerRegistry;
  /** The local store keeping the layer for offline visits: the edited layer replaces the stored copy. */
  store?: LocalStore;
  bands?: ZoomBands;
  port?: MessagePort;
  shown?: ShownLayer;
}

function headers(req: RefreshFeaturesRequest): Headers {
  return apiHeaders({ appKey: req.appKey, accept: 'application/geo+json, application/json', credentials: req, basicWithSession: true });
}

async function failure(res: Response, what: string): Promise<Error> {
  // The server's error body carries the SPEC §8 text; pass it on unchanged.
  return new Error((await readWireError(res, `${what} ${res.status}`)).message);
}

/** GET /api/features/{gfid}; null when the server has no such feature (404: deleted). */
async function fetchOne(req: RefreshFeaturesRequest, gfid: number): Promise<Feature | null> {
  const res = await fetch(apiUrl(req.apiBase, `/features/${gfid}`), { headers: headers(req) });
  if (res.status === 404) return null;
  if (!res.ok) throw await failure(res, `GET /api/features/${gfid}`);
  const f = (await res.json()) as Feature & { layer?: string };
  return f.layer === undefined || f.layer === req.layerId ? f : null;
}

/**
 * SPEC §5: the server refuses a lookup by gfid on a diff layer, so its features are picked from the
 * layer's list. A `_diff` layer holds only the pending suggestions, so the list is short.
 */
async function fetchFromList(req: RefreshFeaturesRequest, workspace: string, gfids: ReadonlySet<number>): Promise<Feature[]> {
  const q = new URLSearchParams({ workspace, layer: req.layerId, f: 'geojson' });
  const res = await fetch(apiUrl(req.apiBase, `/features?${q}`), { headers: headers(req) });
  if (!res.ok) throw await failure(res, 'GET /api/features');
  const fc = (await res.json()) as FeatureCollection;
  return fc.features.filter((f) => gfids.has(Number(f.id ?? (f.properties as { gfid?: unknown } | null)?.gfid)));
}

let seq = 0;

export async function refreshFeatures(req: RefreshFeaturesRequest, deps: RefreshDeps): Promise<RefreshFeaturesResult> {
  const gfids = [...new Set(req.gfids.filter((g) => Number.isSafeInteger(g) && g > 0))];
  const geometryType = deps.registry.get(req.layerId)?.geometryType ?? deps.shown?.geometryType;
  // A layer that is not shown (a `_diff` layer while logged out, SPEC §4) has nothing to refresh; one
  // still loading does: its load replays the edit over its answer (layer_registry.ts openPatchLog).
  const held = () => deps.registry.get(req.layerId) !== undefined || deps.registry.isLoading(req.layerId);
  if (!held() || !geometryType || !gfids.length) return { updated: [], removed: [] };
  const workspace = req.workspace ?? deps.shown?.workspace;
  if (!workspace) throw new Error(`refreshFeatures: no workspace for ${req.layerId}`);
  const found = isDiffLayerId(req.layerId)
    ? await fetchFromList(req, workspace, new Set(gfids))
    : (await Promise.all(gfids.map((g) => fetchOne(req, g)))).filter((f): f is Feature => f !== null);
  return applyFeatures(req.layerId, gfids, found, deps, geometryType, held);
}

/**
 * Puts `found` into the shown layer by id and takes out the asked-for `ids` that are not among
 * them: the registry, its index, the cached bands, the renderer and the stored copy all change by
 * those features only. The offline outbox draws its queued suggestions through here too.
 */
export function applyFeatures(
  layerId: string,
  ids: readonly number[],
  found: Feature[],
  deps: RefreshDeps,
  geometryType: GeometryType,
  held: () => boolean = () => deps.registry.get(layerId) !== undefined || deps.registry.isLoading(layerId),
): RefreshFeaturesResult {
  const patch = packFeatureCollection(
    { type: 'FeatureCollection', features: found },
    {
      layerId,
      geometryType,
      labelProperty: deps.shown?.labelProperty,
      categoryProperty: deps.shown?.categoryProperty,
      searchProperties: deps.shown?.searchProperties,
      isValidPoint: isValidLonLat, // SPEC §5, as on load
    },
  );
  const kept = new Set(patch.ids);
  const updated = ids.filter((g) => kept.has(g));
  // Not on the server, or nothing drawable left (SPEC §5 out-of-range point): out of the layer.
  const removed = ids.filter((g) => !kept.has(g));
  // A refresh that raced a drop: the registry no longer holds what was asked about.
  if (!held()) return { updated: [], removed: [] };
  const edited = deps.registry.patch(layerId, patch, removed);
  // Still on its first load: nothing drawn to update yet; the load brings the edit with it.
  if (!edited) return { updated, removed };
  // The cached simplified versions hold the old features; bands are made again from the registry.
  deps.bands?.drop(layerId);
  const base = `refresh-${++seq}:${layerId}`;
  let ticket: string | undefined;
  if (patch.count) {
    // The registry copied the patch's features, so its buffers are free to move.
    const batch: FeatureBatch = deps.bands ? deps.bands.forCurrentBand(patch) : patch;
    ticket = `${base}:update`;
    if (deps.port) postBatchPortMessage(deps.port, { type: 'update', layerId, batch, ticket });
  }
  if (removed.length) {
    ticket = `${base}:remove`;
    if (deps.port) postBatchPortMessage(deps.port, { type: 'remove', layerId, ids: removed, ticket });
  }
  // SPEC §1 offline-capable: a later visit without the server shows the edited layer. Not awaited:
  // the store writes the whole layer, and its writes run in order behind any reload's.
  if (edited && deps.store) void deps.store.putLayerBatch(edited).catch((err) => console.warn('local store: edit not saved', err));
  return deps.port && ticket ? { updated, removed, ticket } : { updated, removed };
}
