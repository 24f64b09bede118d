import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, featureRecordSchema, historyRowSchema, type FeatureRecord, type HistoryRow } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import { revalidated, sendWithRanges, weakEtag } from '../http/conditional.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { type Bbox, type FeatureFilter, featureJson, featureWhere, geoJsonGeometry } from '../services/feature_query.ts';
import {
  emptyFlatGeobuf,
  FGB_ROUTE_COMPRESSION,
  FGB_MIME,
  flatGeobufStream,
  indexedFlatGeobuf,
  wantsFlatGeobuf,
} from '../services/flatgeobuf.ts';
import type { FileCoding } from '../services/layer_files.ts';
import { reviewsWorkspace } from '../services/review_queue.ts';
import { assertCanRead, iso, type LayerRow, loadLayer, type VersionedLayerRow, readableWorkspace, type WorkspaceRow } from './common.ts';

// SPEC §7 Features, served as GeoJSON in EPSG:4326 (SPEC §3 Map view config). Each feature is
// {type, id: gfid, geometry, properties: {...userProperties, gfid, version}} (CONTRACT "Features").

const PAGE = 5000;

/** bbox=minx,miny,maxx,maxy in degrees; anything else is bad input, never a 500. */
export const bboxSchema = z
  .string()
  .transform((s) => s.split(',').map((v) => (v.trim() === '' ? NaN : Number(v))))
  .refine((n) => n.length === 4 && n.every(Number.isFinite) && n[0] <= n[2] && n[1] <= n[3], {
    error: ERRORS.INVALID_VALUE,
  })
  .transform((n) => n as Bbox);

const featuresQuery = z.object({
  workspace: z.string().optional(),
  layer: z.string({ error: ERRORS.FIELD_REQUIRED }).min(1, { error: ERRORS.FIELD_REQUIRED }),
  bbox: bboxSchema.optional(),
  /** `fgb` answers FlatGeobuf (as does `Accept: application/flatgeobuf`); GeoJSON is the default. */
  f: z.enum(['fgb', 'geojson'], { error: ERRORS.INVALID_VALUE }).optional(),
});

export const gfidParams = z.object({
  gfid: z.coerce
    .number({ error: ERRORS.NUMERIC_REQUIRED })
    .int({ error: ERRORS.NUMERIC_REQUIRED })
    .positive({ error: ERRORS.NUMERIC_REQUIRED })
    .max(Number.MAX_SAFE_INTEGER, { error: ERRORS.NUMERIC_REQUIRED }),
});

/**
 * The FeatureCollection written piece by piece: prefix, then pages of rows by keyset on gfid, then
 * the suffix — 135k cities never sit in memory at once, and other requests run between pages.
 */
export async function* featureCollection(db: Db, workspace: string, layer: string, filter: FeatureFilter): AsyncGenerator<string> {
  yield '{"type":"FeatureCollection","features":[';
  const where = featureWhere(workspace, layer, filter, 2);
  let after = 0;
  let first = true;
  for (;;) {
    const { rows } = await db.query<{ gfid: number; f: string }>(
      `SELECT gfid, ${featureJson('features')} AS f FROM features
       WHERE gfid > $1 AND ${where.sql}
       ORDER BY gfid LIMIT ${PAGE}`,
      [after, ...where.params],
    );
    if (rows.length === 0) break;
    yield (first ? '' : ',') + rows.map((r) => r.f).join(',');
    first = false;
    after = rows[rows.length - 1].gfid;
    if (rows.length < PAGE) break;
  }
  yield ']}';
}

/** br, else gzip, when Accept-Encoding takes it (q > 0); undefined for anything else. */
export function preferredCoding(header: string | undefined): FileCoding | undefined {
  const taken = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) taken.add(name.trim());
  }
  return taken.has('br') ? 'br' : taken.has('gzip') ? 'gzip' : undefined;
}

