// The features list as FlatGeobuf (issue 4): the same rows as the GeoJSON list, written by PostGIS
// `ST_AsFlatGeobuf` and streamed page by page, so a 135k-point layer is one binary stream that
// the data worker decodes as it arrives (workers/data/fgb_decode.ts).
//
// Why pages glue into one file: without a spatial index (index = false) PostGIS writes the header
// with features_count 0 ("unknown", allowed by the format) and no envelope, and features follow the
// header back to back, each size-prefixed. Every page of the same query therefore starts with the
// same header bytes; the first page goes out whole and later pages go out without their magic and
// header. The header bytes are compared, so a page that would not fit fails loudly.
//
// Why no spatial index: it exists for HTTP range reads of a static file. Here the server filters
// with the GiST index (bbox), and the client reads the stream in order; an index would need every
// feature before the first byte is sent, would grow the header, and PostGIS would reorder features
// along its Hilbert curve instead of by gfid.
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';

export const FGB_MIME = 'application/flatgeobuf';
/** mime-db does not list FlatGeobuf, so @fastify/compress is told per route that it compresses. */
export const FGB_COMPRESSIBLE = /^application\/flatgeobuf(?:;|$)/;

/** Rows per aggregate. Measured on PGlite (135k cities): 1,000 to 10,000 rows cost the same in total
 * (PostGIS encodes ≈ 100 µs a feature either way); small pages put the first bytes on the wire sooner,
 * keep each bytea small, let other requests in between, and make the 2,000-city test glue pages. */
const PAGE = 1000;
const MAGIC_LEN = 8;
/** Geometry column name unlikely to clash with a property definition. */
const GEOM = '_mapdraft_geom';
const RESERVED = new Set(['gfid', 'version', GEOM]);

type Bbox = [number, number, number, number];

/**
 * `f=fgb` / `f=geojson` decide; else the Accept header: FlatGeobuf when its q is the highest, an
 * explicit type beating a wildcard at equal q, then the order given. GeoJSON stays the default.
 */
export function wantsFlatGeobuf(f: string | undefined, accept: string | undefined): boolean {
  if (f) return f === 'fgb';
  if (!accept) return false;
  let best: { fgb: boolean; q: number; exact: boolean } | undefined;
  for (const part of accept.split(',')) {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const fgb = type === FGB_MIME;
    const json = type === 'application/geo+json' || type === 'application/json';
    const wild = type === '*/*' || type === 'application/*';
    if (!fgb && !json && !wild) continue;
    const exact = !wild;
    if (!best || q > best.q || (q === best.q && exact && !best.exact)) best = { fgb, q, exact };
  }
  return best?.fgb ?? false;
}

