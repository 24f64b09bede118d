// MAPDRAFT contender of scenario 8 (local store): one row per feature with its bbox in the local
// database's `features` tables (workers/data/local_store.ts LOCAL_STORE_MIGRATIONS), for viewport
// reads of layers too big to load whole on a phone. The app keeps whole-layer batches only
// (LocalStore.putLayerBatch); these rows are written and read by the benchmark and its tests, on the
// store's own serial connection (LocalStore.run).
import type { SqlValue } from '../../../wasm/sqlite.ts';
import type { LocalStore } from '../../../workers/data/local_store.ts';

/** [minX, minY, maxX, maxY] in EPSG:4326, like FeatureBatch coordinates (SPEC §9: data in 4326). */
export type Extent = [number, number, number, number];

export interface FeatureRow {
  gfid: number;
  /** The feature's lon,lat pairs, packed. */
  coords: Float64Array;
  /** End vertex (exclusive) of each part, for multi-part features and polygon rings; absent for one part. */
  partEnds?: Uint32Array;
  /** Computed from `coords` when absent. */
  bbox?: Extent;
  properties?: Record<string, unknown>;
}

export interface ViewportRow {
  gfid: number;
  bbox: Extent;
  coords: Float64Array;
  partEnds?: Uint32Array;
  properties: Record<string, unknown>;
}

// Typed arrays are stored as their raw bytes, as local_store.ts stores batches.
function asBytes(a: ArrayBufferView): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
const f64 = (b: Uint8Array) => new Float64Array(b.buffer, b.byteOffset, b.byteLength / 8);
const u32 = (b: Uint8Array) => new Uint32Array(b.buffer, b.byteOffset, b.byteLength / 4);

const INSERT_FEATURE_SQL = `INSERT OR REPLACE INTO features
  (layer_id, gfid, minx, miny, maxx, maxy, geometry, part_ends, properties) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function bboxOf(coords: Float64Array): Extent {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < coords.length; i += 2) {
    const x = coords[i],
      y = coords[i + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/**
 * Inserts or replaces rows (by gfid) in ONE transaction with one cached prepared statement:
 * per-row transactions would each sync the file, which is what makes naive IndexedDB/OPFS writes
 * slow. (Multi-row VALUES statements measured 5–30× slower in wa-sqlite, so one row per step.)
 */
export function putFeatureRows(store: LocalStore, layerId: string, rows: readonly FeatureRow[]): Promise<void> {
  return store.run((db) =>
    db.transaction(async () => {
      let maxWidth = 0;
      const params: SqlValue[] = new Array(9);
      params[0] = layerId;
      for (const row of rows) {
        const [minX, minY, maxX, maxY] = row.bbox ?? bboxOf(row.coords);
        if (maxX - minX > maxWidth) maxWidth = maxX - minX;
        params[1] = row.gfid;
        params[2] = minX;
        params[3] = minY;
        params[4] = maxX;
        params[5] = maxY;
        params[6] = asBytes(row.coords);
        params[7] = row.partEnds ? asBytes(row.partEnds) : null;
        params[8] = JSON.stringify(row.properties ?? {});
        await db.run(INSERT_FEATURE_SQL, params);
      }
      // The widest feature bounds how far left of the viewport a matching minx can lie.
      await db.run(
        `INSERT INTO feature_layers (layer_id, max_width) VALUES (?, ?)
         ON CONFLICT (layer_id) DO UPDATE SET max_width = max(max_width, excluded.max_width)`,
        [layerId, maxWidth],
      );
    }),
  );
}

/**
 * Rows of `layerId` whose bbox intersects `extent` (edges touching count), at most `limit` of them
 * (a phone cannot draw an unbounded answer; `length === limit` means there may be more). The
 * extent is not wrapped: a view across ±180 asks twice, once per side.
 */
export function readViewport(store: LocalStore, layerId: string, extent: Extent, limit = 10_000): Promise<ViewportRow[]> {
  return store.run(async (db) => {
    const [minX, minY, maxX, maxY] = extent;
    const width = await db.all('SELECT max_width FROM feature_layers WHERE layer_id = ?', [layerId]);
    if (!width.length) return [];
    const maxWidth = width[0][0] as number;
    const out: ViewportRow[] = [];
    const s = db.sqlite3;
    await db.each(
      `SELECT gfid, minx, miny, maxx, maxy, geometry, part_ends, properties FROM features
        WHERE layer_id = ?1 AND minx >= ?2 AND minx <= ?3 AND maxx >= ?4 AND miny <= ?5 AND maxy >= ?6
        LIMIT ?7`,
      [layerId, minX - maxWidth, maxX, minX, maxY, minY, limit],
      (stmt) => {
        const row: ViewportRow = {
          gfid: s.column_double(stmt, 0),
          bbox: [s.column_double(stmt, 1), s.column_double(stmt, 2), s.column_double(stmt, 3), s.column_double(stmt, 4)],
          coords: f64(db.blob(stmt, 5)),
          properties: JSON.parse(s.column_text(stmt, 7)) as Record<string, unknown>,
        };
        if (!db.isNull(stmt, 6)) row.partEnds = u32(db.blob(stmt, 6));
        out.push(row);
      },
    );
    return out;
  });
}
