// The local browser database (SPEC §9) in real dedicated workers in Chromium: each test talks to
// tests/browser/fixtures/local_store.worker.ts over comlink, as the data worker will.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { wrap, type Remote } from 'comlink';
import { LOCAL_DB_VERSION, type GeometryType } from '../../src/model/index.ts';
import { dbNameFor, type VfsKind } from '../../workers/data/local_store.ts';
import { CHUNK_FEATURES } from '../../workers/data/layer_chunks.ts';
import type { Extent } from '../../benchmarks/pages/contenders/viewport_rows.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import type { LocalStoreHarness } from './fixtures/local_store.worker.ts';
import { bboxOfCoords, generateRows, intersects } from './fixtures/feature_rows.ts';

const workers: Worker[] = [];
const dbNames = new Set<string>();
afterEach(() => {
  for (const w of workers.splice(0)) w.terminate();
});
// The browser profile is temporary, but several MB per test need not linger for the rest of the run.
afterAll(async () => {
  const root = await navigator.storage.getDirectory();
  for (const name of dbNames) {
    for (const file of [name, `${name}-journal`, `${name}-wal`]) await root.removeEntry(file).catch(() => undefined);
    indexedDB.deleteDatabase(name);
  }
});

/** A fresh worker hosting the store: a new worker with the same app name is a "reload". */
function startWorker(): Remote<LocalStoreHarness> {
  const worker = new Worker(new URL('./fixtures/local_store.worker.ts', import.meta.url), { type: 'module' });
  workers.push(worker);
  return wrap<LocalStoreHarness>(worker);
}

