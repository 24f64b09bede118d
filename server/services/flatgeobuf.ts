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
// The file: magic, a header with the features count and envelope (one summary query before the
// first page), then size-prefixed features back to back. The header goes out with the first page, so
// the first bytes leave before the last rows are read.
//
// Two shapes of file. A bbox read or an OGC API page is streamed in gfid order without an index:
// the server filters with the GiST index, and the client reads the stream in order. The whole layer is
// written as a static file with its packed Hilbert R-tree (indexedFlatGeobuf), cached per layer data
// version by layer_files.ts and served with ETag and byte ranges, so GDAL's /vsicurl/ and
// flatgeobuf's HTTP reader fetch only the nodes and features a bbox needs.
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import { type Bbox, type FeatureFilter, featureWhere } from './feature_query.ts';
import { geometryBox, hilbertOrder, INDEX_NODE_SIZE, packedRTree } from './fgb_index.ts';
import { ColumnType, FgbFeatureWriter, type FgbColumn, type FgbHeaderInput, fgbHeader, GeometryType } from './fgb_writer.ts';
import { geometryPlan, type NumberKind, numberKinds, ofPlanFamily, plannedGeometry, propertyDefs } from './layer_table.ts';
import { type FlatGeometry, readWkb } from './wkb.ts';
import { COMPRESSION } from '../http/compression.ts';

export const FGB_MIME = 'application/flatgeobuf';
/**
 * The `compress` option of a route that answers FlatGeobuf: mime-db does not list the type, so
 * @fastify/compress is told per route that it compresses — with the app's options, which a route's own replace.
 */
export const FGB_ROUTE_COMPRESSION = { ...COMPRESSION, customTypes: /^application\/flatgeobuf(?:;|$)/ };

/** Rows per query. Measured on PGlite (135k cities): 1,000 and 5,000 rows cost the same in total;
 * small pages put the first bytes on the wire sooner, keep each page's text small, let other requests
 * in between, and make the 2,000-city test span several pages. */
const PAGE = 1000;

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

/** The FlatGeobuf column type of each number kind (Int, Long, Double: GDAL's Integer, Integer64, Real). */
const FGB_NUMBER: Record<NumberKind, ColumnType> = { int32: ColumnType.Int, int64: ColumnType.Long, real: ColumnType.Double };

interface Columns {
  /** The FGB columns, in the order of `values`. */
  columns: FgbColumn[];
  /** One SQL expression per column over a `features` row. */
  values: string[];
  /** The property keys, bound from $firstParam on. */
  params: string[];
}

/**
 * Columns: gfid (Int, or Long past 2^31 as in GeoJSON), version (Int), then one per property definition of the layer (SPEC §3),
 * typed by its definition: NUMBER → Int, Long or Double as the values are (numberKinds),
 * BOOLEAN → Bool, the rest → String (objects and arrays as their JSON text). A value of the wrong
 * JSON type becomes null rather than an error (the writer leaves out a value of another type than
 * its column's). Keys without a definition are not sent. A String column's value is `->>`'s text,
 * not a JSON value: jsonb's own text of a number or an object is what the list has always sent, and
 * JSON.parse could not give it back ("1.50").
 */
async function layerColumns(db: Db, layer: LayerRow | null, firstParam: number, streaming = false): Promise<Columns> {
  const defs = propertyDefs(layer);
  // A streamed whole layer cannot wait for a scan of every value (≈ 0.4 s for the 135k cities on
  // PGlite): its numbers go out as Double and its gfids as Long, which hold every value exactly.
  const kinds = streaming
    ? new Map<string, NumberKind>([['gfid', 'int64'], ...defs.map((d) => [d.name, 'real'] as const)])
    : await numberKinds(db, layer, defs);
  const numberType = (name: string) => FGB_NUMBER[kinds.get(name)!];
  const columns: FgbColumn[] = [
    { name: 'gfid', type: numberType('gfid') },
    { name: 'version', type: ColumnType.Int },
  ];
  const values = ['gfid', 'version'];
  const params: string[] = [];
  for (const def of defs) {
    params.push(def.name);
    const key = `$${firstParam + params.length - 1}::text`;
    const type = def.type === 'NUMBER' ? numberType(def.name) : def.type === 'BOOLEAN' ? ColumnType.Bool : ColumnType.String;
    columns.push({ name: def.name, type });
    values.push(type === ColumnType.String ? `properties->>${key}` : `properties->${key}`);
  }
  return { columns, values, params };
}

