// Data worker entry (DESIGN.md: "the UI asks, workers do"). Fetching and packing features happen
// here so the main thread only receives transferable typed arrays.
import '../../src/zod_without_eval.ts';
import { expose, releaseProxy } from 'comlink';
import type { FeatureCollection } from 'geojson';
import type { DataWorkerApi, LoadLayerRequest, LoadProgress, ShowLayerRequest } from './protocol.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { packFeatureCollection, type PackOptions } from './pack_geojson.ts';
import { decodeFlatGeobufStream } from './fgb_decode.ts';
import { baseLayerId, isDiffLayerId, isValidLonLat, SEARCH_RESULTS_PER_LAYER, SERVER_TIMEOUT_MS } from '../../src/model/index.ts';
import { apiHeaders, apiUrl, readWireError } from '../../src/api/http.ts';
import { transferBatch } from '../batch/transfer.ts';
import { groupChanges } from './review.ts';
import { LayerRegistry } from './layer_registry.ts';
import { dbNameFor, localStoreCertainlyEmpty, openLocalStore, type LocalStore } from './local_store.ts';
import { type FetchedBatch, showLayer, type ShowLayerDeps } from './show_layer.ts';
import { LayerPrefetches } from './layer_prefetch.ts';
import { ZoomBands } from './zoom_bands.ts';
import { refreshFeatures, type RefreshDeps, type ShownLayer } from './refresh_features.ts';
import { getFeatureRecord, OutboxStore, putFeatureRecord } from './outbox_store.ts';
import { replayOutbox } from './outbox_replay.ts';
import { drawQueued, forgetQueued } from './outbox_map.ts';
import { appendTrackPoints, clearTrack, readTrack, setTrackPhase, startTrack } from './track_store.ts';
import { buildRoadGraph, findRoute, type RoadGraph } from './road_graph.ts';

const inFlight = new Map<string, AbortController>();
const FGB_MIME = 'application/flatgeobuf';

async function fetchLayer(req: LoadLayerRequest, signal: AbortSignal, ifNoneMatch?: string): Promise<Response> {
  const fgb = (req.format ?? 'fgb') === 'fgb';
  const q = new URLSearchParams({ workspace: req.workspace, layer: req.layer });
  if (fgb) q.set('f', 'fgb');
  const headers = apiHeaders({
    appKey: req.appKey,
    accept: fgb ? `${FGB_MIME}, application/geo+json;q=0.5` : 'application/geo+json, application/json',
    credentials: req,
    basicWithSession: true,
  });
  // Set by us, the header reaches the server and its 304 reaches us (the browser's cache stays out of it).
  if (ifNoneMatch) headers.set('if-none-match', ifNoneMatch);
  // A server that never answers must not keep the stored copy off screen: the headers must come
  // within SPEC §9's time-out (the body of a large layer may then take as long as it takes).
  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new DOMException('The server did not answer in time.', 'TimeoutError')), SERVER_TIMEOUT_MS);
  const res = await fetch(apiUrl(req.apiBase, `/features?${q}`), { headers, signal: AbortSignal.any([signal, timer.signal]) }).finally(() =>
    clearTimeout(timeout),
  );
  if (!res.ok && res.status !== 304) {
    // The server's error body carries the SPEC §8 text; pass it on unchanged.
    const { status, message } = await readWireError(res, `GET /api/features ${res.status}`);
    throw Object.assign(new Error(message), { status });
  }
  return res;
}