/** The whole layer streamed unindexed; then (finished, failed or abandoned by the client) `build` is started. */
async function* streamThenBuild(db: Db, layer: VersionedLayerRow, build: () => unknown): AsyncGenerator<Uint8Array> {
  try {
    yield* flatGeobufStream(db, layer, {}, undefined, { streaming: true });
  } finally {
    void build();
  }
}

/** One feature by gfid, readable by the caller; SPEC §5: lookup on a diff layer is refused. */
export async function lookupFeature(request: FastifyRequest, gfid: number): Promise<FeatureRecord> {
  const { db } = request.server.deps;
  // One round trip with its workspace: this is the busiest read (issue 16 load, scenario 16).
  const { rows } = await db.query<{ workspace_id: string; layer_id: string; diff_of: string | null; ws: WorkspaceRow; f: string }>(
    `SELECT f.workspace_id, f.layer_id, l.diff_of, to_jsonb(w) AS ws, ${featureJson('f')} AS f
     FROM features f JOIN layers l ON l.workspace_id = f.workspace_id AND l.id = f.layer_id
       JOIN workspaces w ON w.id = f.workspace_id
     WHERE f.gfid = $1`,
    [gfid],
  );
  const row = rows[0];
  if (!row) throw notFound('FEATURE_NOT_FOUND');
  const ws = row.ws;
  if (row.diff_of !== null || ws.is_diff) throw badRequest('DIFF_LAYER_LOOKUP_REFUSED');
  await assertCanRead(request, ws);
  return { ...(JSON.parse(row.f) as Omit<FeatureRecord, 'workspace' | 'layer'>), workspace: row.workspace_id, layer: row.layer_id };
}

/**
 * SPEC §2: the deleted group of a diff layer is for admins. A member who does not review the app
 * reads other users' delete proposals nowhere; their own stay visible (to withdraw them). Returns
 * the caller's id when the list must be filtered so, undefined when the caller sees every row.
 */
export async function ownDeletesOnlyOf(request: FastifyRequest, ws: WorkspaceRow, layer: LayerRow): Promise<number | undefined> {
  const user = request.user;
  if (!user || (!ws.is_diff && layer.diff_of === null)) return undefined;
  return (await reviewsWorkspace(request.server.deps.db, user, ws.id)) ? undefined : user.id;
}

/** Changes when the lists' encoding does (e.g. RFC 7946 rings and 6 decimals), so old cached copies stop matching. */
const LIST_FORMAT = 'rfc7946-6-fgb-index';