/** A file with the layer's header and no feature (a Point file with gfid and version without a layer). */
export async function emptyFlatGeobuf(db: Db, layer: LayerRow | null): Promise<Uint8Array> {
  const type = layer ? (await geometryPlan(db, layer)).type : GeometryType.Point;
  return fgbHeader({ name: layer?.id, geometryType: type, columns: (await layerColumns(db, layer, 1)).columns });
}

/** Which features of the layer, in gfid order: a filter, then `offset` and `limit` (OGC API – Features paging). */
export interface FgbSelection extends FeatureFilter {
  offset?: number;
  limit?: number;
  /** Only features with a larger gfid (a keyset page); with it, `offset` is not used. */
  afterGfid?: number;
}

interface FgbPlan {
  header: Omit<FgbHeaderInput, 'hasZ'>;
  columns: FgbColumn[];
  /** The features of the selection, page by page in gfid order: the geometry and the column values. */
  pages(): AsyncGenerator<{ geometry: FlatGeometry; values: unknown[] }[]>;
}

/**
 * What a file of the selection holds: its header (geometry type, columns, the count and envelope from
 * one summary query before the first page) and its features, read page by page. `streaming`: the
 * whole layer with nothing but the first page before the first byte — no count (0, "unknown", as
 * FlatGeobuf allows for a stream), no envelope, wide number columns (layerColumns) — read until a
 * short page.
 */
async function planFile(db: Db, layer: LayerRow, selection: FgbSelection, pageRows: number, streaming = false): Promise<FgbPlan> {
  const plan = await geometryPlan(db, layer);
  // $1 the last gfid sent, then the filter's parameters, then the property keys (an unused
  // parameter would leave PostgreSQL unable to type it).
  const where = featureWhere(layer.workspace_id, layer.id, selection, 2);
  const rowsOf = `${where.sql} AND ${ofPlanFamily(plan)}`;
  const cols = await layerColumns(db, layer, 2 + where.params.length, streaming);
  // RFC 7946's ring order here too, so both formats of a layer carry the same rings.
  const geom = plannedGeometry(plan);
  // A page is one JSON text: [[gfid, version, ...values, WKB as hex], ...]. PGlite hands over one
  // text value much faster than a thousand rows of several columns (measured on the 135k cities:
  // ≈ 0.9 s against ≈ 2.3 s for the whole layer); JSON.parse and Buffer.from(hex) are cheap.
  // The geometry family is tested outside the keyset scan, not in its WHERE: PostgreSQL estimates
  // `GeometryType(geom) IN (…)` to keep a few hundred of 135k rows, and then sorted the whole layer
  // for every page of 1,000 (60–80 ms a page, the FlatGeobuf list 2× slower than GeoJSON, issue 17)
  // instead of walking the (workspace_id, layer_id, gfid) index. `last` and `scanned` carry the scan on.
  const sql = (rows: number) => `SELECT json_agg(json_build_array(${cols.values.join(', ')}, encode(ST_AsBinary(${geom}, 'NDR'), 'hex'))
      ORDER BY gfid) FILTER (WHERE ${ofPlanFamily(plan)})::text AS page, max(gfid) AS last, count(*) AS scanned
    FROM (
      SELECT gfid, version, properties, geom FROM features
      WHERE gfid > $1 AND ${where.sql}
      ORDER BY gfid LIMIT ${rows}
    ) features`;
  const pageSize = Math.max(1, Math.floor(pageRows));
  /** Pages from after `firstGfid` on, at most `count` features (all when undefined). */
  async function* pagesFrom(firstGfid: number, count?: number) {
    const params: unknown[] = [firstGfid, ...where.params, ...cols.params];
    for (let left = count ?? Infinity; left > 0; ) {
      const want = Math.min(pageSize, left);
      const { rows } = await db.query<{ page: string | null; last: number | null; scanned: number | string }>(sql(want), params);
      const { page: text, last, scanned } = rows[0];
      if (last === null) break; // rows deleted since the count: the header over-counts, readers stop at the end
      if (text) {
        const page = JSON.parse(text) as unknown[][];
        yield page.map((values) => ({ geometry: readWkb(Buffer.from(values.pop() as string, 'hex')), values })); // values: the columns
        left -= page.length;
      }
      if (Number(scanned) < want) break;
      params[0] = last; // the next page starts after the last row scanned
    }
  }
  const header = { name: layer.id, geometryType: plan.type, columns: cols.columns };
  if (streaming)
    return { header: { ...header, featuresCount: 0 }, columns: cols.columns, pages: () => pagesFrom(selection.afterGfid ?? 0) };
  const offset = selection.afterGfid === undefined ? Math.max(0, Math.floor(selection.offset ?? 0)) : 0;
  const limit = selection.limit === undefined ? 'ALL' : String(Math.max(0, Math.floor(selection.limit)));
  const { rows: summary } = await db.query<{
    n: number | string;
    minx: number | null;
    miny: number;
    maxx: number;
    maxy: number;
    first: number | string | null;
  }>(
    `SELECT count(*) AS n, ST_XMin(ST_Extent(geom)) AS minx, ST_YMin(ST_Extent(geom)) AS miny,
            ST_XMax(ST_Extent(geom)) AS maxx, ST_YMax(ST_Extent(geom)) AS maxy, min(gfid) AS first
     FROM (SELECT gfid, geom FROM features WHERE gfid > $1 AND ${rowsOf} ORDER BY gfid OFFSET ${offset} LIMIT ${limit}) page`,
    [selection.afterGfid ?? 0, ...where.params],
  );
  const count = Number(summary[0].n);
  const envelope = summary[0].minx === null ? undefined : ([summary[0].minx, summary[0].miny, summary[0].maxx, summary[0].maxy] as Bbox);
  return {
    header: { ...header, featuresCount: count, envelope },
    columns: cols.columns,
    pages: () => pagesFrom(Number(summary[0].first ?? 0) - 1, count),
  };
}

