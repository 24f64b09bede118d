// The local browser database (SPEC §9: named after the product or the app name in CamelCase,
// version 2, stores app, features, auth, layers, settings) on wa-sqlite. Runs inside a worker
// (the data worker): wasm/sqlite.ts picks OPFS, then IndexedDB, then memory.
//
// Features are kept twice over, for two different reads (SPEC §4 Map load: "local storage first,
// then server per layer"):
//  - `layer_batches` and `layer_batch_chunks`: a layer's packed FeatureBatch as BLOBs, so a second
//    visit draws the layer straight from disk before the network answers, no per-feature decoding.
//    `layer_batches` holds the layer's row (count, ETag); its features are in chunks of rows
//    (layer_chunks.ts: wa-sqlite's heap grows to hold the largest row). Layers stored before that
//    hold their whole batch in the `layer_batches` row, and are still read;
//  - `features`: one row per feature with its bbox, for viewport reads of layers too big to load
//    whole on a phone. Nothing in the app writes them yet; benchmark scenario 8's rows store
//    (benchmarks/pages/contenders/viewport_rows.ts) does, on these tables.
import { LOCAL_DB_NAME, type LOCAL_DB_STORES, LOCAL_DB_VERSION, type GeometryType } from '../../src/model/index.ts';
import { databaseCertainlyEmpty, openSqlite, type SqliteDb, type VfsKind } from '../../wasm/sqlite.ts';
import { ensureDeviceTables } from './outbox_store.ts';
import { ensureTrackTables } from './track_store.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { decodeBatchExtras, encodeBatchExtras } from './batch_extras.ts';
import { featureRange } from '../batch/batch_patch.ts';
import { ChunkJoiner, chunkRanges, type ChunkTotals } from './layer_chunks.ts';

export type { VfsKind } from '../../wasm/sqlite.ts';
export type LocalDbStore = (typeof LOCAL_DB_STORES)[number];
/** The stores that hold key → JSON values; `features` has its own tables and calls. */
export type KeyValueStore = Exclude<LocalDbStore, 'features'>;
export interface LayerBatchMeta {
  /** The server's ETag / version string for the layer, to revalidate instead of refetching. */
  etag?: string | null;
  /** When the batch was fetched (ms since epoch); now when absent. */
  fetchedAt?: number;
}

export interface StoredLayerBatch {
  batch: FeatureBatch;
  etag: string | null;
  fetchedAt: number;
}

export interface LocalStoreInfo {
  name: string;
  version: number;
  vfs: VfsKind;
}

export interface OpenLocalStoreOptions {
  /** The app's name; the database is named after it in CamelCase, or 'Mapdraft' without one. */
  appName?: string;
  /** Force a back end (tests); by default the best available. */
  vfs?: VfsKind;
}

