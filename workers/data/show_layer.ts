// SPEC §4 "Map load", for one layer: features from the local store first (a second visit draws
// before the network answers), then from the server; each version goes to the render worker over
// its port, is kept for hit testing, and the server's answer replaces the stored copy. With the
// server unreachable the stored copy stays on screen (SPEC §1: offline-capable). With `bands`, lines
// and polygons reach the renderer simplified for the current zoom band (zoom_bands.ts), first load too.
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { postBatchPortMessage } from '../batch/transfer.ts';
import type { ShowLayerRequest, ShowLayerResult } from './protocol.ts';
import type { LocalStore } from './local_store.ts';
import { cloneBatch, replayPatchLog, type LayerRegistry, type PatchLog } from './layer_registry.ts';
import type { ZoomBands } from './zoom_bands.ts';

/** The server's answer: the layer with its ETag, or "not modified" when the stored copy's tag still holds. */
export type FetchedBatch = { batch: FeatureBatch; etag: string | null } | { notModified: true };

export interface ShowLayerDeps {
  registry: LayerRegistry;
  /** The render worker's port; without one nothing is drawn, but hit testing still works. */
  port?: MessagePort;
  /** The app's open store: the stored copy is read first, and the server's answer written to it. */
  store?: LocalStore;
  /**
   * Instead of `store`, on a first visit: the new database, not made yet, with nothing to read. The
   * answer is drawn without waiting for it (creating it took ≈ 3.5 s of a pinned cold open at 135k,
   * and a creation that never finished left the map empty; issue 17) and `writeLater` writes it once
   * the database is made (data.worker.ts NEW_STORE_LATEST_MS).
   */
  writeLater?: (write: (store: LocalStore) => Promise<void>) => Promise<void>;
  /** Fetches the layer; with `ifNoneMatch` (the stored copy's ETag) the server may answer 304. */
  fetchBatch: (ifNoneMatch?: string) => Promise<FetchedBatch>;
  /** Sends the current zoom band's version instead of the batch itself. */
  bands?: ZoomBands;
}

async function deliver(deps: ShowLayerDeps, batch: FeatureBatch, ticket: string): Promise<void> {
  deps.registry.set(batch);
  if (deps.bands) {
    await deps.bands.post(batch.layerId, ticket, true);
    return;
  }
  if (!deps.port) return;
  // The registry keeps the original for hit testing; the renderer gets its own buffers, moved.
  const copy = cloneBatch(batch);
  postBatchPortMessage(deps.port, { type: 'batch', batch: copy, ticket });
}

/** No answer at all (network error, time-out) or a server fault: not a refusal of this user. */
function serverUnreachable(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
}

export async function showLayer(req: ShowLayerRequest, deps: ShowLayerDeps): Promise<ShowLayerResult> {
  const log = deps.registry.openPatchLog(req.layer);
  try {
    return await showLogged(req, deps, log);
  } finally {
    deps.registry.closePatchLog(req.layer, log);
  }
}

async function showLogged(req: ShowLayerRequest, deps: ShowLayerDeps, log: PatchLog): Promise<ShowLayerResult> {
  const base = req.requestId ?? `show-${req.layer}`;
  const stored = await deps.store?.getLayerBatch(req.layer).catch(() => undefined);
  // Not awaited: the fetch starts while the stored copy simplifies; a server answer that lands
  // first replaces it in the registry, and the stale local version is then never posted.
  const local = stored
    ? deliver(deps, stored.batch, `${base}:local`).catch((err) => console.warn('stored layer not shown', err))
    : undefined;
  let fetched: FetchedBatch;
  try {
    // A stored copy with its ETag is revalidated: an unchanged layer costs a 304, no body (issue 15).
    fetched = await deps.fetchBatch(stored?.etag ?? undefined);
  } catch (err) {
    if (!stored) throw err;
    await local;
    return {
      layerId: req.layer,
      count: stored.batch.count,
      source: 'local',
      ticket: `${base}:local`,
      networkError: err instanceof Error ? err.message : String(err),
      unreachable: serverUnreachable(err),
    };
  }
  if ('notModified' in fetched) {
    // The stored copy is the server's current one: it stays, with any edit refreshed meanwhile.
    await local;
    if (!stored || log.edits.length === 0)
      return { layerId: req.layer, count: stored?.batch.count ?? 0, source: 'network', ticket: `${base}:local` };
    fetched = { batch: stored.batch, etag: stored.etag };
  }
  // Edits refreshed while the request was out are made again over its answer (layer_registry.ts).
  const batch = replayPatchLog(fetched.batch, log);
  // Delivered first, stored after (issue 17): the renderer builds its buffers while wa-sqlite
  // writes, so the first features are drawn before the write finishes. The write is queued now, or
  // as soon as a new store opens (the store runs its calls in order, and a later edit's write, which
  // waits for the same open, still lands after it), and not awaited: nothing on screen waits for
  // it. Delivering moves a copy, never the batch itself, so the write reads intact arrays. The tag is kept only for the server's own answer: an edited copy is not
  // what the tag names.
  const etag = batch === fetched.batch ? fetched.etag : null;
  const delivered = deliver(deps, batch, `${base}:network`);
  const write = deps.store ? deps.store.putLayerBatch(batch, { etag }) : deps.writeLater?.((store) => store.putLayerBatch(batch, { etag }));
  void write?.catch((err) => console.warn('local store: layer not saved', err));
  await delivered;
  return { layerId: req.layer, count: batch.count, source: 'network', ticket: `${base}:network` };
}
