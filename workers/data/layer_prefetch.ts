// Layer fetches started as soon as the app's configuration is known (SPEC §4 map load; issue 17,
// cold open): the network answer and its decoding start while the shell renders, the map is made and
// the render worker starts, instead of after them. `showLayer` then takes the fetch already under way
// when it asks for the same layer with the same credentials, revalidating the same stored tag; any
// other request fetches as before.
import type { LoadProgress, ShowLayerRequest } from './protocol.ts';
import type { FetchedBatch } from './show_layer.ts';

/**
 * A prefetch nobody took by then (the app moved on, the layer list changed) is forgotten: the map's
 * first load asks within seconds, and an older answer could miss changes made since.
 */
export const PREFETCH_KEEP_MS = 30_000;

/** Starts one layer's fetch: the stored copy's tag to revalidate, progress reports, the answer. */
export type PrefetchLoad = (req: ShowLayerRequest, onProgress: LoadProgress, ifNoneMatch?: string) => Promise<FetchedBatch>;

interface Prefetch {
  /** Which layer of which app it fetches (what a request with other credentials would share). */
  layer: string;
  /** Cancels the fetch (loadBatch's request id). */
  requestId: string;
  /** Dropped before its fetch started (the tag was still being read): it never starts. */
  dropped?: boolean;
  /** The stored copy's tag the fetch revalidates (undefined: none stored, a full fetch). */
  etag: Promise<string | undefined>;
  fetched: Promise<FetchedBatch>;
  /** Where progress goes once a showLayer took the fetch (reports before that are dropped). */
  progress: { to?: LoadProgress };
}

const layerOf = (r: ShowLayerRequest) => JSON.stringify([r.apiBase, r.appKey, r.appName, r.workspace, r.layer]);

/** What must be equal for a fetch to serve a showLayer: everything but the request id. */
const keyOf = (r: ShowLayerRequest) =>
  JSON.stringify([
    layerOf(r),
    r.format ?? 'fgb',
    r.geometryType,
    r.labelProperty,
    r.categoryProperty,
    r.searchProperties,
    r.authorization,
    r.sessionId,
  ]);

export class LayerPrefetches {
  private readonly started = new Map<string, Prefetch>();
  private count = 0;

  constructor(
    private readonly load: PrefetchLoad,
    /** The stored copy's ETag of a layer, read before fetching (as showLayer revalidates it). */
    private readonly storedEtag: (req: ShowLayerRequest) => Promise<string | undefined>,
    /** Stops a fetch nobody will take (loadBatch's cancel by request id). */
    private readonly cancel: (requestId: string) => void,
  ) {}

  /** Starts each layer's fetch unless one for the same request is under way. */
  start(requests: readonly ShowLayerRequest[]): void {
    for (const req of requests) {
      const key = keyOf(req);
      if (this.started.has(key)) continue;
      const progress: Prefetch['progress'] = {};
      const requestId = `prefetch-${++this.count}`;
      const etag = this.storedEtag(req).catch(() => undefined);
      const entry: Prefetch = { layer: layerOf(req), requestId, etag, fetched: Promise.resolve({ notModified: true }), progress };
      entry.fetched = etag.then((tag) => {
        if (entry.dropped) throw new DOMException('Prefetch dropped', 'AbortError');
        return this.load({ ...req, requestId }, (...report) => progress.to?.(...report), tag);
      });
      // Its failure is the taker's to report (the stored copy then stays on screen); untaken, nobody's.
      entry.fetched.catch(() => undefined);
      this.started.set(key, entry);
      setTimeout(() => this.started.get(key) === entry && this.drop(key, entry), PREFETCH_KEEP_MS);
    }
  }

  /**
   * The fetch under way for `req` when it revalidates the same tag (`ifNoneMatch`), with its progress
   * sent to `onProgress` from now on; undefined when there is none to take. Each is taken once.
   */
  async take(
    req: ShowLayerRequest,
    ifNoneMatch: string | undefined,
    onProgress?: LoadProgress,
  ): Promise<{ fetched: Promise<FetchedBatch> } | undefined> {
    const key = keyOf(req);
    const entry = this.started.get(key);
    // Another fetch of the layer (the user signed in or out meanwhile) will not be taken: stopped,
    // so the layer is not downloaded twice.
    for (const [other, prefetch] of this.started) {
      if (other !== key && prefetch.layer === layerOf(req)) this.drop(other, prefetch);
    }
    if (!entry) return undefined;
    this.started.delete(key);
    if ((await entry.etag) !== ifNoneMatch) {
      this.drop(key, entry);
      return undefined;
    }
    entry.progress.to = onProgress;
    return { fetched: entry.fetched };
  }

  private drop(key: string, entry: Prefetch): void {
    this.started.delete(key);
    entry.dropped = true;
    this.cancel(entry.requestId);
  }
}