/** SPEC §9: the database name is the product's, or the app name in CamelCase ('Mapdraft demo' → 'MapdraftDemo'). */
export function dbNameFor(appName?: string | null): string {
  const words = (appName ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length === 0) return LOCAL_DB_NAME;
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

const KEY_VALUE_STORES: readonly KeyValueStore[] = ['app', 'auth', 'layers', 'settings'];

/**
 * Schema steps; step i moves `PRAGMA user_version` from i to i + 1. A new version appends a step,
 * never edits an old one, so a phone that skipped releases still upgrades in order.
 */
export const LOCAL_STORE_MIGRATIONS: readonly string[] = [
  // 1: the key → JSON stores (SPEC §9). `layers` maps a layer id to its config.
  `CREATE TABLE app (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE auth (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE layers (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
   CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;`,
  // 2: the features store, as whole-layer batches and as bbox-indexed rows.
  `CREATE TABLE layer_batches (
     layer_id TEXT PRIMARY KEY,
     geometry_type TEXT NOT NULL,
     count INTEGER NOT NULL,
     ids BLOB, coords BLOB, part_ends BLOB, feature_ends BLOB, polygon_ends BLOB,
     labels TEXT,
     etag TEXT,
     fetched_at INTEGER NOT NULL
   );
   CREATE TABLE features (
     layer_id TEXT NOT NULL,
     gfid INTEGER NOT NULL,
     minx REAL NOT NULL, miny REAL NOT NULL, maxx REAL NOT NULL, maxy REAL NOT NULL,
     geometry BLOB,
     part_ends BLOB,
     properties TEXT NOT NULL,
     UNIQUE (layer_id, gfid)
   );
   -- No R*Tree in this wa-sqlite build: viewport reads range-scan minx (bounded by the layer's
   -- widest feature, below) on a covering index and filter the other edges from the index alone.
   CREATE INDEX features_bbox ON features (layer_id, minx, maxx, miny, maxy);
   CREATE TABLE feature_layers (layer_id TEXT PRIMARY KEY, max_width REAL NOT NULL) WITHOUT ROWID;`,
];

// Typed arrays are stored as their raw bytes: every browser we run on is little-endian, and a
// byte copy is the cheapest way in and out. `SqliteDb.blob` gives a fresh, aligned buffer.
function asBytes(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
const f64 = (b: Uint8Array) => new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
const u32 = (b: Uint8Array) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);

/**
 * The `labels` column holds the batch's per-feature extras (labels, search texts, category bytes) as
 * one binary block (batch_extras.ts, issue 17), read straight back into the batch's arrays; kept in
 * that column so the SPEC §9 database version (2) stays, and search and the icons work offline over
 * the stored layers (§2, §9). Rows written before hold JSON text there: a plain array of labels, or
 * `{ labels, searchTexts, categories }`; they are still read, and the next write replaces them.
 */
function readTextColumns(batch: FeatureBatch, stored: unknown): void {
  if (Array.isArray(stored)) batch.labels = stored as string[];
  else {
    const { labels, searchTexts, categories } = stored as Pick<FeatureBatch, 'labels' | 'searchTexts'> & { categories?: number[] };
    if (labels) batch.labels = labels;
    if (searchTexts) batch.searchTexts = searchTexts;
    if (categories) batch.categories = Uint8Array.from(categories);
  }
}

/**
 * A stored batch read ahead and not asked for by then is let go: layer_prefetch.ts's PREFETCH_KEEP_MS,
 * as long as the prefetch that asked for it (not imported: layer_prefetch.ts's types import this module).
 */
const READ_AHEAD_KEEP_MS = 30_000;

export class LocalStore {
  /** Every call runs after the previous one: cached statements and transactions are per connection. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Layers' stored batches read ahead (readLayerBatchAhead), each for the next getLayerBatch of its layer. */
  private readonly readAhead = new Map<string, Promise<StoredLayerBatch | undefined>>();

  private constructor(
    private readonly db: SqliteDb,
    readonly name: string,
  ) {}

  static async open({ appName, vfs }: OpenLocalStoreOptions = {}): Promise<LocalStore> {
    if (LOCAL_STORE_MIGRATIONS.length !== LOCAL_DB_VERSION) throw new Error('local_store: MIGRATIONS out of step with LOCAL_DB_VERSION');
    const name = dbNameFor(appName);
    const db = await openSqlite({ name, vfs });
    try {
      await migrate(db);
    } catch (error) {
      await db.close();
      throw error;
    }
    return new LocalStore(db, name);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Runs `fn` on the database in turn with every other call (outbox_store.ts keeps its SQL there). */
  run<T>(fn: (db: SqliteDb) => Promise<T>): Promise<T> {
    return this.serial(() => fn(this.db));
  }

  /** Resolves once every call made so far has finished (e.g. the layer writes queued after delivery). */
  settled(): Promise<void> {
    return this.serial(async () => undefined);
  }

  info(): Promise<LocalStoreInfo> {
    return this.serial(async () => ({ name: this.name, version: await userVersion(this.db), vfs: this.db.vfs }));
  }

  // --- app, auth, layers, settings: key → JSON (SPEC §9) ---

  getValue<T = unknown>(store: KeyValueStore, key: string): Promise<T | undefined> {
    return this.serial(async () => {
      const rows = await this.db.all(`SELECT value FROM ${kvTable(store)} WHERE key = ?`, [key]);
      return rows.length ? (JSON.parse(rows[0][0] as string) as T) : undefined;
    });
  }

  putValue(store: KeyValueStore, key: string, value: unknown): Promise<void> {
    return this.serial(() =>
      this.db.run(`INSERT OR REPLACE INTO ${kvTable(store)} (key, value) VALUES (?, ?)`, [key, JSON.stringify(value)]),
    );
  }

  deleteValue(store: KeyValueStore, key: string): Promise<void> {
    return this.serial(() => this.db.run(`DELETE FROM ${kvTable(store)} WHERE key = ?`, [key]));
  }

  // --- features: whole-layer batches ---

  /**
   * Replaces the layer's stored batch (SPEC §4: what the next visit draws before the network answers):
   * its row, then its features chunk by chunk (each sliced, encoded and written before the next), in
   * one transaction.
   */
  putLayerBatch(batch: FeatureBatch, meta: LayerBatchMeta = {}): Promise<void> {
    this.readAhead.delete(batch.layerId);
    return this.serial(() =>
      this.db.transaction(async () => {
        await this.db.run(
          `INSERT OR REPLACE INTO layer_batches (layer_id, geometry_type, count, etag, fetched_at) VALUES (?, ?, ?, ?, ?)`,
          [batch.layerId, batch.geometryType, batch.count, meta.etag ?? null, meta.fetchedAt ?? Date.now()],
        );
        await this.db.run('DELETE FROM layer_batch_chunks WHERE layer_id = ?', [batch.layerId]);
        const ranges = chunkRanges(batch);
        for (let c = 0; c < ranges.length; c++) {
          const chunk = ranges.length === 1 ? batch : featureRange(batch, ...ranges[c]);
          await this.db.run(
            `INSERT INTO layer_batch_chunks (layer_id, chunk, count, ids, coords, part_ends, feature_ends, polygon_ends, extras)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            [
              batch.layerId,
              c,
              chunk.count,
              asBytes(chunk.ids),
              asBytes(chunk.coords),
              asBytes(chunk.partEnds),
              asBytes(chunk.featureEnds),
              chunk.polygonEnds ? asBytes(chunk.polygonEnds) : null,
              encodeBatchExtras(chunk),
            ],
          );
        }
      }),
    );
  }

  /** The ETag the stored batch was fetched with; null when it has none, undefined when none is stored. */
  getLayerEtag(layerId: string): Promise<string | null | undefined> {
    return this.serial(async () => {
      const rows = await this.db.all('SELECT etag FROM layer_batches WHERE layer_id = ?', [layerId]);
      return rows.length ? ((rows[0][0] as string | null) ?? null) : undefined;
    });
  }

  /**
   * Issue 17, warm open: starts reading the layer's stored batch now, for the next getLayerBatch of
   * it (the map's first load, data.worker.ts), so the read runs while the map and its render worker
   * start instead of after them. A write, delete or clear of the layer drops it (the next read is
   * fresh); one not taken within READ_AHEAD_KEEP_MS is let go.
   */
  readLayerBatchAhead(layerId: string): void {
    if (this.readAhead.has(layerId)) return;
    const read = this.readLayerBatch(layerId);
    read.catch(() => undefined); // its taker hears of a failure; untaken, nobody
    this.readAhead.set(layerId, read);
    setTimeout(() => this.readAhead.get(layerId) === read && this.readAhead.delete(layerId), READ_AHEAD_KEEP_MS);
  }

  /**
   * The stored batch with fresh typed arrays (own buffers, ready to transfer), or undefined; also
   * undefined when its chunks do not add up to its row (the network then answers, SPEC §4). A read
   * ahead of the layer is taken (once) instead of reading again.
   */
  getLayerBatch(layerId: string): Promise<StoredLayerBatch | undefined> {
    const ahead = this.readAhead.get(layerId);
    this.readAhead.delete(layerId);
    return ahead ?? this.readLayerBatch(layerId);
  }

  private readLayerBatch(layerId: string): Promise<StoredLayerBatch | undefined> {
    return this.serial(async () => {
      const db = this.db;
      const rows = await db.all(
        'SELECT geometry_type, count, etag, fetched_at, ids IS NOT NULL OR labels IS NOT NULL FROM layer_batches WHERE layer_id = ?',
        [layerId],
      );
      if (!rows.length) return undefined;
      const [geometryType, count, etag, fetchedAt, wholeRow] = rows[0] as [GeometryType, number, string | null, number, number];
      let batch: FeatureBatch | undefined;
      try {
        batch = wholeRow ? await this.readWholeRow(layerId) : await this.readChunks(layerId, geometryType, count);
      } catch (error) {
        console.warn(`stored layer ${layerId} not read`, error);
        return undefined;
      }
      return batch && { batch, etag: etag ?? null, fetchedAt };
    });
  }

  /** A layer's features from its chunks, in order, into arrays of the layer's size. */
  private async readChunks(layerId: string, geometryType: GeometryType, count: number): Promise<FeatureBatch> {
    const db = this.db;
    const [sums] = await db.all(
      `SELECT coalesce(sum(count), 0), coalesce(sum(length(coords)), 0), coalesce(sum(length(part_ends)), 0),
              coalesce(sum(length(polygon_ends)), 0)
         FROM layer_batch_chunks WHERE layer_id = ?`,
      [layerId],
    );
    const [chunked, coordBytes, partBytes, polygonBytes] = sums as number[];
    if (chunked !== count) throw new Error(`${chunked} of ${count} features in its chunks`);
    const totals: ChunkTotals = { count, coordBytes, partBytes, polygonBytes };
    const joiner = new ChunkJoiner(layerId, geometryType, totals);
    await db.each(
      `SELECT count, ids, coords, part_ends, feature_ends, polygon_ends, extras
         FROM layer_batch_chunks WHERE layer_id = ? ORDER BY chunk`,
      [layerId],
      (stmt) =>
        joiner.append({
          count: db.sqlite3.column_int(stmt, 0),
          ids: db.blobView(stmt, 1),
          coords: db.blobView(stmt, 2),
          partEnds: db.blobView(stmt, 3),
          featureEnds: db.blobView(stmt, 4),
          polygonEnds: db.blobView(stmt, 5),
          extras: db.isBlob(stmt, 6) ? decodeBatchExtras(db.blobView(stmt, 6)) : undefined,
        }),
    );
    return joiner.finish();
  }

  /** A layer stored whole in its `layer_batches` row (before chunks). */
  private async readWholeRow(layerId: string): Promise<FeatureBatch | undefined> {
    let found: FeatureBatch | undefined;
    const db = this.db;
    await db.each(
      `SELECT geometry_type, count, ids, coords, part_ends, feature_ends, polygon_ends, labels
         FROM layer_batches WHERE layer_id = ?`,
      [layerId],
      (stmt) => {
        const s = db.sqlite3;
        const batch: FeatureBatch = {
          layerId,
          geometryType: s.column_text(stmt, 0) as GeometryType,
          count: s.column_int(stmt, 1),
          ids: f64(db.blob(stmt, 2)),
          coords: f64(db.blob(stmt, 3)),
          partEnds: u32(db.blob(stmt, 4)),
          featureEnds: u32(db.blob(stmt, 5)),
        };
        // An empty Polygon batch stored its (empty) polygonEnds as NULL; keep the field it had.
        if (!db.isNull(stmt, 6) || (batch.geometryType === 'Polygon' && batch.count === 0)) {
          batch.polygonEnds = u32(db.blob(stmt, 6));
        }
        if (db.isBlob(stmt, 7)) Object.assign(batch, decodeBatchExtras(db.blob(stmt, 7)));
        else if (!db.isNull(stmt, 7)) readTextColumns(batch, JSON.parse(s.column_text(stmt, 7)));
        found = batch;
      },
    );
    return found;
  }

  /** Drops the layer's cached features (batch and rows); its config in `layers` stays. */
  deleteLayer(layerId: string): Promise<void> {
    this.readAhead.delete(layerId);
    return this.serial(() =>
      this.db.transaction(async () => {
        await this.db.run('DELETE FROM layer_batches WHERE layer_id = ?', [layerId]);
        await this.db.run('DELETE FROM layer_batch_chunks WHERE layer_id = ?', [layerId]);
        await this.db.run('DELETE FROM features WHERE layer_id = ?', [layerId]);
        await this.db.run('DELETE FROM feature_layers WHERE layer_id = ?', [layerId]);
      }),
    );
  }

  /** Empties every store (logout, "clear local data"); the schema and version stay. */
  clear(): Promise<void> {
    this.readAhead.clear();
    return this.serial(() =>
      this.db.transaction(async () => {
        for (const t of [...KEY_VALUE_STORES, 'layer_batches', 'layer_batch_chunks', 'features', 'feature_layers']) {
          await this.db.exec(`DELETE FROM ${t}`);
        }
      }),
    );
  }

  close(): Promise<void> {
    return this.serial(() => this.db.close());
  }
}

/** True when the app's local database does not exist yet (wasm/sqlite.ts): nothing is stored for it. */
export function localStoreCertainlyEmpty(appName?: string): Promise<boolean> {
  return databaseCertainlyEmpty(dbNameFor(appName));
}

/** Opens (creating and migrating as needed) the local database for `appName`. */
export function openLocalStore(options: OpenLocalStoreOptions = {}): Promise<LocalStore> {
  return LocalStore.open(options);
}

function kvTable(store: KeyValueStore): KeyValueStore {
  // Table names cannot be bound: refuse anything but the four known stores.
  if (!KEY_VALUE_STORES.includes(store)) throw new Error(`unknown local store: ${String(store)}`);
  return store;
}

async function userVersion(db: SqliteDb): Promise<number> {
  const rows = await db.all('PRAGMA user_version');
  return rows[0][0] as number;
}

/**
 * Measured on OPFS in Chromium (100k rows, 2 cores): every page read or write is one access-handle
 * call costing ~0.1–0.5 ms, so I/O calls, not SQL, dominate. 64 KiB pages (SQLite's largest) cut
 * the calls 16×, and a cache that holds a bulk write's working set stops SQLite spilling pages
 * mid-transaction and reading them back: 100k rows went from ~32 s to ~2 s (1.9–3.7 s on a busy
 * 2-core box; viewport read of ~5k rows from 1.2 s to ~70 ms). The page size only
 * takes effect on a new database (before its first table).
 */
const PAGE_SIZE = 65_536;
const CACHE_KIB = 8_192;

async function migrate(db: SqliteDb): Promise<void> {
  await db.exec(`PRAGMA cache_size = -${CACHE_KIB}`);
  let version = await userVersion(db);
  if (version === 0) await db.exec(`PRAGMA page_size = ${PAGE_SIZE}`);
  if (version > LOCAL_DB_VERSION) {
    // Written by a newer app (a rollback): its schema is unknown here. The caller falls back to the
    // network; silently dropping tables could lose data the newer app meant to keep.
    throw new Error(`local database ${version} is newer than this app (${LOCAL_DB_VERSION})`);
  }
  while (version < LOCAL_DB_VERSION) {
    const step = LOCAL_STORE_MIGRATIONS[version];
    const next = version + 1;
    // Each step and its version bump commit together, so a crash mid-upgrade resumes cleanly.
    await db.transaction(() => db.exec(`${step}\nPRAGMA user_version = ${next};`));
    version = next;
  }
  await db.exec(LAYER_CHUNKS_TABLE);
  await ensureDeviceTables(db);
  await ensureTrackTables(db);
}

/**
 * A stored layer's features, a chunk of them per row (layer_chunks.ts); beside the SPEC §9 stores
 * (the database stays at version 2), like the outbox and the tracks.
 */
const LAYER_CHUNKS_TABLE = `CREATE TABLE IF NOT EXISTS layer_batch_chunks (
  layer_id TEXT NOT NULL,
  chunk INTEGER NOT NULL,
  count INTEGER NOT NULL,
  ids BLOB, coords BLOB, part_ends BLOB, feature_ends BLOB, polygon_ends BLOB,
  extras BLOB,
  PRIMARY KEY (layer_id, chunk)
)`;
