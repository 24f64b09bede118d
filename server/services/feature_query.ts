// The SQL every feature read shares: which rows of one layer (bbox, property equality), and how a
// feature becomes GeoJSON text. The features list, its FlatGeobuf form and the OGC API – Features
// items and the file exports all build their WHERE here, so a filter means the same thing in every format.

export type Bbox = [number, number, number, number];

export interface FeatureFilter {
  /** minx, miny, maxx, maxy in degrees (CRS84); minx > maxx crosses the antimeridian. */
  bbox?: Bbox;
  /** Property name and value, compared as text (OGC API – Features "property filters"). */
  equals?: readonly (readonly [string, string])[];
  /**
   * On a diff layer, read by a member who does not review it: delete proposals (grpstatus d) of
   * other users are left out, their own kept (SPEC §2: the deleted group is for admins).
   */
  ownDeletesOnlyOf?: number;
  /** Only these features (an exported selection or search result). */
  gfids?: readonly number[];
}

export interface WhereClause {
  /** Conditions over a `features` row, without the WHERE keyword. */
  sql: string;
  params: unknown[];
}

/** The rows of one layer that pass `filter`; parameters are numbered from `first`. */
export function featureWhere(workspace: string, layer: string, filter: FeatureFilter = {}, first = 1): WhereClause {
  const params: unknown[] = [workspace, layer];
  const p = () => `$${first + params.length - 1}`;
  const parts = [`workspace_id = $${first}`, `layer_id = $${first + 1}`];
  if (filter.bbox) {
    const [minx, miny, maxx, maxy] = filter.bbox;
    const envelope = (box: number[]) => {
      const at = box.map((v) => {
        params.push(v);
        return p();
      });
      return `ST_Intersects(geom, ST_MakeEnvelope(${at.join(', ')}, 4326))`;
    };
    // A box whose west edge is east of its east edge crosses the antimeridian (OGC API – Features §7.15.3).
    parts.push(
      minx <= maxx ? envelope([minx, miny, maxx, maxy]) : `(${envelope([minx, miny, 180, maxy])} OR ${envelope([-180, miny, maxx, maxy])})`,
    );
  }
  for (const [name, value] of filter.equals ?? []) {
    params.push(name);
    const key = p();
    params.push(value);
    parts.push(`properties->>${key}::text = ${p()}::text`);
  }
  if (filter.gfids) {
    params.push(filter.gfids);
    parts.push(`gfid = ANY(${p()}::bigint[])`);
  }
  if (filter.ownDeletesOnlyOf !== undefined) {
    params.push(filter.ownDeletesOnlyOf);
    parts.push(`(properties->>'grpstatus' IS DISTINCT FROM 'd' OR created_by = ${p()}::bigint)`);
  }
  return { sql: parts.join(' AND '), params };
}

/** Decimal places of GeoJSON coordinates: RFC 7946 §11.2 asks for no more than needed; 6 ≈ 0.1 m. */
export const GEOJSON_DECIMALS = 6;

/** RFC 7946 §3.1.6: exterior rings counter-clockwise, holes clockwise. */
export const geoJsonGeometry = (col: string) => `ST_AsGeoJSON(ST_ForcePolygonCCW(${col}), ${GEOJSON_DECIMALS})`;

/**
 * The feature as compact GeoJSON text built in SQL, so Node only concatenates, never parses, a list:
 * {type, id: gfid, geometry, properties: {...userProperties, gfid, version}} (CONTRACT "Features").
 */
export const featureJson = (t: string) => `'{"type":"Feature","id":' || ${t}.gfid || ',"geometry":' || ${geoJsonGeometry(`${t}.geom`)}
  || ',"properties":' || (${t}.properties || jsonb_build_object('gfid', ${t}.gfid, 'version', ${t}.version))::text || '}'`;
