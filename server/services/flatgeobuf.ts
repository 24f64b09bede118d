// The features list as FlatGeobuf: the same rows as the GeoJSON list, in gfid order, page
// by page (keyset on gfid), encoded in Node by a streaming writer (fgb_writer.ts) and sent as one
// binary stream that the data worker decodes as it arrives (workers/data/fgb_decode.ts).
//
// Why not PostGIS `ST_AsFlatGeobuf`: on PGlite it costs 30–100 µs a feature, which made the 135k
// cities twice as slow as FlatGeobuf than as GeoJSON (benchmark scenario 10). PostgreSQL now only
// picks the property values and hands each geometry over as WKB (wkb.ts reads it); Node writes the
// flatbuffers, ≈ 2 µs a point with the reading. For the demo layers the files decode to exactly what
// PostGIS wrote: header, columns, features in gfid order, the same doubles and values.
//
// The file: magic, a header with features_count 0 ("unknown", allowed by the format) and no
// envelope, then size-prefixed features back to back. The header goes out with the first page, so the
// first bytes leave before the last rows are read.
//
// Why no spatial index: it exists for HTTP range reads of a static file. Here the server filters
// with the GiST index (bbox), and the client reads the stream in order; an index would need every
// feature before the first byte is sent, would grow the header, and would reorder features along
// its Hilbert curve instead of by gfid.
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import { ColumnType, FgbFeatureWriter, fgbHeader, GeometryType, type FgbColumn } from './fgb_writer.ts';
import { readWkb } from './wkb.ts';

export const FGB_MIME = 'application/flatgeobuf';
/** mime-db does not list FlatGeobuf, so @fastify/compress is told per route that it compresses. */
export const FGB_COMPRESSIBLE = /^application\/flatgeobuf(?:;|$)/;

/** Rows per query. Measured on PGlite (135k cities): 1,000 and 5,000 rows cost the same in total;
 * small pages put the first bytes on the wire sooner, keep each page's text small, let other requests
 * in between, and make the 2,000-city test span several pages. */
const PAGE = 1000;

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

interface Columns {
  /** The FGB columns, in the order of `values`. */
  columns: FgbColumn[];
  /** One SQL expression per column over a `features` row. */
  values: string[];
  /** The property keys, bound from $firstParam on. */
  params: string[];
}

/**
 * Columns: gfid (Long), version (Int), then one per property definition of the layer (SPEC §3),
 * typed by its definition: NUMBER → Double, BOOLEAN → Bool, the rest → String (objects and arrays
 * as their JSON text). A value of the wrong JSON type becomes null rather than an error (the writer
 * leaves out a value of another type than its column's). Keys without a definition are not sent.
 * A String column's value is `->>`'s text, not a JSON value: jsonb's own text of a number or an
 * object is what the list has always sent, and JSON.parse could not give it back ("1.50").
 */
function layerColumns(layer: LayerRow | null, firstParam: number): Columns {
  const columns: FgbColumn[] = [
    { name: 'gfid', type: ColumnType.Long },
    { name: 'version', type: ColumnType.Int },
  ];
  const values = ['gfid', 'version'];
  const params: string[] = [];
  const seen = new Set(['gfid', 'version']);
  for (const def of (layer?.properties ?? []) as { name?: unknown; type?: unknown }[]) {
    const name = def?.name;
    // The key is bound as a text parameter, which cannot hold NUL.
    if (typeof name !== 'string' || !name || seen.has(name) || name.includes('\0')) continue;
    seen.add(name);
    params.push(name);
    const key = `$${firstParam + params.length - 1}::text`;
    const type = def.type === 'NUMBER' ? ColumnType.Double : def.type === 'BOOLEAN' ? ColumnType.Bool : ColumnType.String;
    columns.push({ name, type });
    values.push(type === ColumnType.String ? `properties->>${key}` : `properties->${key}`);
  }
  return { columns, values, params };
}

interface GeometryPlan {
  /** PostGIS types of the features sent (a layer holds one family — SPEC §3). */
  types: string[];
  /** Whether single geometries are sent in their Multi form (`ST_Multi`). */
  multi: boolean;
  /** The header's geometry type: the one type of every feature in the file. */
  type: GeometryType;
}

