// Bench worker for the worker-side hot paths (scenarios 6, 7, 8). It hosts the SAME engine modules the
// data worker runs (simplify, local_store, hit_testing), because the data worker's protocol does not
// expose simplify calls, with Mapdraft's whole-layer diff and viewport rows (contenders/layer_diff.ts,
// viewport_rows.ts), which the app does not use; the ceiling and the simplify-js baseline run here too, so all three
// contenders of scenarios 7 and 8 share one thread and one set of conditions.
import { expose, transfer } from 'comlink';
import { batchTransferables } from '../../../workers/batch/transfer.ts';
import type { FeatureCollection } from 'geojson';
import { packFeatureCollection } from '../../../workers/data/pack_geojson.ts';
import { diffLayer, indexOriginals, suggestionSetFrom } from '../contenders/layer_diff.ts';
import { simplifyBatch, simplifyBatchSliced } from '../../../workers/data/simplify.ts';
import { ZOOM_BANDS } from '../../../workers/batch/zoom_levels.ts';
import { buildSpatialIndex, type SpatialIndex } from '../../../workers/batch/spatial_index.ts';
import { featureVertexRange } from '../../../workers/batch/feature_batch.ts';
import { latToY, lonToX } from '../../../workers/batch/mercator.ts';
import { hitTest } from '../../../workers/data/hit_testing.ts';
import type { FeatureBatch } from '../../../workers/batch/feature_batch.ts';
import { openLocalStore } from '../../../workers/data/local_store.ts';
import { putFeatureRows, readViewport, type Extent } from '../contenders/viewport_rows.ts';
import { generateRows } from '../../../tests/browser/fixtures/feature_rows.ts';
import { diffDataset, flatLines } from '../../data/generate.ts';
import { ceilingDiff, type SuggestionColumns } from '../contenders/ceiling_diff.ts';
import { projectFlat, simplifyFlat } from '../contenders/ceiling_simplify.ts';
import { simplify as simplifyJs, type XY } from '../contenders/simplify_js.ts';
import { FeatureSearchIndex } from '../../../workers/data/feature_search.ts';
import { normalisedNames, prefixScan, SEARCH_LIMIT, typedQueries } from '../contenders/search_scan.ts';

type Contender = 'baseline' | 'ceiling' | 'mapdraft';

// ---------- scenario 6: diff ----------
let diffData:
  | {
      key: string;
      orig: FeatureCollection;
      sugg: FeatureCollection;
      origBatch: FeatureBatch;
      origProps: Record<string, unknown>[];
      suggBatch: FeatureBatch;
      suggProps: Record<string, unknown>[];
    }
  | undefined;

function loadDiff(n: number, mod: number, add: number, del: number) {
  const key = `${n}/${mod}/${add}/${del}`;
  if (diffData?.key === key) return diffData;
  const { originals, suggestions } = diffDataset(n, mod, add, del);
  const origBatch = packFeatureCollection(originals, { layerId: 'orig' });
  const suggBatch = packFeatureCollection(suggestions, { layerId: 'orig_diff' });
  diffData = {
    key,
    orig: originals,
    sugg: suggestions,
    origBatch,
    suggBatch,
    origProps: originals.features.map((f) => f.properties ?? {}),
    suggProps: suggestions.features.map((f) => f.properties ?? {}),
  };
  return diffData;
}

function columnsOf(fc: FeatureCollection, withStatus: boolean) {
  const n = fc.features.length;
  const ids = new Float64Array(n),
    value = new Float64Array(n),
    coords = new Float64Array(10 * n),
    status = new Uint8Array(n);
  fc.features.forEach((f, i) => {
    const p = f.properties ?? {};
    ids[i] = Number(p.gfid ?? NaN);
    value[i] = p.value == null ? NaN : Number(p.value);
    const ring = (f.geometry as { coordinates: number[][][] }).coordinates[0];
    for (let k = 0; k < 5; k++) (coords[10 * i + 2 * k] = ring[k][0]), (coords[10 * i + 2 * k + 1] = ring[k][1]);
    if (withStatus) status[i] = p.grpstatus === 'n' ? 0 : p.grpstatus === 'm' ? 1 : 2;
  });
  return { ids, value, coords, status };
}
let diffColumns: { key: string; orig: ReturnType<typeof columnsOf>; sugg: SuggestionColumns } | undefined;

