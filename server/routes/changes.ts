import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptChangeAnswerSchema,
  changeEntrySchema,
  changePageSchema,
  declineChangeAnswerSchema,
  DECLINE_REASON_MAX,
  ERRORS,
  featurePayloadSchema,
  type ChangeEntry,
  type ChangeSide,
} from '../../src/model/index.ts';
import { requireUser } from '../auth/plugin.ts';
import { isAdmin } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { idempotencyHeaders, withIdempotency } from '../http/idempotency.ts';
import { acceptChange, declineChange, GRPSTATUS, suggestChange, type ChangeKind } from '../services/changes.ts';
import { baseWorkspace, editTarget, resolveLayer } from '../services/edit_target.ts';
import { assertReviewer, assertReviewerOfWorkspace } from '../services/review_queue.ts';
import { appKeyFrom, iso } from './common.ts';

// SPEC §7 Features "On the diff workspace": GET features/changes?admin={bool}; POST, PUT, DELETE
// changes; PUT changes/{id}/accept; DELETE changes/{id}/decline. SPEC §4 Suggestions, §6 roles.

const targetQuery = z.object({
  workspace: z.string().optional(),
  layer: z.string().optional(),
  /** The feature version the edit was based on (else properties.version); a stale one is refused (409). */
  version: z.coerce.number().int().positive().optional(),
});
// The SPEC feature payload; workspace and layer may ride along in the body instead of the query.
const payloadBody = featurePayloadSchema.extend({ workspace: z.string().optional(), layer: z.string().optional() });

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const listQuery = z.object({
  admin: bool.optional(),
  workspace: z.string().optional(),
  layer: z.string().optional(),
  page: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().min(1).max(1000).default(100),
  /** The list starts at this change id: the review queue opens the comparison on one change. */
  fromId: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});
const idParams = z.object({ id: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().positive().max(Number.MAX_SAFE_INTEGER) });

interface EntryRow {
  id: number;
  kind: ChangeKind;
  gfid: number | null;
  diff_gfid: number | null;
  workspace_id: string;
  layer_id: string;
  layer_name: string | null;
  username: string | null;
  email: string | null;
  created_at: Date;
  base_version: number | null;
  before: unknown;
  after: unknown;
  status: string;
}

const ENTRY_SQL = `SELECT c.id, c.kind, c.gfid, c.diff_gfid, c.workspace_id, c.layer_id, l.name AS layer_name,
    u.username, u.email, c.created_at, c.base_version, c.before, c.after, c.status
  FROM changes c
  LEFT JOIN users u ON u.id = c.suggested_by
  LEFT JOIN layers l ON l.workspace_id = c.workspace_id AND l.id = c.layer_id`;

/** One entry as the feature comparison needs it (SPEC §2 Feature comparison prompt; the model's changeEntrySchema). */
const entry = (r: EntryRow): ChangeEntry => ({
  id: r.id,
  grpstatus: GRPSTATUS[r.kind],
  gfid: r.gfid,
  diffGfid: r.diff_gfid,
  workspace: r.workspace_id,
  layerId: r.layer_id,
  layerName: r.layer_name,
  creator: r.username,
  creatormail: r.email,
  insertedat: iso(r.created_at)!,
  baseVersion: r.base_version,
  before: r.before as ChangeSide | null,
  after: r.after as ChangeSide | null,
  status: r.status,
});

async function entryById(db: Db, id: number) {
  const { rows } = await db.query<EntryRow>(`${ENTRY_SQL} WHERE c.id = $1`, [id]);
  return entry(rows[0]);
}