interface Select {
  list: string;
  params: string[];
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Real FGB columns: gfid (Long), version (Int), then one per property definition of the layer
 * (SPEC §3), typed by its definition: NUMBER → Double, BOOLEAN → Bool, the rest → String (objects
 * and arrays as their JSON text). A value of the wrong JSON type becomes null rather than an error.
 * Keys without a definition are not sent. `firstParam` is the number of the first $n to use.
 */
function selectList(layer: LayerRow | null, firstParam: number): Select {
  const cols = ['gfid', 'version'];
  const params: string[] = [];
  const seen = new Set(RESERVED);
  for (const def of (layer?.properties ?? []) as { name?: unknown; type?: unknown }[]) {
    const name = def?.name;
    // PostgreSQL truncates identifiers past 63 bytes; such a column could not keep its name.
    if (typeof name !== 'string' || !name || seen.has(name) || Buffer.byteLength(name) > 63 || name.includes('\0')) continue;
    seen.add(name);
    params.push(name);
    const key = `$${firstParam + params.length - 1}::text`;
    const ident = quoteIdent(name);
    if (def.type === 'NUMBER') {
      cols.push(`CASE WHEN jsonb_typeof(properties->${key}) = 'number' THEN (properties->>${key})::float8 END AS ${ident}`);
    } else if (def.type === 'BOOLEAN') {
      cols.push(`CASE WHEN jsonb_typeof(properties->${key}) = 'boolean' THEN (properties->>${key})::boolean END AS ${ident}`);
    } else {
      cols.push(`properties->>${key} AS ${ident}`);
    }
  }
  return { list: cols.join(', '), params };
}

interface GeometryPlan {
  /** Geometry types the file holds (FGB has one type per file; a layer holds one — SPEC §3). */
  types: string[];
  multi: boolean;
  empty: string;
}

/**
 * PostGIS refuses to mix types in one file ("mixed geometry type is not supported"), and the Natural
 * Earth countries mix Polygon and MultiPolygon: lines and polygons are always sent as their Multi
 * form; points stay points unless the layer holds a MultiPoint. Features of another family are left
 * out (the client drops them from a batch anyway).
 */
async function geometryPlan(db: Db, layer: LayerRow): Promise<GeometryPlan> {
  switch (layer.geometry_type) {
    case 'LineString':
      return { types: ['LINESTRING', 'MULTILINESTRING'], multi: true, empty: 'MULTILINESTRING EMPTY' };
    case 'Polygon':
      return { types: ['POLYGON', 'MULTIPOLYGON'], multi: true, empty: 'MULTIPOLYGON EMPTY' };
    case 'Point': {
      const { rows } = await db.query(
        `SELECT 1 FROM features WHERE workspace_id = $1 AND layer_id = $2 AND GeometryType(geom) = 'MULTIPOINT' LIMIT 1`,
        [layer.workspace_id, layer.id],
      );
      const multi = rows.length > 0;
      return { types: ['POINT', 'MULTIPOINT'], multi, empty: multi ? 'MULTIPOINT EMPTY' : 'POINT EMPTY' };
    }
    default:
      return { types: [], multi: false, empty: 'POINT EMPTY' };
  }
}

const headerEnd = (b: Uint8Array) => MAGIC_LEN + 4 + new DataView(b.buffer, b.byteOffset, b.byteLength).getUint32(MAGIC_LEN, true);

/**
 * A file with the layer's header and no feature: PostGIS returns NULL for an empty aggregate, so
 * one row with an empty geometry is encoded and its feature cut off.
 */
export async function emptyFlatGeobuf(db: Db, layer: LayerRow | null, plan?: GeometryPlan): Promise<Uint8Array> {
  const sel = selectList(layer, 1);
  const empty = plan?.empty ?? 'POINT EMPTY';
  const { rows } = await db.query<{ fgb: Uint8Array }>(
    `SELECT ST_AsFlatGeobuf(q, false, '${GEOM}') AS fgb FROM (
       SELECT ${sel.list}, ST_SetSRID('${empty}'::geometry, 4326) AS ${GEOM}
       FROM (SELECT 0::bigint AS gfid, 0::integer AS version, '{}'::jsonb AS properties) AS features
     ) q`,
    sel.params,
  );
  const fgb = rows[0].fgb;
  return fgb.subarray(0, headerEnd(fgb));
}

/** The layer's features (optionally within bbox, degrees) as one FlatGeobuf file, in gfid order. */
export async function* flatGeobufStream(db: Db, layer: LayerRow, bbox?: Bbox, pageRows = PAGE): AsyncGenerator<Uint8Array> {
  const plan = await geometryPlan(db, layer);
  // $1 workspace, $2 layer, $3 last gfid, [$4..$7 bbox], then the property keys (an unused
  // parameter would leave PostgreSQL unable to type it).
  const fixed: unknown[] = [layer.workspace_id, layer.id, 0, ...(bbox ?? [])];
  const sel = selectList(layer, fixed.length + 1);
  const geom = plan.multi ? 'ST_Multi(geom)' : 'geom';
  const where = bbox ? 'AND ST_Intersects(geom, ST_MakeEnvelope($4, $5, $6, $7, 4326))' : '';
  const types = plan.types.length ? plan.types.map((t) => `'${t}'`).join(', ') : 'NULL';
  const sql = `SELECT ST_AsFlatGeobuf(q, false, '${GEOM}' ORDER BY q.gfid) AS fgb, max(q.gfid) AS last, count(*) AS n
    FROM (
      SELECT ${sel.list}, ${geom} AS ${GEOM} FROM features
      WHERE workspace_id = $1 AND layer_id = $2 AND gfid > $3 ${where}
        AND GeometryType(geom) IN (${types})
      ORDER BY gfid LIMIT ${Math.max(1, Math.floor(pageRows))}
    ) q`;
  let header: Uint8Array | undefined;
  let after: string | number = 0;
  for (;;) {
    fixed[2] = after;
    const { rows } = await db.query<{ fgb: Uint8Array | null; last: string | number | null; n: string | number }>(sql, [
      ...fixed, ...sel.params,
    ]);
    const { fgb, last, n } = rows[0];
    if (!fgb || last == null) break;
    const end = headerEnd(fgb);
    if (!header) {
      header = fgb.slice(0, end);
      yield fgb;
    } else {
      if (!sameBytes(header, fgb.subarray(0, end))) throw new Error('FlatGeobuf page header differs from the first page');
      yield fgb.subarray(end);
    }
    after = last;
    if (Number(n) < pageRows) break;
  }
  if (!header) yield await emptyFlatGeobuf(db, layer, plan);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