// ---------- scenario 7: simplify ----------
let lines: { key: string; coords: Float64Array; partEnds: Uint32Array; objects?: XY[][] } | undefined;
function loadLines(n: number, v: number) {
  const key = `${n}/${v}`;
  if (lines?.key !== key) lines = { key, ...flatLines(n, v) };
  return lines;
}

/** A macrotask turn without setTimeout's clamping: the sliced simplify's `yield`. */
function yieldTurn(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

let hitLayer: { batch: FeatureBatch; index: SpatialIndex } | undefined;

// ---------- scenario 12: search ----------
let searchLayer: { batch: FeatureBatch; names: string[]; index?: FeatureSearchIndex; normalised?: string[] } | undefined;

const api = {
  /** Scenario 5 set-up: fetch + pack + rbush index of a layer, as the data worker holds it. */
  async buildIndex(apiBase: string, layer: string): Promise<number> {
    const res = await fetch(`${apiBase}/api/features?workspace=bench&layer=${layer}`);
    const batch = packFeatureCollection((await res.json()) as FeatureCollection, { layerId: layer });
    hitLayer = { batch, index: buildSpatialIndex(batch) };
    return batch.count;
  },

  /** Scenario 12 set-up (untimed): the layer packed with its search texts, as showLayer packs it; the queries to type. */
  async prepareSearch(apiBase: string, layer: string): Promise<{ count: number; queries: string[] }> {
    const res = await fetch(`${apiBase}/api/features?workspace=bench&layer=${layer}`);
    const batch = packFeatureCollection((await res.json()) as FeatureCollection, {
      layerId: layer,
      labelProperty: 'name',
      searchProperties: ['name', 'tags'],
    });
    searchLayer = { batch, names: batch.labels! };
    return { count: batch.count, queries: typedQueries(searchLayer.names) };
  },

  /**
   * Scenario 12: what each contender builds before its first query (Mapdraft, once per layer load: the
   * scan, then the MiniSearch index in slices). `firstResultsMs`: a query asked as the build starts,
   * answered between two slices (Mapdraft) or after the build (ceiling).
   */
  async buildSearch(contender: Contender, firstQuery: string): Promise<Record<string, number>> {
    const s = searchLayer!;
    const t0 = performance.now();
    if (contender !== 'mapdraft') {
      s.normalised = normalisedNames(s.names);
      const buildMs = performance.now() - t0;
      prefixScan(s.normalised, firstQuery);
      return { buildMs, firstResultsMs: performance.now() - t0 };
    }
    s.index = new FeatureSearchIndex(s.batch);
    const scanReadyMs = performance.now() - t0;
    const built = s.index.build();
    // The query comes in as a message would: after the slice under way.
    const first = new Promise<number>((resolve) =>
      setTimeout(() => {
        s.index!.search(s.batch, firstQuery, SEARCH_LIMIT);
        resolve(performance.now() - t0);
      }),
    );
    await built;
    return { scanReadyMs, buildMs: performance.now() - t0, firstResultsMs: await first };
  },

  /** Scenario 12: one query, timed inside the worker (the round trip is timed by the page). */
  searchOnce(contender: Contender, query: string): { ms: number; found: number } {
    const s = searchLayer!;
    const t0 = performance.now();
    const found =
      contender === 'mapdraft' ? s.index!.search(s.batch, query, SEARCH_LIMIT).hits.length : prefixScan(s.normalised!, query).length;
    return { ms: performance.now() - t0, found };
  },

  /** Scenario 4 set-up (untimed): the layer as the data worker would have stored it after a cold open. */
  async storeLayer(apiBase: string, layer: string): Promise<number> {
    const res = await fetch(`${apiBase}/api/features?workspace=bench&layer=${layer}`);
    const batch = packFeatureCollection((await res.json()) as FeatureCollection, { layerId: layer });
    const store = await openLocalStore({ appName: 'Bench warm' });
    await store.deleteLayer(layer);
    await store.putLayerBatch(batch, { etag: 'bench' });
    await store.close();
    return batch.count;
  },

  /** Scenario 4, timed: open the local store (as a fresh page's data worker would) and read the batch. */
  async readLayer(layer: string): Promise<FeatureBatch> {
    const store = await openLocalStore({ appName: 'Bench warm' });
    const stored = await store.getLayerBatch(layer);
    await store.close();
    if (!stored) throw new Error(`layer ${layer} not in the local store`);
    return transfer(stored.batch, batchTransferables(stored.batch));
  },

  /** The tap's hit test (workers/data/hit_testing.ts): nearest feature within 3 px, or null. */
  hit(x: number, y: number, resolution: number): { id: number; lon: number; lat: number } | null {
    const { batch, index } = hitLayer!;
    const hits = hitTest(index, batch, { x, y, resolution });
    if (!hits.length) return null;
    const v = featureVertexRange(batch, hits[0].index)[0];
    return { id: hits[0].id, lon: batch.coords[2 * v], lat: batch.coords[2 * v + 1] };
  },

  loop(n: number): number {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < n; i++) x = (x + Math.sqrt(i) * 1.0000001) % 1e9;
    (globalThis as { __sink?: number }).__sink = x;
    return performance.now() - t0;
  },

  prepareDiff(n: number, mod: number, add: number, del: number): number {
    const d = loadDiff(n, mod, add, del);
    diffColumns = { key: d.key, orig: columnsOf(d.orig, false), sugg: columnsOf(d.sugg, true) };
    return d.sugg.features.length;
  },

  runDiff(contender: Contender): Record<string, number> {
    const d = diffData!;
    if (contender === 'ceiling') {
      const t0 = performance.now();
      const r = ceilingDiff(diffColumns!.orig, diffColumns!.sugg);
      return { ms: performance.now() - t0, new: r.added, modified: r.modified, deleted: r.deleted };
    }
    // Mapdraft: both layers are loaded (packed FeatureBatch + properties, as the data worker holds
    // them); the diff indexes the originals by gfid, reads the suggestion records and groups them.
    const t0 = performance.now();
    const indexed = indexOriginals({ batch: d.origBatch, properties: d.origProps });
    const t1 = performance.now();
    const set = suggestionSetFrom(d.suggBatch, d.suggProps);
    const diff = diffLayer(indexed, set);
    const t2 = performance.now();
    return {
      ms: t2 - t0,
      indexMs: t1 - t0,
      diffMs: t2 - t1,
      new: diff.new.length,
      modified: diff.modified.length,
      deleted: diff.deleted.length,
    };
  },

  prepareSimplify(n: number, v: number): number {
    return loadLines(n, v).coords.length / 2;
  },

  async runSimplify(contender: Contender, sliced: boolean): Promise<Record<string, number>> {
    const l = lines!;
    let kept = 0;
    let maxSlice = 0;
    const t0 = performance.now();
    // Every contender starts from the same lon/lat lines. The baseline builds its projected {x, y}
    // objects once and simplifies them per tolerance (how an app on simplify-js would do it); the
    // ceiling projects once into a flat array; Mapdraft calls its API once per zoom band.
    let objects: XY[][] | undefined;
    let proj: Float64Array | undefined;
    if (contender === 'baseline') {
      objects = [];
      for (let p = 0, s = 0; p < l.partEnds.length; s = l.partEnds[p++]) {
        const pts: XY[] = [];
        for (let i = s; i < l.partEnds[p]; i++) pts.push({ x: lonToX(l.coords[2 * i]), y: latToY(l.coords[2 * i + 1]) });
        objects.push(pts);
      }
    } else if (contender === 'ceiling') {
      proj = projectFlat(l.coords);
    }
    // The benchmark asks for 4 tolerances: the app's four most simplified bands (the fifth is near full detail).
    for (const band of ZOOM_BANDS.slice(0, 4)) {
      const tol = band.toleranceMeters;
      if (contender === 'baseline') {
        for (const pts of objects!) kept += simplifyJs(pts, tol, true).length;
      } else if (contender === 'ceiling') {
        kept += simplifyFlat(l.coords, proj!, l.partEnds, tol).coords.length / 2;
      } else {
        const batch: FeatureBatch = {
          layerId: 'lines',
          geometryType: 'LineString',
          count: l.partEnds.length,
          ids: new Float64Array(l.partEnds.length),
          coords: l.coords,
          partEnds: l.partEnds,
          featureEnds: Uint32Array.from({ length: l.partEnds.length }, (_, i) => i + 1),
        };
        if (sliced) {
          let sliceStart = performance.now();
          const out = await simplifyBatchSliced(batch, tol, {
            sliceMs: 8,
            yield: async () => {
              maxSlice = Math.max(maxSlice, performance.now() - sliceStart);
              await yieldTurn();
              sliceStart = performance.now();
            },
          });
          maxSlice = Math.max(maxSlice, performance.now() - sliceStart);
          kept += out.coords.length / 2;
        } else {
          kept += simplifyBatch(batch, tol).coords.length / 2;
        }
      }
    }
    return { ms: performance.now() - t0, keptVertices: kept, maxSliceMs: maxSlice };
  },

  // ---------- scenario 8: local store ----------
  async runStore(contender: Contender, nRows: number, extent: Extent): Promise<Record<string, number | string>> {
    const rows = generateRows(nRows, 42);
    if (contender === 'baseline') return idbRun(rows, extent);
    const appName = `bench ${contender} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
    const store = await openLocalStore({ appName, vfs: contender === 'mapdraft' ? 'opfs' : 'memory' });
    const vfs = (await store.info()).vfs;
    const t0 = performance.now();
    await putFeatureRows(store, 'bench', rows);
    const t1 = performance.now();
    const got = await readViewport(store, 'bench', extent, 20_000);
    const t2 = performance.now();
    await store.close();
    if (contender === 'mapdraft') await removeOpfs(appName).catch(() => undefined);
    return { insertMs: t1 - t0, readMs: t2 - t1, ms: t2 - t0, rowsRead: got.length, vfs };
  },
};

async function removeOpfs(appName: string): Promise<void> {
  const root = await navigator.storage.getDirectory();
  const base = appName
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');
  for await (const name of (root as unknown as { keys(): AsyncIterable<string> }).keys()) {
    if (name.startsWith(base)) await root.removeEntry(name, { recursive: true }).catch(() => undefined);
  }
}

/** BASELINE for scenario 8: one IndexedDB readwrite transaction with a put per row, then an index range read. */
async function idbRun(rows: ReturnType<typeof generateRows>, extent: Extent): Promise<Record<string, number | string>> {
  const name = `bench-idb-${Date.now()}-${Math.random()}`;
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore('features', { keyPath: ['layer', 'gfid'] });
      store.createIndex('minx', ['layer', 'minx']);
    };
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  const t0 = performance.now();
  let maxWidth = 0;
  await new Promise<void>((ok, fail) => {
    const tx = db.transaction('features', 'readwrite');
    const store = tx.objectStore('features');
    for (const r of rows) {
      let minx = Infinity,
        miny = Infinity,
        maxx = -Infinity,
        maxy = -Infinity;
      for (let i = 0; i < r.coords.length; i += 2) {
        minx = Math.min(minx, r.coords[i]);
        maxx = Math.max(maxx, r.coords[i]);
        miny = Math.min(miny, r.coords[i + 1]);
        maxy = Math.max(maxy, r.coords[i + 1]);
      }
      maxWidth = Math.max(maxWidth, maxx - minx);
      store.put({
        layer: 'bench',
        gfid: r.gfid,
        minx,
        miny,
        maxx,
        maxy,
        coords: r.coords,
        partEnds: r.partEnds ?? null,
        properties: r.properties ?? {},
      });
    }
    tx.oncomplete = () => ok();
    tx.onerror = () => fail(tx.error);
  });
  const t1 = performance.now();
  const [minX, minY, maxX, maxY] = extent;
  const candidates = await new Promise<{ minx: number; miny: number; maxx: number; maxy: number }[]>((ok, fail) => {
    const req = db
      .transaction('features')
      .objectStore('features')
      .index('minx')
      .getAll(IDBKeyRange.bound(['bench', minX - maxWidth], ['bench', maxX]));
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
  const got = candidates.filter((r) => r.maxx >= minX && r.miny <= maxY && r.maxy >= minY);
  const t2 = performance.now();
  db.close();
  indexedDB.deleteDatabase(name);
  return { insertMs: t1 - t0, readMs: t2 - t1, ms: t2 - t0, rowsRead: got.length, vfs: 'indexeddb' };
}

export type MicroWorkerApi = typeof api;
expose(api);