export async function changesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['changes'];

  // A user sees their own pending suggestions; a reviewer of the app (its owner or one of its admins,
  // SPEC §6) with admin=true sees everyone's in that app only: the named workspace's app, else the
  // app of the request's app key. The deleted group is for reviewers only (SPEC §2 Feature comparison).
  app.get('/features/changes', { schema: { tags, querystring: listQuery, response: { 200: changePageSchema } } }, async (req) => {
    const user = requireUser(req);
    const q = req.query;
    let workspace: string | null = null;
    let layer: string | null = null;
    if (q.workspace && q.layer) {
      const resolved = await resolveLayer(db, q.workspace, q.layer);
      [workspace, layer] = [resolved.ws.id, resolved.layer.id];
    } else if (q.workspace) {
      workspace = (await baseWorkspace(db, q.workspace)).id;
    }
    let appKey: string | null = null;
    if (q.admin && workspace) await assertReviewerOfWorkspace(db, user, workspace);
    else if (q.admin) {
      appKey = appKeyFrom(req);
      await assertReviewer(db, user, appKey);
    }
    const params = [workspace, layer, q.admin ? null : user.id, q.admin || isAdmin(user), q.fromId ?? null, appKey];
    const where = `WHERE c.status = 'pending' AND ($1::text IS NULL OR c.workspace_id = $1)
      AND ($2::text IS NULL OR c.layer_id = $2) AND ($3::bigint IS NULL OR c.suggested_by = $3)
      AND ($4::boolean OR c.kind <> 'delete') AND ($5::bigint IS NULL OR c.id >= $5)
      AND ($6::text IS NULL OR c.workspace_id IN (SELECT id FROM workspaces WHERE app_key = $6))`;
    const [page, total] = await Promise.all([
      db.query<EntryRow>(`${ENTRY_SQL} ${where} ORDER BY c.id LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`, params),
      db.query<{ n: number }>(`SELECT count(*) AS n FROM changes c ${where}`, params),
    ]);
    return { items: page.rows.map(entry), total: total.rows[0].n, page: q.page, pageSize: q.pageSize };
  });

  // POST new (no gfid, grpstatus n), PUT modified (m), DELETE deleted (d): one feature each. The
  // outbox replays them with an Idempotency-Key, so all the work runs on its transaction.
  const suggestSchema = {
    tags,
    querystring: targetQuery,
    body: payloadBody,
    headers: idempotencyHeaders,
    response: { 201: changeEntrySchema },
  };
  for (const [method, kind] of [
    ['post', 'create'],
    ['put', 'update'],
    ['delete', 'delete'],
  ] as const) {
    app[method]('/features/changes', { schema: suggestSchema }, async (req, reply) => {
      const user = requireUser(req);
      return withIdempotency(db, req, reply, async (tx) => {
        const target = await editTarget(tx, user, req.query.workspace ?? req.body.workspace, req.query.layer ?? req.body.layer);
        const feature = req.body.features[0];
        const raw = kind === 'create' ? undefined : (feature.properties.gfid ?? feature.id);
        const gfid = raw === undefined || raw === '' ? NaN : Number(raw);
        const stated = req.query.version ?? feature.properties.version;
        const id = await suggestChange(
          tx,
          user,
          target,
          {
            kind,
            gfid: Number.isSafeInteger(gfid) && gfid > 0 ? gfid : null,
            geometry: feature.geometry,
            properties: feature.properties,
          },
          Number.isInteger(stated) ? (stated as number) : undefined,
        );
        return { status: 201, body: await entryById(tx, id) };
      });
    });
  }

  // A reviewer of the change's app decides (SPEC §6; services/review_queue.ts assertReviewer).
  app.put(
    '/features/changes/:id/accept',
    { schema: { tags, params: idParams, response: { 200: acceptChangeAnswerSchema } } },
    async (req) => acceptChange(db, req.params.id, requireUser(req)),
  );
  // The admin's optional reason rides in the query (a DELETE has no body); the submitter sees it.
  const declineQuery = z.object({ reason: z.string().trim().max(DECLINE_REASON_MAX).optional() });
  app.delete(
    '/features/changes/:id/decline',
    { schema: { tags, params: idParams, querystring: declineQuery, response: { 200: declineChangeAnswerSchema } } },
    async (req) => declineChange(db, req.params.id, requireUser(req), req.query.reason),
  );
}
