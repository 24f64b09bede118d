// What a layer holds as a table, shared by the file formats that need typed columns and one geometry
// type (FlatGeobuf in flatgeobuf.ts, the GeoPackage export in export_gpkg.ts): its property columns,
// how wide its number columns must be, and which geometry type every feature is written as; and the
// rows the file exports (GeoPackage, GPX, CSV) read, page by page.
import type { Geometry } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import { type FeatureFilter, featureWhere, GEOJSON_DECIMALS, geoJsonGeometry } from './feature_query.ts';
import { GeometryType } from './fgb_writer.ts';

export interface PropertyDef {
  name: string;
  type: unknown;
}

/** The layer's property definitions with a name a file can carry (the key is bound as text, which cannot hold NUL). */
export function propertyDefs(layer: LayerRow | null): PropertyDef[] {
  const seen = new Set(['gfid', 'version']);
  const defs: PropertyDef[] = [];
  for (const def of (layer?.properties ?? []) as { name?: unknown; type?: unknown }[]) {
    const name = def?.name;
    if (typeof name !== 'string' || !name || seen.has(name) || name.includes('\0')) continue;
    seen.add(name);
    defs.push({ name, type: def.type });
  }
  return defs;
}

/** How a number column must be stored to hold every value exactly. */
export type NumberKind = 'int32' | 'int64' | 'real';

const INT32_MAX = 2 ** 31 - 1;

/**
 * The kind of each NUMBER property as its values are: int32 when every value is a whole number
 * within 32 bits, int64 within 2^53, else real — what GDAL makes of the same values in the GeoJSON
 * (Integer, Integer64, Real), so every format of a layer opens with the same field types. Decided over
 * the whole layer, so that every page and every bbox of it has the same columns. `gfid` is in the map too.
 */
export async function numberKinds(db: Db, layer: LayerRow | null, defs: PropertyDef[]): Promise<Map<string, NumberKind>> {
  const numbers = defs.filter((d) => d.type === 'NUMBER').map((d) => d.name);
  const kinds = new Map<string, NumberKind>([['gfid', 'int32']]);
  if (!layer) return kinds;
  const aggregates = numbers.map((_, i) => {
    const v = `properties->$${i + 3}::text`;
    const isNumber = `jsonb_typeof(${v}) = 'number'`;
    return `, bool_and(NOT (${isNumber}) OR (${v})::text::numeric % 1 = 0) AS whole${i},
      max(abs((${v})::text::numeric)) FILTER (WHERE ${isNumber}) AS max${i}`;
  });
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT max(gfid) AS gfid ${aggregates.join('')} FROM features WHERE workspace_id = $1 AND layer_id = $2`,
    [layer.workspace_id, layer.id, ...numbers],
  );
  const integerKind = (max: number): NumberKind => (max <= INT32_MAX ? 'int32' : max <= Number.MAX_SAFE_INTEGER ? 'int64' : 'real');
  kinds.set('gfid', rows[0]?.gfid == null ? 'int32' : integerKind(Number(rows[0].gfid)));
  numbers.forEach((name, i) => {
    const whole = rows[0]?.[`whole${i}`] === true;
    const max = rows[0]?.[`max${i}`];
    kinds.set(name, !whole || max == null ? 'real' : integerKind(Number(max)));
  });
  return kinds;
}

export interface GeometryPlan {
  /** PostGIS types of the features written (a layer holds one family — SPEC §3). */
  types: string[];
  /** Whether single geometries are written in their Multi form (`ST_Multi`). */
  multi: boolean;
  /** The file's geometry type: the one type of every feature in it (WKB and FlatGeobuf share the codes). */
  type: GeometryType;
}

/**
 * Readers of typed formats expect one geometry type, and the Natural Earth countries mix Polygon
 * and MultiPolygon: lines and polygons are always written as their Multi form; points stay points
 * unless the layer holds a MultiPoint. Features of another family are left out.
 */
export async function geometryPlan(db: Db, layer: LayerRow): Promise<GeometryPlan> {
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

/** The SQL test that a row is of the plan's family. */
export const ofPlanFamily = (plan: GeometryPlan, col = 'geom') =>
  `GeometryType(${col}) IN (${plan.types.length ? plan.types.map((t) => `'${t}'`).join(', ') : 'NULL'})`;

/** The geometry as written: RFC 7946's ring order (as the GeoJSON), in the Multi form when the plan says so. */
export const plannedGeometry = (plan: GeometryPlan, col = 'geom') =>
  plan.multi ? `ST_Multi(ST_ForcePolygonCCW(${col}))` : `ST_ForcePolygonCCW(${col})`;

/** One feature as the file exports read it. */
export interface TableRow {
  gfid: number;
  version: number;
  properties: Record<string, unknown>;
  /** GeoJSON geometry as the features list writes it (RFC 7946 rings, 6 decimals). */
  geometry: Geometry;
  /** The same geometry as WKT, 6 decimals. */
  wkt: string;
  /** With a plan: the planned geometry as little-endian WKB, and its minx, maxx, miny, maxy (GeoPackage's envelope order). */
  wkb?: Uint8Array;
  envelope?: [number, number, number, number];
}

/** Rows per query, keyset on gfid as the other reads: a large layer never sits in the database's answer at once. */
const PAGE = 1000;

/**
 * The features of `filter` in gfid order, page by page. With a plan, only the plan's family, each
 * with its planned WKB and envelope (GeoPackage); without, every feature of the layer.
 */
export async function* tableRows(db: Db, layer: LayerRow, filter: FeatureFilter, plan?: GeometryPlan): AsyncGenerator<TableRow[]> {
  const where = featureWhere(layer.workspace_id, layer.id, filter, 2);
  const planned = plan ? plannedGeometry(plan) : '';
  const wkb = plan
    ? `, encode(ST_AsBinary(${planned}, 'NDR'), 'hex') AS wkb,
       ST_XMin(geom) AS minx, ST_XMax(geom) AS maxx, ST_YMin(geom) AS miny, ST_YMax(geom) AS maxy`
    : '';
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{
      gfid: number | string;
      version: number;
      properties: string;
      geometry: string;
      wkt: string;
      wkb?: string;
      minx: number;
      maxx: number;
      miny: number;
      maxy: number;
    }>(
      `SELECT gfid, version, properties::text AS properties, ${geoJsonGeometry('geom')} AS geometry,
              ST_AsText(ST_ForcePolygonCCW(geom), ${GEOJSON_DECIMALS}) AS wkt ${wkb}
       FROM features WHERE gfid > $1 AND ${where.sql} ${plan ? `AND ${ofPlanFamily(plan)}` : ''}
       ORDER BY gfid LIMIT ${PAGE}`,
      [after, ...where.params],
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      gfid: Number(r.gfid),
      version: r.version,
      properties: JSON.parse(r.properties) as Record<string, unknown>,
      geometry: JSON.parse(r.geometry) as Geometry,
      wkt: r.wkt,
      ...(r.wkb === undefined
        ? {}
        : { wkb: Buffer.from(r.wkb, 'hex'), envelope: [r.minx, r.maxx, r.miny, r.maxy] as [number, number, number, number] }),
    }));
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1].gfid);
  }
}

/**
 * A property value as text, the way the features list's `->>` gives it: strings as they are, numbers
 * and booleans as JSON writes them, objects and arrays as their JSON text; null and missing are empty.
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