async function decode(res: Response, opts: PackOptions, onProgress?: LoadProgress): Promise<FeatureBatch> {
  if (res.body && (res.headers.get('content-type') ?? '').startsWith(FGB_MIME)) {
    return decodeFlatGeobufStream(res.body, { ...opts, onProgress });
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  const batch = packFeatureCollection(JSON.parse(new TextDecoder().decode(bytes)) as FeatureCollection, opts);
  onProgress?.(batch.count, batch.count, bytes.length);
  return batch;
}

/**
 * Fetches and decodes one layer, cancellable by its requestId; progress reports arrive before the
 * batch. With `ifNoneMatch`, a 304 answers "not modified" and nothing is decoded.
 */
async function loadBatch(req: LoadLayerRequest, onProgress?: LoadProgress, ifNoneMatch?: string): Promise<FetchedBatch> {
  const ctl = new AbortController();
  if (req.requestId) inFlight.set(req.requestId, ctl);
  // Progress crosses on the proxy's own port and the batch on the worker's: wait for the last
  // report so the caller never sees the batch before the final progress.
  let lastReport: unknown;
  const report: LoadProgress | undefined = onProgress && ((...args) => void (lastReport = onProgress(...args)));
  try {
    const res = await fetchLayer(req, ctl.signal, ifNoneMatch);
    if (res.status === 304) return { notModified: true };
    const batch = await decode(
      res,
      {
        layerId: req.layer,
        geometryType: req.geometryType,
        labelProperty: req.labelProperty,
        categoryProperty: req.categoryProperty,
        searchProperties: req.searchProperties,
        // SPEC §5: the model's rule, applied per vertex so no feature objects are rebuilt.
        isValidPoint: isValidLonLat,
      },
      report,
    );
    await Promise.resolve(lastReport).catch(() => undefined);
    return { batch, etag: res.headers.get('etag') };
  } finally {
    if (req.requestId) inFlight.delete(req.requestId);
    // A comlink proxy holds a MessagePort until released; a plain function has no such member.
    (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
  }
}

const registry = new LayerRegistry();
let rendererPort: MessagePort | undefined;
const bands = new ZoomBands({ registry, port: () => rendererPort });
/** One app's local database in this worker (SPEC §9: one per app). */
interface AppStore {
  /** It held nothing when this worker first asked (a first visit): asked before the open creates it. */
  isNew: Promise<boolean>;
  /** Opens the store (creating and migrating it) on the first call; undefined where the browser has no storage. */
  store(): Promise<LocalStore | undefined>;
  /** Whether store() was called: until then a new database has nothing to read. */
  started: boolean;
  /** The store once something has opened it: a first visit's layer writes wait here without opening it. */
  opened: Promise<LocalStore | undefined>;
  /** Whether the open has finished (made, migrated, or found unavailable). */
  open: boolean;
  /** Writes waiting for the database to be made (writeOnceCreated): layersStored waits for them too. */
  waiting: Set<Promise<void>>;
}
const stores = new Map<string, AppStore>();
/** How each layer was shown, so refreshFeatures packs its features alike. */
const shownLayers = new Map<string, ShownLayer>();

/**
 * Issue 17: on a first visit the new databases are created once the map has drawn its first load
 * (`layersStored`) or once the user writes something (a suggestion, a setting, a track), not while
 * the map is still drawing: creating them and writing the layers then cost ≈ 1.1 s of a pinned cold
 * open of 135k cities (4.7 → 3.6 s, median of 4, `repeat_opens.ts` A/B). The writes nothing waits
 * for (the layers, the app's configuration) wait for that; at the latest this long, then it is made anyway.
 */
const NEW_STORE_LATEST_MS = 10_000;

function appStore(appName?: string): AppStore {
  const name = dbNameFor(appName);
  const known = stores.get(name);
  if (known) return known;
  const isNew = localStoreCertainlyEmpty(appName).catch(() => false);
  let opening: Promise<LocalStore | undefined> | undefined;
  let markOpened: (store: Promise<LocalStore | undefined>) => void = () => {};
  const entry: AppStore = {
    isNew,
    started: false,
    open: false,
    waiting: new Set(),
    opened: new Promise((resolve) => {
      markOpened = resolve;
    }),
    store() {
      if (!opening) {
        entry.started = true;
        opening = isNew
          .then(() => openLocalStore({ appName }))
          .catch((err) => {
            console.warn('local store unavailable', err);
            return undefined;
          });
        void opening.then(() => {
          entry.open = true;
        });
        markOpened(opening);
      }
      return opening;
    },
  };
  stores.set(name, entry);
  // A database that may hold something is opened at once: the open reads its layers first.
  void isNew.then((fresh) => {
    if (!fresh) void entry.store();
  });
  return entry;
}

/** SPEC §9: one local database per app; a browser without storage still shows the map from the network. */
function storeFor(appName?: string): Promise<LocalStore | undefined> {
  return appStore(appName).store();
}

/** A new database that nothing has opened yet holds nothing to read: reads answer without creating it. */
async function nothingStoredYet(appName?: string): Promise<boolean> {
  const entry = appStore(appName);
  return !entry.started && (await entry.isNew) && !entry.started;
}

/**
 * A write nothing waits for: to a new database nothing has opened, it runs once the database is made
 * (layersStored, another write, or NEW_STORE_LATEST_MS from now); to any other, at once.
 */
function writeOnceCreated(appName: string | undefined, write: (store: LocalStore) => Promise<void>): Promise<void> {
  const entry = appStore(appName);
  const done = (async () => {
    if (!entry.started && (await entry.isNew)) setTimeout(() => void entry.store(), NEW_STORE_LATEST_MS); // store() opens once
    const store = await entry.opened;
    if (store) await write(store);
  })();
  entry.waiting.add(done);
  const forget = () => void entry.waiting.delete(done);
  done.then(forget, forget);
  return done;
}

/** The store to read from; none while nothing is stored yet. */
async function storeToRead(appName?: string): Promise<LocalStore | undefined> {
  return (await nothingStoredYet(appName)) ? undefined : storeFor(appName);
}

/** The queued suggestions of the app (of `owner`, or everyone's). */
async function outboxItems(appName?: string, owner?: string) {
  return (await nothingStoredYet(appName)) ? [] : (await outboxFor(appName)).list(owner);
}

/**
 * The store a showLayer reads and writes: the app's, once open. On a first visit, until the new
 * database is created and open, there is nothing to read and the layer is not held up by it (show_layer.ts).
 */
async function storeForShow(appName?: string): Promise<Pick<ShowLayerDeps, 'store' | 'writeLater'>> {
  const entry = appStore(appName);
  if (!entry.open && (await entry.isNew)) return { writeLater: (write) => writeOnceCreated(appName, write) };
  return { store: await entry.store() };
}

/** The outbox of the app's local database; a browser without storage has none (suggestions then need the server). */
async function outboxFor(appName?: string): Promise<OutboxStore> {
  const local = await storeFor(appName);
  if (!local) throw new Error('local store unavailable');
  return new OutboxStore(local);
}

function refreshDeps(layerId: string, store?: LocalStore): RefreshDeps {
  return { registry, bands, port: rendererPort, shown: shownLayers.get(layerId), store };
}

/** Every shown `_diff` layer of the app shows its queued suggestions (outbox_map.ts). */
async function redrawQueued(appName?: string, only?: string): Promise<void> {
  const items = await outboxItems(appName);
  const shownDiffBases = [...shownLayers.keys()].filter((id) => isDiffLayerId(id) && (!only || id === only)).map(baseLayerId);
  drawQueued(items, shownDiffBases, (layerId) => refreshDeps(layerId));
}

/** Layer fetches started from the app's configuration, before the map asked (layer_prefetch.ts). */
const prefetches = new LayerPrefetches(
  (req, onProgress, ifNoneMatch) => loadBatch(req, onProgress, ifNoneMatch),
  async (req) => {
    // A first visit has no database yet: nothing to revalidate, so the fetch does not wait for the
    // store to be created and migrated (issue 17, cold open). showLayer then finds no tag either.
    const { isNew, store } = appStore(req.appName);
    if (await isNew) return undefined;
    const local = await store();
    const etag = local?.getLayerEtag(req.layer);
    // Read while the map and its render worker start, for the map's first load of the layer to draw at
    // once (local_store.ts); a layer already shown is not read again. Queued in a later task, after
    // every prefetched layer's tag (they start together), so no revalidation waits behind a read.
    if (local) setTimeout(() => shownLayers.has(req.layer) || local.readLayerBatchAhead(req.layer), 0);
    return (await etag) ?? undefined;
  },
  (requestId) => inFlight.get(requestId)?.abort(),
);

/** The fetch a prefetch has under way for `req`, else a new one; a taken one reports to `onProgress`. */
async function fetchForShow(req: ShowLayerRequest, onProgress: LoadProgress | undefined, ifNoneMatch?: string): Promise<FetchedBatch> {
  const taken = await prefetches.take(req, ifNoneMatch, onProgress);
  if (!taken) return loadBatch(req, onProgress, ifNoneMatch);
  try {
    return await taken.fetched;
  } finally {
    (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy]?.();
  }
}

/** The road graph and the batches it was built from: a reload or an edit of a road layer gives a new batch object. */
let roads: { from: FeatureBatch[]; graph: RoadGraph } | undefined;

function roadGraph(layerIds: readonly string[]): RoadGraph {
  const batches = layerIds.map((id) => registry.get(id)).filter((b): b is FeatureBatch => b !== undefined);
  const same = roads && roads.from.length === batches.length && roads.from.every((b, i) => b === batches[i]);
  if (!same) roads = { from: batches, graph: buildRoadGraph(batches) };
  return roads!.graph;
}

/** One replay at a time per database: two would send the same item twice (harmless, but wasteful). */
const replays = new Map<string, ReturnType<typeof replayOutbox>>();

const api: DataWorkerApi = {
  async loadLayer(req, onProgress) {
    const fetched = await loadBatch(req, onProgress);
    if ('notModified' in fetched) throw new Error('unexpected 304'); // no tag was sent
    return transferBatch(fetched.batch);
  },
  async prefetchLayers({ requests }) {
    prefetches.start(requests);
  },
  async connectRenderer({ port }) {
    rendererPort?.close();
    rendererPort = port;
  },
  async showLayer(req, onProgress) {
    shownLayers.set(req.layer, {
      workspace: req.workspace,
      geometryType: req.geometryType,
      labelProperty: req.labelProperty,
      categoryProperty: req.categoryProperty,
      searchProperties: req.searchProperties,
      appName: req.appName,
    });
    const storage = await storeForShow(req.appName);
    const shown = await showLayer(req, {
      registry,
      port: rendererPort,
      ...storage,
      fetchBatch: (ifNoneMatch) => fetchForShow(req, onProgress, ifNoneMatch),
      bands,
    });
    if (isDiffLayerId(req.layer)) {
      // The load replaced the layer's features: the queued suggestions are drawn over it again
      // (a new database, still being created, has none to wait for).
      forgetQueued(req.layer);
      const redrawn = redrawQueued(req.appName, req.layer).catch((err) => console.warn('queued suggestions not drawn', err));
      if (storage.store) await redrawn;
    }
    return shown;
  },
  async refreshFeatures(req) {
    const shown = shownLayers.get(req.layerId);
    const store = shown ? await storeFor(shown.appName) : undefined;
    return refreshFeatures(req, refreshDeps(req.layerId, store));
  },
  async prepareLayers() {
    registry.prepare();
  },
  async hostTimeZone() {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  },
  async prepareSearch() {
    registry.prepareSearches();
  },
  async hitTest({ layerIds, ...query }) {
    return registry.hitTest(query, layerIds);
  },
  async setZoom({ zoom }) {
    return bands.setZoom(zoom);
  },
  async dropLayers({ layerIds }) {
    for (const id of layerIds) {
      registry.delete(id);
      bands.drop(id);
      shownLayers.delete(id);
    }
  },
  async layersStored({ appName }) {
    // The first load is drawn: the databases a first visit put off are made now (NEW_STORE_LATEST_MS),
    // and the writes that waited for them are done before this answers.
    const entries = [...stores.values()];
    for (const entry of entries) void entry.store();
    await Promise.all(entries.flatMap((entry) => [...entry.waiting]).map((write) => write.catch(() => undefined)));
    await (await storeFor(appName))?.settled();
  },
  async getStoredValue({ appName, store, key }) {
    return (await storeToRead(appName))?.getValue(store, key);
  },
  async putStoredValue({ appName, store, key, value, background }) {
    if (background) return writeOnceCreated(appName, (local) => local.putValue(store, key, value));
    const local = await storeFor(appName);
    if (!local) throw new Error('local store unavailable');
    await local.putValue(store, key, value);
  },
  async cancel({ requestId }) {
    const ctl = inFlight.get(requestId);
    ctl?.abort();
    return ctl !== undefined;
  },
  async putFeatureRecord({ appName, gfid, record }) {
    const local = await storeFor(appName);
    if (local) await putFeatureRecord(local, gfid, record);
  },
  async getFeatureRecord({ appName, gfid }) {
    const local = await storeToRead(appName);
    return local ? getFeatureRecord(local, gfid) : undefined;
  },
  async outboxAdd({ appName, owner, request, attachments }) {
    const item = await (await outboxFor(appName)).add(owner, request, attachments);
    if (request.meta.subject === 'feature') await redrawQueued(appName);
    return item;
  },
  async outboxList({ appName, owner }) {
    return outboxItems(appName, owner);
  },
  async outboxReplay({ appName, ...req }) {
    if (await nothingStoredYet(appName)) return { sent: [] };
    const outbox = await outboxFor(appName);
    const key = dbNameFor(appName);
    let replay = replays.get(key);
    if (!replay) {
      replay = replayOutbox(outbox, req).finally(() => replays.delete(key));
      replays.set(key, replay);
    }
    const result = await replay;
    if (result.sent.some((s) => s.item.meta.subject === 'feature')) await redrawQueued(appName);
    return { stopped: result.stopped, sent: result.sent.map(({ item, answer }) => ({ seq: item.seq, meta: item.meta, answer })) };
  },
  async outboxRemove({ appName, seq }) {
    await (await outboxFor(appName)).remove(seq);
    await redrawQueued(appName);
  },
  async outboxResubmit({ appName, seq, version }) {
    await (await outboxFor(appName)).resubmit(seq, version);
  },
  // The track is the device's, not an app's: it lives in the product's database (SPEC §9 'Mapdraft').
  async trackStart({ startedAt }) {
    const local = await storeFor();
    if (!local) throw new Error('local store unavailable');
    await startTrack(local, startedAt);
  },
  async trackAppend({ points }) {
    const local = await storeFor();
    if (local) await appendTrackPoints(local, points);
  },
  async trackSetPhase({ phase }) {
    const local = await storeFor();
    if (local) await setTrackPhase(local, phase);
  },
  async trackRead() {
    const local = await storeToRead();
    return local ? readTrack(local) : null;
  },
  async trackClear() {
    const local = await storeFor();
    if (local) await clearTrack(local);
  },
  async groupChanges(req) {
    return groupChanges(req);
  },
  async searchFeatures({ query, limit, layerIds }) {
    return registry.search(query, limit ?? SEARCH_RESULTS_PER_LAYER, layerIds);
  },
  async route({ origin, destination, roadLayerIds }) {
    return findRoute(roadGraph(roadLayerIds), origin, destination);
  },
  async featurePosition({ layerId, gfid }) {
    return registry.featurePosition(layerId, gfid) ?? null;
  },
};

expose(api);