export async function featuresRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, layerFiles } = fastify.deps;
  const tags = ['features'];

  app.get('/features', { schema: { tags, querystring: featuresQuery }, compress: FGB_ROUTE_COMPRESSION }, async (req, reply) => {
    const fgb = wantsFlatGeobuf(req.query.f, req.headers.accept);
    // The body depends on Accept, so caches must key on it (f= is part of the URL already).
    reply.header('vary', 'accept');
    // SPEC §5: without a workspace the feature read returns empty features.
    if (!req.query.workspace) {
      if (fgb) return reply.type(FGB_MIME).send(Buffer.from(await emptyFlatGeobuf(db, null)));
      return reply.type('application/geo+json').send('{"type":"FeatureCollection","features":[]}');
    }
    const ws = await readableWorkspace(req, req.query.workspace);
    const layer = await loadLayer(db, ws.id, req.query.layer);
    const filter: FeatureFilter = { bbox: req.query.bbox, ownDeletesOnlyOf: await ownDeletesOnlyOf(req, ws, layer) };
    // The layer's data version (migration 040) names what this answer holds: a client that has it
    // gets 304. A member's filtered diff layer is their own variant: its tag names them.
    const audience = filter.ownDeletesOnlyOf === undefined ? undefined : `member:${filter.ownDeletesOnlyOf}`;
    const etag = weakEtag(LIST_FORMAT, layer.data_version, fgb ? 'fgb' : 'geojson', req.query.bbox?.join(','), audience);
    if (revalidated(req, reply, etag)) return reply;
    if (audience) reply.header('cache-control', 'private, no-cache');
    if (fgb && !req.query.bbox) {
      // The shared per-version cache holds the whole layer only; a member's variant is built for this answer.
      if (audience) return sendWithRanges(req, reply.type(FGB_MIME), await indexedFlatGeobuf(db, layer, filter));
      const built = layerFiles.peek(layer);
      if (built) {
        // A whole-file answer in the client's coding is compressed once per version, not per request.
        const coding = req.headers.range || req.method === 'HEAD' ? undefined : preferredCoding(req.headers['accept-encoding']);
        const coded = coding && (await layerFiles.coded(layer, coding));
        if (!coded) return sendWithRanges(req, reply.type(FGB_MIME), built);
        reply.header('content-encoding', coding).header('vary', 'accept, accept-encoding').header('accept-ranges', 'bytes');
        return reply.type(FGB_MIME).send(coded);
      }
      // Ranges and sizes (HEAD, as /vsicurl/ asks first) only ever come from the indexed file.
      if (req.headers.range || req.method === 'HEAD') return sendWithRanges(req, reply.type(FGB_MIME), await layerFiles.get(db, layer));
      // Not built for this version yet (a change was accepted, or the server just started): the
      // layer streams unindexed, its first page within a query's time, and the indexed file is
      // built once the stream is done — after it, so that on PGlite's one connection the build's
      // queries never queue before the stream's. Same ETag: the same features, version and format.
      const build = () => layerFiles.get(db, layer).catch((err) => req.log.warn({ err }, `FlatGeobuf file of ${layer.id} not built`));
      return reply.type(FGB_MIME).send(Readable.from(streamThenBuild(db, layer, build)));
    }
    if (fgb) return reply.type(FGB_MIME).send(Readable.from(flatGeobufStream(db, layer, filter)));
    reply.type('application/geo+json');
    return reply.send(Readable.from(featureCollection(db, ws.id, layer.id, filter)));
  });

  app.get('/features/:gfid', { schema: { tags, params: gfidParams, response: { 200: featureRecordSchema } } }, async (req) =>
    lookupFeature(req, req.params.gfid),
  );

  // SPEC §3 "history of versions", newest first. Seeded features have no history rows yet, so the
  // current version stands in for its own row until an accepted change writes one.
  app.get(
    '/features/:gfid/history',
    { schema: { tags, params: gfidParams, response: { 200: z.array(historyRowSchema) } } },
    async (req) => {
      await lookupFeature(req, req.params.gfid);
      const { rows } = await db.query<Omit<HistoryRow, 'at'> & { at: Date }>(
        `SELECT h.gfid, h.version, h.action, h.geometry, h.properties, h.before, h.after,
              s.username AS "suggestedBy", a.username AS "acceptedBy", h.at
       FROM (
         SELECT gfid, version, action, ${geoJsonGeometry('geom')}::json AS geometry, properties, before, after,
                suggested_by, accepted_by, at
         FROM feature_history WHERE gfid = $1
         UNION ALL
         SELECT gfid, version, CASE WHEN version = 1 THEN 'create' ELSE 'update' END,
                ${geoJsonGeometry('geom')}::json, properties, NULL::jsonb, NULL::jsonb, created_by, NULL::bigint, updated_at
         FROM features f WHERE gfid = $1
           AND NOT EXISTS (SELECT 1 FROM feature_history x WHERE x.gfid = f.gfid AND x.version = f.version)
       ) h
       LEFT JOIN users s ON s.id = h.suggested_by
       LEFT JOIN users a ON a.id = h.accepted_by
       ORDER BY h.version DESC`,
        [req.params.gfid],
      );
      // The same ISO text JSON.stringify wrote for the Date before the response schema named `at` a string.
      return rows.map((r) => ({ ...r, at: iso(r.at)! }));
    },
  );
}
