// OGC API – Features (Part 1 Core, GeoJSON, HTML; Part 2 CRS84 only) over an app's layers: what the
// routes answer, built from the database. HTTP (paths, formats, links) stays in routes/ogc.ts.
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { assertCanRead, type LayerRow, type VersionedLayerRow, type WorkspaceRow } from '../routes/common.ts';
import { type FeatureFilter, featureJson, featureWhere } from './feature_query.ts';

export const CRS84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** The conformance classes the routes implement (Part 1 §7.4, Part 2 §6). */
export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/html',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
];

export const ITEMS_DEFAULT_LIMIT = 100;
export const ITEMS_MAX_LIMIT = 10_000;

export interface Collection {
  /** The layer id, or `workspace.layer` when two workspaces of the app have a layer of that id. */
  id: string;
  title: string;
  layer: VersionedLayerRow;
  workspace: WorkspaceRow;
}

/**
 * The app's vector layers, one collection each (suggestion `_diff` layers and WMS layers are not
 * feature collections). Ids are decided over all of them, so a layer keeps its id whoever asks.
 */
async function appCollections(db: Db, appKey: string): Promise<Collection[]> {
  const { rows: apps } = await db.query('SELECT 1 FROM apps WHERE app_key = $1', [appKey]);
  if (!apps.length) throw notFound('NO_APP_REGISTERED');
  const { rows } = await db.query<VersionedLayerRow & { ws: WorkspaceRow }>(
    `SELECT l.*, layer_version(l) AS data_version, to_jsonb(w) AS ws FROM layers l JOIN workspaces w ON w.id = l.workspace_id
     WHERE w.app_key = $1 AND NOT w.is_diff AND l.diff_of IS NULL AND l.geometry_type <> 'wms'
     ORDER BY l.workspace_id, l.id`,
    [appKey],
  );
  const idCount = new Map<string, number>();
  for (const r of rows) idCount.set(r.id, (idCount.get(r.id) ?? 0) + 1);
  return rows.map(({ ws, ...layer }) => ({
    id: idCount.get(layer.id)! > 1 ? `${layer.workspace_id}.${layer.id}` : layer.id,
    title: layer.name || layer.id,
    layer,
    workspace: ws,
  }));
}

/**
 * The collections the caller may read (SPEC §6). A visitor of an app whose every layer is private
 * gets 401, so that a GIS client asks for credentials instead of showing an empty service.
 */
export async function readableCollections(request: FastifyRequest, appKey: string): Promise<Collection[]> {
  const out: Collection[] = [];
  let refused: HttpError | undefined;
  for (const c of await appCollections(request.server.deps.db, appKey)) {
    try {
      await assertCanRead(request, c.workspace);
      out.push(c);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      refused ??= err;
    }
  }
  if (out.length === 0 && refused) throw refused;
  return out;
}

/** One collection, readable by the caller: 401 for a visitor and 403 for a non-member of a private workspace. */
export async function findCollection(request: FastifyRequest, appKey: string, id: string): Promise<Collection> {
  const found = (await appCollections(request.server.deps.db, appKey)).find((c) => c.id === id);
  if (!found) throw notFound('LAYER_NOT_FOUND');
  await assertCanRead(request, found.workspace);
  return found;
}

export type Extent = [number, number, number, number] | null;

/** Each collection's bbox over its features (null for an empty layer), in one query. */
export async function collectionExtents(db: Db, collections: Collection[]): Promise<Map<Collection, Extent>> {
  const out = new Map<Collection, Extent>(collections.map((c) => [c, null]));
  if (!collections.length) return out;
  const { rows } = await db.query<{ w: string; l: string; minx: number; miny: number; maxx: number; maxy: number }>(
    `SELECT w, l, ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy FROM (
       SELECT f.workspace_id AS w, f.layer_id AS l, ST_Extent(f.geom) AS e
       FROM features f JOIN jsonb_to_recordset($1::jsonb) AS k(w text, l text) ON f.workspace_id = k.w AND f.layer_id = k.l
       GROUP BY 1, 2) x`,
    [JSON.stringify(collections.map((c) => ({ w: c.layer.workspace_id, l: c.layer.id })))],
  );
  for (const c of collections) {
    const r = rows.find((x) => x.w === c.layer.workspace_id && x.l === c.layer.id);
    if (r) out.set(c, [r.minx, r.miny, r.maxx, r.maxy]);
  }
  return out;
}

/** The collection's item type and property names, as the layer defines them (SPEC §3 property definitions). */
export function propertyNames(layer: LayerRow): string[] {
  return (layer.properties as { name?: unknown }[])
    .map((p) => p?.name)
    .filter((n): n is string => typeof n === 'string' && n.length > 0 && !n.includes('\0'));
}

export interface ItemsPage {
  /** The features as GeoJSON text, in gfid order. */
  features: string[];
  numberMatched: number;
  /** The gfid of the last feature sent. */
  lastGfid?: number;
}

/**
 * Counts per layer data version and filter: GIS clients page a large layer in many requests, and on
 * PGlite a count over 135k rows costs a second; the version changes with every change of the layer.
 */
const counts = new Map<string, number>();
const COUNTS_KEPT = 1000;

async function matchedCount(db: Db, layer: VersionedLayerRow, filter: FeatureFilter): Promise<number> {
  const key = JSON.stringify([layer.workspace_id, layer.id, String(layer.data_version), filter]);
  const known = counts.get(key);
  if (known !== undefined) return known;
  const where = featureWhere(layer.workspace_id, layer.id, filter);
  const { rows } = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM features WHERE ${where.sql}`, where.params);
  const n = Number(rows[0].n);
  if (counts.size >= COUNTS_KEPT) counts.delete(counts.keys().next().value!);
  counts.set(key, n);
  return n;
}

/**
 * One page of items in gfid order: `limit` features after `start.after` (a gfid, from a next link) or
 * else after `start.offset` features, with the count of all that match.
 */
export async function itemsPage(
  db: Db,
  layer: VersionedLayerRow,
  filter: FeatureFilter,
  start: { offset: number; after?: number },
  limit: number,
): Promise<ItemsPage> {
  const where = featureWhere(layer.workspace_id, layer.id, filter, 2);
  const keyset = start.after !== undefined;
  const { rows } = await db.query<{ gfid: number | string; f: string }>(
    `SELECT gfid, ${featureJson('features')} AS f FROM features WHERE gfid > $1 AND ${where.sql}
     ORDER BY gfid ${keyset ? '' : `OFFSET ${start.offset}`} LIMIT ${limit}`,
    [start.after ?? 0, ...where.params],
  );
  const last = rows.at(-1);
  return {
    features: rows.map((r) => r.f),
    numberMatched: await matchedCount(db, layer, filter),
    lastGfid: last ? Number(last.gfid) : undefined,
  };
}

/** One feature of the collection as GeoJSON text. */
export async function oneItem(db: Db, layer: LayerRow, gfid: number): Promise<string> {
  const { rows } = await db.query<{ f: string }>(
    `SELECT ${featureJson('features')} AS f FROM features WHERE gfid = $1 AND workspace_id = $2 AND layer_id = $3`,
    [gfid, layer.workspace_id, layer.id],
  );
  if (!rows[0]) throw notFound('FEATURE_NOT_FOUND');
  return rows[0].f;
}