/**
 * FlatGeobuf readers expect the header's one geometry type, and the Natural Earth countries mix
 * Polygon and MultiPolygon: lines and polygons are always sent as their Multi form; points stay points
 * unless the layer holds a MultiPoint. Features of another family are left out (the client drops them
 * from a batch anyway).
 */
async function geometryPlan(db: Db, layer: LayerRow): Promise<GeometryPlan> {
  switch (layer.geometry_type) {
    case 'LineString':
      return { types: ['LINESTRING', 'MULTILINESTRING'], multi: true, type: GeometryType.MultiLineString };
    case 'Polygon':
      return { types: ['POLYGON', 'MULTIPOLYGON'], multi: true, type: GeometryType.MultiPolygon };
    case 'Point': {
      const { rows } = await db.query(
        `SELECT 1 FROM features WHERE workspace_id = $1 AND layer_id = $2 AND GeometryType(geom) = 'MULTIPOINT' LIMIT 1`,
        [layer.workspace_id, layer.id],
      );
      const multi = rows.length > 0;
      return { types: ['POINT', 'MULTIPOINT'], multi, type: multi ? GeometryType.MultiPoint : GeometryType.Point };
    }
    default:
      return { types: [], multi: false, type: GeometryType.Point };
  }
}

/** A file with the layer's header and no feature (a Point file with gfid and version without a layer). */
export async function emptyFlatGeobuf(db: Db, layer: LayerRow | null): Promise<Uint8Array> {
  const type = layer ? (await geometryPlan(db, layer)).type : GeometryType.Point;
  return fgbHeader({ geometryType: type, columns: layerColumns(layer, 1).columns });
}

/** The layer's features (optionally within bbox, degrees) as one FlatGeobuf file, in gfid order. */
export async function* flatGeobufStream(db: Db, layer: LayerRow, bbox?: Bbox, pageRows = PAGE): AsyncGenerator<Uint8Array> {
  const plan = await geometryPlan(db, layer);
  // $1 workspace, $2 layer, $3 last gfid, [$4..$7 bbox], then the property keys (an unused
  // parameter would leave PostgreSQL unable to type it).
  const fixed: unknown[] = [layer.workspace_id, layer.id, 0, ...(bbox ?? [])];
  const cols = layerColumns(layer, fixed.length + 1);
  const geom = plan.multi ? 'ST_Multi(geom)' : 'geom';
  const where = bbox ? 'AND ST_Intersects(geom, ST_MakeEnvelope($4, $5, $6, $7, 4326))' : '';
  const types = plan.types.length ? plan.types.map((t) => `'${t}'`).join(', ') : 'NULL';
  const limit = Math.max(1, Math.floor(pageRows));
  // A page is one JSON text: [[gfid, version, ...values, WKB as hex], ...]. PGlite hands over one
  // text value much faster than a thousand rows of several columns (measured on the 135k cities:
  // ≈ 0.9 s against ≈ 2.3 s for the whole layer); JSON.parse and Buffer.from(hex) are cheap.
  const sql = `SELECT json_agg(json_build_array(${cols.values.join(', ')}, encode(ST_AsBinary(${geom}, 'NDR'), 'hex'))
      ORDER BY gfid)::text AS page
    FROM (
      SELECT gfid, version, properties, geom FROM features
      WHERE workspace_id = $1 AND layer_id = $2 AND gfid > $3 ${where}
        AND GeometryType(geom) IN (${types})
      ORDER BY gfid LIMIT ${limit}
    ) features`;
  const writer = new FgbFeatureWriter(cols.columns);
  let sentHeader = false;
  for (;;) {
    const { rows } = await db.query<{ page: string | null }>(sql, [...fixed, ...cols.params]);
    if (!rows[0].page) break;
    const page = JSON.parse(rows[0].page) as unknown[][];
    for (const row of page) {
      const geometry = readWkb(Buffer.from(row.pop() as string, 'hex')); // row is now the column values
      if (!sentHeader) {
        // As with PostGIS, the first feature says whether the file has z; each feature keeps its own.
        yield fgbHeader({ geometryType: plan.type, hasZ: geometry.z !== undefined, columns: cols.columns });
        sentHeader = true;
      }
      writer.add(geometry, row);
    }
    yield writer.take();
    fixed[2] = page[page.length - 1][0]; // the last gfid: the next page starts after it
    if (page.length < limit) break;
  }
  if (!sentHeader) yield fgbHeader({ geometryType: plan.type, columns: cols.columns });
}