/** Unique per test and run, so tests never share a database. */
function appName(label: string): string {
  const name = `Mapdraft ${label} X${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  dbNames.add(dbNameFor(name));
  return name;
}

async function open(name: string, vfs?: VfsKind) {
  const store = startWorker();
  const info = await store.open({ appName: name, vfs });
  return { store, info };
}

function batchOf(geometryType: GeometryType): FeatureBatch {
  switch (geometryType) {
    case 'Point':
      return {
        layerId: 'pts',
        geometryType,
        count: 3,
        ids: new Float64Array([1, 2, 2 ** 40 + 3]),
        coords: new Float64Array([0.1, 0.2, -179.999999999, 89.5, 12.345678901234567, -45.000000000000014]),
        partEnds: new Uint32Array([1, 2, 3]),
        featureEnds: new Uint32Array([1, 2, 3]),
        labels: ['a', 'béé', ''],
        searchTexts: ['a\u001fplace', 'béé\u001f東京 🗺️', ''],
        categories: new Uint8Array([8, 255, 17]),
      };
    case 'LineString':
      return {
        layerId: 'lines',
        geometryType,
        count: 2,
        ids: new Float64Array([10, 11]),
        coords: new Float64Array([0, 0, 1, 1, 2, 0, 179.5, 10, 180.5, 11]), // unwrapped across ±180
        partEnds: new Uint32Array([3, 5]),
        featureEnds: new Uint32Array([1, 2]),
      };
    case 'Polygon':
      return {
        layerId: 'polys',
        geometryType,
        count: 1,
        ids: new Float64Array([99]),
        // One shell with a hole, then a second shell: a MultiPolygon.
        coords: new Float64Array([0, 0, 4, 0, 4, 4, 0, 4, 0, 0, 1, 1, 1, 2, 2, 2, 1, 1, 10, 10, 11, 10, 11, 11, 10, 10]),
        partEnds: new Uint32Array([5, 9, 13]),
        featureEnds: new Uint32Array([3]),
        polygonEnds: new Uint32Array([2, 3]),
      };
  }
}

/** Bit-exact: compares the bytes, so -0, NaN payloads and the last ulp all count. */
function expectSameBytes(a: ArrayBufferView | undefined, b: ArrayBufferView | undefined) {
  expect(a?.constructor).toBe(b?.constructor);
  if (!a || !b) return;
  expect(Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength))).toEqual(
    Array.from(new Uint8Array(b.buffer, b.byteOffset, b.byteLength)),
  );
}

describe('dbNameFor (SPEC §9: the app name in CamelCase)', () => {
  it('camel-cases app names and defaults to the product name', () => {
    expect(dbNameFor('Mapdraft demo')).toBe('MapdraftDemo');
    expect(dbNameFor('river survey-2024 app')).toBe('RiverSurvey2024App');
    expect(dbNameFor('  ')).toBe('Mapdraft');
    expect(dbNameFor(undefined)).toBe('Mapdraft');
  });
});

describe('local store in a worker', () => {
  it('opens on OPFS in Chromium, named after the app, at version 2', async () => {
    const name = appName('demo');
    const { store, info } = await open(name);
    expect(info).toEqual({ name: dbNameFor(name), version: LOCAL_DB_VERSION, vfs: 'opfs' });
    expect(info.version).toBe(2);
    expect(info.name).toMatch(/^MapdraftDemoX/);
    // The OPFS file carries the database name.
    const root = await navigator.storage.getDirectory();
    await expect(root.getFileHandle(info.name)).resolves.toBeTruthy();
    await store.close();
  });

  it('opens two databases at once in one worker on one compile of SQLite (issue 17, cold open)', async () => {
    const { vfs, wasmFetches } = await startWorker().openTwoAtOnce(appName('first'), appName('second'));
    expect(vfs).toEqual(['opfs', 'opfs']);
    expect(wasmFetches).toBe(1);
  });

  it('round-trips a FeatureBatch of each geometry type bit-exactly', async () => {
    const { store } = await open(appName('batches'));
    const types: GeometryType[] = ['Point', 'LineString', 'Polygon'];
    for (const t of types) await store.putLayerBatch(batchOf(t), { etag: `"v-${t}"`, fetchedAt: 1_700_000_000_123 });
    for (const t of types) {
      const want = batchOf(t);
      const got = await store.getLayerBatch(want.layerId);
      expect(got).toBeDefined();
      const { batch, etag, fetchedAt } = got!;
      expect(etag).toBe(`"v-${t}"`);
      expect(fetchedAt).toBe(1_700_000_000_123);
      expect(batch.layerId).toBe(want.layerId);
      expect(batch.geometryType).toBe(t);
      expect(batch.count).toBe(want.count);
      expectSameBytes(batch.ids, want.ids);
      expectSameBytes(batch.coords, want.coords);
      expectSameBytes(batch.partEnds, want.partEnds);
      expectSameBytes(batch.featureEnds, want.featureEnds);
      expectSameBytes(batch.polygonEnds, want.polygonEnds);
      expect(batch.labels).toEqual(want.labels);
      expect(batch.searchTexts).toEqual(want.searchTexts);
      expectSameBytes(batch.categories, want.categories);
    }
    // An empty layer (every blob empty) comes back empty, not missing.
    const empty: FeatureBatch = {
      layerId: 'empty',
      geometryType: 'Polygon',
      count: 0,
      ids: new Float64Array(0),
      coords: new Float64Array(0),
      partEnds: new Uint32Array(0),
      featureEnds: new Uint32Array(0),
      polygonEnds: new Uint32Array(0),
    };
    await store.putLayerBatch(empty);
    const gotEmpty = (await store.getLayerBatch('empty'))!.batch;
    expect(gotEmpty.count).toBe(0);
    expectSameBytes(gotEmpty.coords, empty.coords);
    expectSameBytes(gotEmpty.polygonEnds, empty.polygonEnds);
    expect(await store.getLayerBatch('missing')).toBeUndefined();
    await store.deleteLayer('pts');
    expect(await store.getLayerBatch('pts')).toBeUndefined();
    await store.close();
  });

  it("reads a layer ahead for the map's first load, and never hands over a copy older than the last write (issue 17, warm open)", async () => {
    const { store } = await open(appName('ahead'));
    const first = batchOf('Point');
    await store.putLayerBatch(first, { etag: '"v1"' });
    // Read ahead, then the stored rows changed behind the store's back: the read ahead is what the
    // next read gets (it ran first), and the read after it is a fresh one.
    await store.readLayerBatchAhead('pts');
    await store.dropChunksUnseen('pts');
    const ahead = await store.getLayerBatch('pts');
    expect(ahead?.etag).toBe('"v1"');
    expectSameBytes(ahead!.batch.coords, first.coords);
    expect(await store.getLayerBatch('pts')).toBeUndefined();
    // A write, a delete or a clear after the read ahead: the next read sees it.
    await store.putLayerBatch(first, { etag: '"v1"' });
    await store.readLayerBatchAhead('pts');
    const second = { ...batchOf('Point'), coords: new Float64Array([5, 6, 7, 8, 9, 10]) };
    await store.putLayerBatch(second, { etag: '"v2"' });
    const got = await store.getLayerBatch('pts');
    expect(got?.etag).toBe('"v2"');
    expectSameBytes(got!.batch.coords, second.coords);
    await store.readLayerBatchAhead('pts');
    await store.deleteLayer('pts');
    expect(await store.getLayerBatch('pts')).toBeUndefined();
    await store.putLayerBatch(first, { etag: '"v1"' });
    await store.readLayerBatchAhead('pts');
    await store.clear();
    expect(await store.getLayerBatch('pts')).toBeUndefined();
    await store.close();
  });

  it('stores a large layer in chunks (its features across several rows) and reads it back bit-exactly', async () => {
    const { store } = await open(appName('chunks'));
    const count = 3 * CHUNK_FEATURES + 123;
    const big: FeatureBatch = {
      layerId: 'big',
      geometryType: 'Point',
      count,
      ids: Float64Array.from({ length: count }, (_, i) => i * 3 + 0.5),
      coords: Float64Array.from({ length: 2 * count }, (_, i) => ((i * 7919) % 36_000) / 100 - 180),
      partEnds: Uint32Array.from({ length: count }, (_, i) => i + 1),
      featureEnds: Uint32Array.from({ length: count }, (_, i) => i + 1),
      labels: Array.from({ length: count }, (_, i) => (i % 5 ? `Town ${i}` : `Ville ${i} é 東京`)),
      categories: Uint8Array.from({ length: count }, (_, i) => (i % 4 ? i % 40 : 255)),
    };
    await store.putLayerBatch(big, { etag: '"big-1"', fetchedAt: 5 });
    expect(await store.chunkRows('big')).toBe(4);
    const got = (await store.getLayerBatch('big'))!;
    expect([got.etag, got.fetchedAt, got.batch.count]).toEqual(['"big-1"', 5, count]);
    for (const key of ['ids', 'coords', 'partEnds', 'featureEnds', 'categories'] as const) expectSameBytes(got.batch[key], big[key]);
    expect(got.batch.labels).toEqual(big.labels);
    // Stored again smaller: no chunk of the larger layer is left behind.
    await store.putLayerBatch(batchOf('Point'));
    await store.putLayerBatch({ ...batchOf('Point'), layerId: 'big' });
    expect(await store.chunkRows('big')).toBe(1);
    expect((await store.getLayerBatch('big'))!.batch.labels).toEqual(batchOf('Point').labels);
    await store.close();
  });

  it('answers nothing stored (the network then answers) for a layer that lost a chunk, and keeps the others', async () => {
    const { store } = await open(appName('damaged'));
    const count = CHUNK_FEATURES + 10;
    const points: FeatureBatch = {
      layerId: 'damaged',
      geometryType: 'Point',
      count,
      ids: Float64Array.from({ length: count }, (_, i) => i + 1),
      coords: new Float64Array(2 * count),
      partEnds: Uint32Array.from({ length: count }, (_, i) => i + 1),
      featureEnds: Uint32Array.from({ length: count }, (_, i) => i + 1),
    };
    await store.putLayerBatch(points);
    await store.putLayerBatch(batchOf('Polygon'));
    await store.dropChunk('damaged', 1);
    expect(await store.getLayerBatch('damaged')).toBeUndefined();
    expectSameBytes((await store.getLayerBatch('polys'))!.batch.polygonEnds, batchOf('Polygon').polygonEnds);
    // Stored again, it reads again.
    await store.putLayerBatch(points);
    expect((await store.getLayerBatch('damaged'))!.batch.count).toBe(count);
    await store.close();
  });

  it('reads a layer stored as JSON before issue 17, and stores it again as one binary block', async () => {
    const { store } = await open(appName('legacy'));
    await store.putLegacyLayerRow('old', { labels: ['Paris', 'Lyon'], searchTexts: ['paris', 'lyon'], categories: [3, 255] });
    expect(await store.labelsStorage('old')).toBe('text');
    const { batch } = (await store.getLayerBatch('old'))!;
    expect([batch.labels, batch.searchTexts, Array.from(batch.categories!)]).toEqual([
      ['Paris', 'Lyon'],
      ['paris', 'lyon'],
      [3, 255],
    ]);
    await store.putLegacyLayerRow('older', ['only', 'labels']); // the plain label array of the first version
    expect((await store.getLayerBatch('older'))!.batch.labels).toEqual(['only', 'labels']);
    await store.putLayerBatch(batch);
    expect(await store.labelsStorage('old')).toBe('blob');
    const again = (await store.getLayerBatch('old'))!.batch;
    expect([again.labels, again.searchTexts, Array.from(again.categories!)]).toEqual([
      ['Paris', 'Lyon'],
      ['paris', 'lyon'],
      [3, 255],
    ]);
    await store.close();
  });

  it('round-trips app, auth, layers and settings values', async () => {
    const { store } = await open(appName('values'));
    const values = {
      app: { key: 'app', value: { appKey: 'a'.repeat(32), title: 'Démo', active: true } },
      auth: { key: 'session', value: { sessionId: 's-1', user: { id: 7, roles: ['admin'] } } },
      layers: { key: 'cities', value: { id: 'cities', type: 'Point', zIndex: 5, style: { fill: '#274E78' } } },
      settings: { key: 'locale', value: 'fr_FR' },
    } as const;
    for (const [s, { key, value }] of Object.entries(values)) await store.putValue(s as keyof typeof values, key, value);
    for (const [s, { key, value }] of Object.entries(values)) {
      expect(await store.getValue(s as keyof typeof values, key)).toEqual(value);
    }
    await store.putValue('settings', 'locale', 'de_DE'); // replaces
    expect(await store.getValue('settings', 'locale')).toBe('de_DE');
    await store.deleteValue('auth', 'session');
    expect(await store.getValue('auth', 'session')).toBeUndefined();
    await store.clear();
    expect(await store.getValue('app', 'app')).toBeUndefined();
    expect((await store.info()).version).toBe(2); // clear keeps the schema
    await store.close();
  });

  it('writes 100k feature rows in one transaction and reads exactly the viewport', async () => {
    const { store } = await open(appName('rows'));
    const n = 100_000;
    const seed = 42;
    const insertMs = await store.putGeneratedRows('big', n, seed);

    const extent: Extent = [0, 0, 70, 40];
    const expected = generateRows(n, seed)
      .filter((r) => intersects(bboxOfCoords(r.coords), extent))
      .map((r) => r.gfid)
      .sort((a, b) => a - b);
    const { ms: readMs, gfids } = await store.readViewportIds('big', extent, 100_000);
    console.info(`local store: insert ${n} rows ${insertMs.toFixed(0)} ms; viewport read ${gfids.length} rows ${readMs.toFixed(0)} ms`);
    expect(expected.length).toBeGreaterThan(3000);
    expect([...gfids].sort((a, b) => a - b)).toEqual(expected);

    // Full rows carry their geometry and properties; `limit` caps the answer.
    const small: Extent = [10, 10, 12, 12];
    const rows = await store.readViewport('big', small, 100_000);
    const byGfid = new Map(generateRows(n, seed).map((r) => [r.gfid, r]));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const want = byGfid.get(row.gfid)!;
      expectSameBytes(row.coords, want.coords);
      expectSameBytes(row.partEnds, want.partEnds);
      expect(row.properties).toEqual(want.properties);
      expect(row.bbox).toEqual(bboxOfCoords(want.coords));
    }
    expect(await store.readViewport('big', extent, 10)).toHaveLength(10);
    expect(await store.readViewport('other', extent)).toEqual([]);
    await store.close();
  });

  it('keeps its data across a reload (closed, then a new worker opens the same name)', async () => {
    const name = appName('reload');
    const first = await open(name);
    await first.store.putLayerBatch(batchOf('Polygon'), { etag: 'W/"3"' });
    await first.store.putValue('settings', 'startCentred', true);
    await first.store.putGeneratedRows('rows', 1000, 7);
    await first.store.close();
    workers.splice(0).forEach((w) => w.terminate());

    const second = await open(name);
    expect(second.info).toMatchObject({ name: dbNameFor(name), version: 2, vfs: 'opfs' });
    const got = await second.store.getLayerBatch('polys');
    expectSameBytes(got?.batch.coords, batchOf('Polygon').coords);
    expect(got?.etag).toBe('W/"3"');
    expect(await second.store.getValue('settings', 'startCentred')).toBe(true);
    const all = await second.store.readViewportIds('rows', [-180, -90, 180, 90], 10_000);
    expect(all.gfids).toHaveLength(1000);
    await second.store.close();
  });

  // A reload, or a tab closed and opened again: the old page's handles go a moment after its lock
  // (issue 17: an offline reopen drew no feature, its store opened empty on IndexedDB); under load a
  // reload's old worker kept them past 4 s and the store opened empty elsewhere.
  it.each([
    { holdMs: 400, who: 'a page that has just gone' },
    { holdMs: 6_000, who: 'the old worker of a busy phone' },
  ])(
    'waits for its OPFS file while $who still holds it ($holdMs ms), instead of opening an empty store elsewhere',
    async ({ holdMs }) => {
      const name = appName(`held ${holdMs}`);
      const first = await open(name);
      await first.store.putLayerBatch(batchOf('Point'), { etag: `W/"${holdMs}"` });
      await first.store.close();
      workers.splice(0).forEach((w) => w.terminate());
      await startWorker().holdOpfsFile(dbNameFor(name), holdMs);
      const next = await open(name);
      expect(next.info).toMatchObject({ name: dbNameFor(name), vfs: 'opfs' });
      expect((await next.store.getLayerBatch('pts'))?.etag).toBe(`W/"${holdMs}"`);
    },
    30_000,
  );

  it('shares its store with another tab that has it open: each reads what the other wrote', async () => {
    // A live connection hands its files over when asked (OPFSCoopSyncVFS), and takes them back.
    const name = appName('two tabs');
    const first = await open(name);
    await first.store.putValue('settings', 'from', 'first');
    const second = await open(name);
    expect(second.info).toMatchObject({ name: dbNameFor(name), vfs: 'opfs' });
    expect(await second.store.getValue('settings', 'from')).toBe('first');
    await second.store.putValue('settings', 'back', 'second');
    expect(await first.store.getValue('settings', 'back')).toBe('second');
    await second.store.close();
    await first.store.close();
  });

  it('knows a first visit has nothing stored without opening the store, and never says so once it exists', async () => {
    const name = appName('first visit');
    const harness = startWorker();
    // Before any open: no database file, so a layer fetch need not wait for the store's creation.
    expect(await harness.certainlyEmpty(name)).toBe(true);
    expect(await harness.certainlyEmpty(name)).toBe(true); // asking creates nothing
    const first = await open(name);
    await first.store.putLayerBatch(batchOf('Point'), { etag: 'W/"1"' });
    await first.store.close();
    workers.splice(0).forEach((w) => w.terminate());
    expect(await startWorker().certainlyEmpty(name)).toBe(false);
  });

  it('migrates a version 1 database to 2, keeping its values', async () => {
    const name = appName('upgrade');
    const old = startWorker();
    await old.createAtVersion(name, 1, { locale: 'es_ES' });
    workers.splice(0).forEach((w) => w.terminate());

    const { store, info } = await open(name);
    expect(info.version).toBe(2);
    expect(await store.getValue('settings', 'locale')).toBe('es_ES');
    await store.putLayerBatch(batchOf('Point')); // the version 2 tables exist
    expect((await store.getLayerBatch('pts'))?.batch.count).toBe(3);
    await store.close();
  });

  it('refuses a database written by a newer app version', async () => {
    const name = appName('newer');
    const newer = startWorker();
    await newer.createAtVersion(name, LOCAL_DB_VERSION + 1, {});
    workers.splice(0).forEach((w) => w.terminate());
    await expect(startWorker().open({ appName: name })).rejects.toThrow(/newer than this app/);
  });

  it('falls back to IndexedDB (same database name) and to memory', async () => {
    const name = appName('idb');
    const first = await open(name, 'idb');
    expect(first.info).toEqual({ name: dbNameFor(name), version: 2, vfs: 'idb' });
    await first.store.putLayerBatch(batchOf('LineString'));
    await first.store.putGeneratedRows('rows', 500, 3);
    await first.store.close();
    const dbs = await indexedDB.databases();
    expect(dbs.map((d) => d.name)).toContain(dbNameFor(name));

    const second = await open(name, 'idb');
    expectSameBytes((await second.store.getLayerBatch('lines'))?.batch.coords, batchOf('LineString').coords);
    expect((await second.store.readViewportIds('rows', [-180, -90, 180, 90])).gfids).toHaveLength(500);
    await second.store.close();

    const mem = await open(appName('mem'), 'memory');
    expect(mem.info.vfs).toBe('memory');
    expect(mem.info.version).toBe(2);
    await mem.store.putValue('app', 'k', { v: 1 });
    expect(await mem.store.getValue('app', 'k')).toEqual({ v: 1 });
    await mem.store.close();
  });
});
