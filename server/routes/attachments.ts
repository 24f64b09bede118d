import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentItemSchemas, DECLINE_REASON_MAX, imageListSchema, layerTagCountSchema } from '../../src/model/index.ts';
import { requireUser } from '../auth/plugin.ts';
import { isAdmin, type AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { HttpError, badRequest, forbidden, notFound } from '../http/errors.ts';
import { idempotencyHeaders, isAnsweredReplay, withIdempotency } from '../http/idempotency.ts';
import { declaredLength, uploadRoute } from '../http/upload_body.ts';
import { sendUpload } from '../http/upload_reply.ts';
import { KINDS, type AttachmentRow, type KindSpec } from '../attachments/kinds.ts';
import { decideAttachment } from '../services/attachment_decision.ts';
import { assertRegistered, resolveLayer } from '../services/edit_target.ts';
import { assertReviewerOfWorkspace, reviewsWorkspace } from '../services/review_queue.ts';
import { assertCanRead, loadWorkspace, type WorkspaceRow } from './common.ts';

// SPEC §7 "Feature attachments": comments, links, bibliographies, images, documents and tags share
// one router, built once per kind from its spec (server/attachments/kinds.ts). Every suggestion is
// pending until an admin accepts or declines it (SPEC §4); SPEC §5: no gfid, no attachments.

const gfidParam = z.object({ gfid: z.string() });
const itemParams = gfidParam.extend({ item: z.string().min(1) });
const fileQuery = z.object({ filename: z.string().optional(), description: z.string().optional() });

const ROW_SQL = `SELECT a.id, a.gfid, a.kind, a.name, a.description, a.content_type, octet_length(a.data) AS size,
  a.body, a.status, a.removal, u.username AS creator, a.created_at
  FROM attachments a LEFT JOIN users u ON u.id = a.created_by`;

const asGfid = (raw: string): number | null => (/^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);

/** The base workspace of a pending new feature's diff row, when `user` suggested it or is an admin. */
async function proposalWorkspace(db: Db, diffGfid: number, user: AuthUser): Promise<WorkspaceRow | null> {
  const { rows } = await db.query<{ workspace_id: string }>(
    `SELECT workspace_id FROM changes
     WHERE diff_gfid = $1 AND kind = 'create' AND status = 'pending' AND (suggested_by = $2 OR $3)`,
    [diffGfid, user.id, isAdmin(user)],
  );
  return rows[0] ? loadWorkspace(db, rows[0].workspace_id) : null;
}

/**
 * The feature an attachment hangs on, with its workspace; null when there is none (SPEC §5).
 * `proposalsOf` opens the one exception to the diff-layer refusal, see below.
 */
async function featureOf(db: Db, raw: string, proposalsOf?: AuthUser | null): Promise<{ gfid: number; ws: WorkspaceRow } | null> {
  const gfid = asGfid(raw);
  if (gfid === null) return null;
  const { rows } = await db.query<{ workspace_id: string }>('SELECT workspace_id FROM features WHERE gfid = $1', [gfid]);
  if (!rows[0]) return null;
  const ws = await loadWorkspace(db, rows[0].workspace_id);
  if (!ws.is_diff) return { gfid, ws };
  // Diff-layer rows are proposals, not features (SPEC §5 "lookup on a diff layer by gfid is refused").
  // Except a pending new feature, for its suggester or an admin: it has no gfid until accepted, yet a
  // field user attaches the photo or comment while suggesting it, maybe offline; they move to the new
  // gfid on accept (services/changes.ts) and are checked against the base workspace meanwhile.
  const base = proposalsOf ? await proposalWorkspace(db, gfid, proposalsOf) : null;
  if (!base) throw badRequest('DIFF_LAYER_LOOKUP_REFUSED');
  return { gfid, ws: base };
}

/** A feature that must exist: creating on no gfid or an unknown one is refused with the model's text. */
async function requireFeature(db: Db, raw: string, proposalsOf?: AuthUser) {
  if (asGfid(raw) === null) throw badRequest('GFID_REQUIRED');
  const feature = await featureOf(db, raw, proposalsOf);
  if (!feature) throw notFound('FEATURE_NOT_FOUND');
  return feature;
}

/**
 * One item by id, or by name (SPEC §7 "PUT {name}/accept" for images and documents; tags by name
 * too). A name may repeat, so the pending one, then the newest, is meant.
 */
async function findItem(db: Db, spec: KindSpec, gfid: number, item: string): Promise<AttachmentRow> {
  const numeric = /^\d{1,15}$/.test(item);
  const match = !numeric ? 'a.name = $3' : spec.binary ? '(a.id::text = $3 OR a.name = $3)' : 'a.id::text = $3';
  const { rows } = await db.query<AttachmentRow>(
    `${ROW_SQL} WHERE a.gfid = $1 AND a.kind = $2 AND ${match}
     ORDER BY (a.status = 'pending') DESC, a.id DESC LIMIT 1`,
    [gfid, spec.kind, item],
  );
  if (!rows[0]) throw notFound('ELEMENT_NOT_FOUND');
  return rows[0];
}

async function sizeLimitImage(db: Db, ws: WorkspaceRow): Promise<number | undefined> {
  const { rows } = await db.query<{ limit: number | null }>(
    `SELECT (config->>'sizeLimitImage')::float8 AS "limit" FROM apps WHERE app_key = $1`,
    [ws.app_key ?? ''],
  );
  return rows[0]?.limit ?? undefined;
}

/** Issue 16: the files one user keeps (pending and accepted) stay within MAPDRAFT_UPLOAD_QUOTA_MB. */
async function assertUploadQuota(db: Db, userId: number, adding: number, quota: number): Promise<void> {
  const { rows } = await db.query<{ used: string | number }>(
    'SELECT coalesce(sum(octet_length(data)), 0) AS used FROM attachments WHERE created_by = $1 AND data IS NOT NULL',
    [userId],
  );
  if (Number(rows[0].used) + adding > quota) throw new HttpError(413, 'UPLOAD_QUOTA_EXCEEDED');
}

function attachmentRoutes(spec: KindSpec) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const { db } = fastify.deps;
    const tags = ['attachments'];
    const base = `/features/:gfid/${spec.path}`;
    const order = spec.newestFirst ? 'a.created_at DESC, a.id DESC' : 'a.id';
    // The kind's item as the model declares it (src/model/entities/wire.ts); the answers below name it.
    const item: z.ZodType<Record<string, unknown>> = attachmentItemSchemas[spec.kind];
    const list: z.ZodType<unknown> = spec.kind === 'image' ? imageListSchema : z.array(item);

    // Accepted items plus the caller's own pending ones; no gfid or an unknown one → empty list.
    if (!spec.listedElsewhere)
      app.get(base, { schema: { tags, params: gfidParam, response: { 200: list } } }, async (req) => {
        const feature = await featureOf(db, req.params.gfid, req.user).catch(() => null);
        let rows: AttachmentRow[] = [];
        if (feature) {
          await assertCanRead(req, feature.ws);
          rows = (
            await db.query<AttachmentRow>(
              `${ROW_SQL} WHERE a.gfid = $1 AND a.kind = $2
             AND ((a.status = 'accepted' AND NOT a.removal) OR (a.status = 'pending' AND a.created_by = $3))
           ORDER BY ${order}`,
              [feature.gfid, spec.kind, req.user?.id ?? 0],
            )
          ).rows;
        }
        const items = rows.map(spec.view);
        return spec.wrapList ? spec.wrapList(items) : items;
      });

    // A suggestion: pending until reviewed (SPEC §8 "upload successful awaiting admin review"). The
    // outbox replays it with an Idempotency-Key, so all the work runs on its transaction.
    const suggestSchema = { tags, params: gfidParam, querystring: fileQuery, headers: idempotencyHeaders, response: { 201: item } };
    const quota = fastify.deps.config.limits.uploadQuotaBytes;
    // A file's uploader is checked before its bytes are read (upload_body.ts): the caller, their
    // right to suggest on the feature, and the quota against the declared length (a replay stores nothing).
    const fileGate = uploadRoute(async (req) => {
      const user = requireUser(req);
      const feature = await requireFeature(db, (req.params as { gfid: string }).gfid, user);
      await assertRegistered(db, user, feature.ws);
      if (!(await isAnsweredReplay(db, req, user.id))) await assertUploadQuota(db, user.id, declaredLength(req) ?? 0, quota);
    });
    app.post(`${base}/changes`, { schema: suggestSchema, ...(spec.binary ? fileGate : {}) }, async (req, reply) => {
      const user = requireUser(req);
      return withIdempotency(db, req, reply, async (tx) => {
        const feature = await requireFeature(tx, req.params.gfid, user);
        await assertRegistered(tx, user, feature.ws);
        const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
        const limit = spec.kind === 'image' ? await sizeLimitImage(tx, feature.ws) : undefined;
        const item = await spec.parse({ body: req.body, query: req.query, contentType, sizeLimitImage: limit, tx, gfid: feature.gfid });
        if (item.data) await assertUploadQuota(tx, user.id, item.data.length, quota);
        const { rows } = await tx.query<{ id: number }>(
          `INSERT INTO attachments (gfid, kind, name, description, content_type, data, body, created_by)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING id`,
          [
            feature.gfid,
            spec.kind,
            item.name ?? null,
            item.description ?? null,
            item.contentType ?? null,
            item.data ?? null,
            JSON.stringify(item.body ?? {}),
            user.id,
          ],
        );
        return { status: 201, body: spec.view(await findItem(tx, spec, feature.gfid, String(rows[0].id))) };
      });
    });

    // The app's reviewers (SPEC §6) list a layer's pending items (SPEC §7 "GET layer changes").
    const layerQuery = z.object({ workspace: z.string().optional() });
    app.get(
      `/layers/:layer/${spec.path}/changes`,
      { schema: { tags, params: z.object({ layer: z.string() }), querystring: layerQuery, response: { 200: z.array(item) } } },
      async (req) => {
        const user = requireUser(req);
        const { ws, layer } = await resolveLayer(db, req.query.workspace, req.params.layer);
        await assertReviewerOfWorkspace(db, user, ws.id);
        const { rows } = await db.query<AttachmentRow>(
          `${ROW_SQL} JOIN features f ON f.gfid = a.gfid
           WHERE a.kind = $1 AND a.status = 'pending' AND f.workspace_id = $2 AND f.layer_id = $3 ORDER BY a.id`,
          [spec.kind, ws.id, layer.id],
        );
        return rows.map(spec.view);
      },
    );

    // SPEC §7 "PUT item accept or decline": a reviewer of the app (SPEC §6), once (a second decision
    // → 409); a decline may carry the admin's reason for the submitter ("My suggestions").
    const decisionBody = z.object({ reason: z.string().trim().max(DECLINE_REASON_MAX).optional() }).nullish();
    for (const decision of ['accept', 'decline'] as const) {
      app.put(
        `${base}/:item/${decision}`,
        { schema: { tags, params: itemParams, body: decisionBody, response: { 200: item } } },
        async (req) => {
          const user = requireUser(req);
          const feature = await requireFeature(db, req.params.gfid, user);
          const row = await findItem(db, spec, feature.gfid, req.params.item);
          return spec.view(await decideAttachment(db, row.id, decision === 'accept', user, req.body?.reason || null));
        },
      );
    }

    // The submitter of a pending item or a reviewer of the app deletes it; a user deleting an accepted removable
    // item (a tag) suggests its removal instead. Replayed by the outbox like the POST.
    app.delete(
      `${base}/:item`,
      { schema: { tags, params: itemParams, headers: idempotencyHeaders, response: { 202: item } } },
      async (req, reply) => {
        const user = requireUser(req);
        return withIdempotency(db, req, reply, async (tx) => {
          const feature = await requireFeature(tx, req.params.gfid, user);
          const row = await findItem(tx, spec, feature.gfid, req.params.item);
          const own = row.status === 'pending' && row.creator === user.username;
          if (own || (await reviewsWorkspace(tx, user, feature.ws.id))) {
            await tx.query('DELETE FROM attachments WHERE id = $1', [row.id]);
            return { status: 204, body: null };
          }
          if (!(spec.removable && row.status === 'accepted' && !row.removal)) throw forbidden();
          await assertRegistered(tx, user, feature.ws);
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO attachments (gfid, kind, name, removal, body, created_by) VALUES ($1, $2, $3, true, $4::jsonb, $5) RETURNING id`,
            [feature.gfid, spec.kind, row.name, JSON.stringify({ targetId: row.id }), user.id],
          );
          return { status: 202, body: spec.view(await findItem(tx, spec, feature.gfid, String(rows[0].id))) };
        });
      },
    );

    if (spec.binary) {
      // SPEC §7: each image (and document) is fetched as a blob by name.
      app.get(`${base}/:item`, { schema: { tags, params: itemParams } }, async (req, reply) => {
        const feature = await featureOf(db, req.params.gfid, req.user);
        if (!feature) throw notFound('FEATURE_NOT_FOUND');
        await assertCanRead(req, feature.ws);
        // A pending file is its submitter's and the app's reviewers' (SPEC §6), who judge it from the queue.
        const reviewer = req.user ? await reviewsWorkspace(db, req.user, feature.ws.id) : false;
        const { rows } = await db.query<{ content_type: string; data: Uint8Array; name: string }>(
          `SELECT content_type, data, name FROM attachments WHERE gfid = $1 AND kind = $2 AND name = $3 AND NOT removal
             AND (status = 'accepted' OR (status = 'pending' AND (created_by = $4 OR $5)))
           ORDER BY (status = 'accepted') DESC, id DESC LIMIT 1`,
          [feature.gfid, spec.kind, req.params.item, req.user?.id ?? 0, reviewer],
        );
        if (!rows[0]) throw notFound('ELEMENT_NOT_FOUND');
        const { content_type: contentType, data, name } = rows[0];
        return sendUpload(reply, { contentType, data, filename: name, disposition: spec.kind === 'image' ? 'inline' : 'attachment' });
      });
    }
  };
}

/** SPEC §7 "GET layer tags": the accepted tag names of a layer, with how many features carry each. */
async function layerTagsRoute(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  app.get(
    '/layers/:layer/tags',
    {
      schema: {
        tags: ['attachments'],
        params: z.object({ layer: z.string() }),
        querystring: z.object({ workspace: z.string().optional() }),
        response: { 200: z.array(layerTagCountSchema) },
      },
    },
    async (req: FastifyRequest<{ Params: { layer: string }; Querystring: { workspace?: string } }>) => {
      const { ws, layer } = await resolveLayer(db, req.query.workspace, req.params.layer);
      await assertCanRead(req, ws);
      const { rows } = await db.query<{ name: string; count: number }>(
        `SELECT a.name, count(*) AS count FROM attachments a JOIN features f ON f.gfid = a.gfid
       WHERE a.kind = 'tag' AND a.status = 'accepted' AND NOT a.removal AND f.workspace_id = $1 AND f.layer_id = $2
       GROUP BY a.name ORDER BY a.name`,
        [ws.id, layer.id],
      );
      return rows;
    },
  );
}

export async function allAttachmentRoutes(fastify: FastifyInstance): Promise<void> {
  for (const spec of KINDS) await fastify.register(attachmentRoutes(spec));
  await fastify.register(layerTagsRoute);
}