/** The layer's features (optionally filtered and paged) as one FlatGeobuf file in gfid order, streamed without an index. */
export async function* flatGeobufStream(
  db: Db,
  layer: LayerRow,
  selection: FgbSelection = {},
  pageRows = PAGE,
  { streaming = false }: { streaming?: boolean } = {},
): AsyncGenerator<Uint8Array> {
  const file = await planFile(db, layer, selection, pageRows, streaming);
  const writer = new FgbFeatureWriter(file.columns);
  let sentHeader = false;
  for await (const page of file.pages()) {
    for (const { geometry, values } of page) {
      if (!sentHeader) {
        // As with PostGIS, the first feature says whether the file has z; each feature keeps its own.
        yield fgbHeader({ ...file.header, hasZ: geometry.z !== undefined });
        sentHeader = true;
      }
      writer.add(geometry, values);
    }
    yield writer.take();
  }
  if (!sentHeader) yield fgbHeader({ ...file.header, featuresCount: 0, envelope: undefined });
}

/**
 * The whole layer as a static FlatGeobuf file with its packed Hilbert R-tree, features in the
 * tree's order: what GDAL's /vsicurl/ and flatgeobuf's HTTP reader range-read by bbox. It is built
 * in memory (135k cities ≈ 15 MB), so the route caches it per layer version (layer_files.ts); a file
 * of a per-reader `filter` (a member's view of a diff layer) is built for that one answer.
 */
export async function indexedFlatGeobuf(db: Db, layer: LayerRow, filter: FeatureFilter = {}, pageRows = PAGE): Promise<Uint8Array> {
  const file = await planFile(db, layer, filter, pageRows);
  const features: { geometry: FlatGeometry; values: unknown[] }[] = [];
  for await (const page of file.pages()) features.push(...page);
  if (features.length === 0 || !file.header.envelope) return fgbHeader({ ...file.header, featuresCount: 0, envelope: undefined });
  const boxes = features.map((f) => geometryBox(f.geometry));
  const order = hilbertOrder(boxes, file.header.envelope);
  const writer = new FgbFeatureWriter(file.columns);
  const offsets = order.map((i) => {
    const at = writer.size;
    writer.add(features[i].geometry, features[i].values);
    return at;
  });
  const header = fgbHeader({
    ...file.header,
    featuresCount: features.length,
    hasZ: features[0].geometry.z !== undefined,
    indexNodeSize: INDEX_NODE_SIZE,
  });
  const index = packedRTree(
    order.map((i) => boxes[i]),
    offsets,
  );
  const body = writer.take();
  const out = new Uint8Array(header.length + index.length + body.length);
  out.set(header);
  out.set(index, header.length);
  out.set(body, header.length + index.length);
  return out;
}
