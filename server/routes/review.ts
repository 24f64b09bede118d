import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkDecisionAnswerSchema,
  bulkDecisionSchema,
  BULK_REFRESH_MAX,
  ERRORS,
  reviewAccessSchema,
  reviewFilterSchema,
  reviewPageSchema,
  type BulkDecisionAnswer,
  type ErrorKey,
  type ReviewRef,
} from '../../src/model/index.ts';
import { requireUser } from '../auth/plugin.ts';
import type { AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { decideAttachment } from '../services/attachment_decision.ts';
import { acceptChange, declineChange } from '../services/changes.ts';
import {
  assertReviewer,
  queuePage,
  queueRefs,
  sameAppCheck,
  type QueueQuery,
  type QueueRef,
  type ReviewerCheck,
} from '../services/review_queue.ts';

// The admin review queue of an app (SPEC §2 Pending changes, §4 Suggestions, §6 Administrator) and
// the verdicts a submitter sees in "My suggestions". Every decision is still one version-checked
// transaction per item (services/changes.ts, services/attachment_decision.ts).

const appParams = z.object({ appKey: z.string().regex(/^[A-Za-z0-9]{32}$/, ERRORS.NO_APP_KEY_DEFINED) });
const paging = z.object({
  page: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().min(1).default(1),
  pageSize: z.coerce.number({ error: ERRORS.NUMERIC_REQUIRED }).int().min(1).max(1000).default(100),
});

/** Bulk decisions run a few transactions at once: PostgreSQL overlaps them, PGlite queues them. */
const DECISION_CONCURRENCY = 8;

type Filter = z.output<typeof reviewFilterSchema>;
const queueQuery = (appKey: string, f: Filter): QueueQuery => ({ appKey, status: 'pending', suggestedBy: null, ...f });

/** Decides one item; for a feature change, the feature as it now is (an accepted new one's gfid). */
async function decideOne(db: Db, ref: QueueRef, accept: boolean, admin: AuthUser, reason: string | null, check: ReviewerCheck) {
  if (ref.source === 'attachment') {
    await decideAttachment(db, ref.id, accept, admin, accept ? null : reason, check);
    return null;
  }
  const gfid = accept
    ? (await acceptChange(db, ref.id, admin, check)).gfid
    : (await declineChange(db, ref.id, admin, reason ?? undefined, check)).gfid;
  return { workspace: ref.workspace, layerId: ref.layerId, gfid, diffGfid: ref.diffGfid };
}

async function decideAll(
  db: Db,
  appKey: string,
  refs: QueueRef[],
  accept: boolean,
  admin: AuthUser,
  reason: string | null,
): Promise<BulkDecisionAnswer> {
  // The caller is a reviewer of `appKey` (checked once); each locked row must still be of that app.
  const check = sameAppCheck(appKey);
  const answer: BulkDecisionAnswer = { applied: 0, features: [], conflicts: [] };
  let next = 0;
  const worker = async () => {
    while (next < refs.length) {
      const ref = refs[next++];
      try {
        const feature = await decideOne(db, ref, accept, admin, reason, check);
        answer.applied++;
        if (feature) answer.features.push(feature);
      } catch (err) {
        // A refusal of one item (409 CHANGE_CONFLICT, CHANGE_NOT_PENDING…) is reported, not fatal.
        if (!(err instanceof HttpError)) throw err;
        answer.conflicts.push({ source: ref.source, id: ref.id, error: err.key, message: err.message });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(DECISION_CONCURRENCY, refs.length) }, worker));
  if (answer.features.length > BULK_REFRESH_MAX) answer.features = [];
  answer.conflicts.sort((a, b) => (a.source === b.source ? a.id - b.id : a.source < b.source ? -1 : 1));
  return answer;
}

export async function reviewRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['review'];

  // Whether the caller reviews this app (SPEC §6: its owner, or an admin registered on it): the app
  // shows its admin tools to exactly those the calls below let through.
  app.get('/apps/:appKey/review/access', { schema: { tags, params: appParams, response: { 200: reviewAccessSchema } } }, async (req) => {
    const user = requireUser(req);
    try {
      await assertReviewer(db, user, req.params.appKey);
      return { reviewer: true };
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 403) return { reviewer: false };
      throw e;
    }
  });

  // Every pending item of the app, oldest first, filtered; `total` is the admin's badge.
  app.get(
    '/apps/:appKey/review',
    { schema: { tags, params: appParams, querystring: reviewFilterSchema.extend(paging.shape), response: { 200: reviewPageSchema } } },
    async (req) => {
      const user = requireUser(req);
      await assertReviewer(db, user, req.params.appKey);
      const { page, pageSize, ...filter } = req.query;
      return queuePage(db, queueQuery(req.params.appKey, filter), page, pageSize);
    },
  );

  // Accept or decline many at once (one confirmation in the client): the named items, or every
  // pending item matching the queue's filters. Items not pending in this app are reported back.
  app.post(
    '/apps/:appKey/review/decisions',
    { schema: { tags, params: appParams, body: bulkDecisionSchema, response: { 200: bulkDecisionAnswerSchema } } },
    async (req) => {
      const user = requireUser(req);
      const { appKey } = req.params;
      await assertReviewer(db, user, appKey);
      const body = req.body;
      let refs: QueueRef[];
      if (body.filter) {
        const parsed = reviewFilterSchema.safeParse(body.filter);
        if (!parsed.success) throw badRequest('INVALID_VALUE');
        refs = await queueRefs(db, queueQuery(appKey, parsed.data));
      } else {
        const named = body.items!;
        const pick = (source: ReviewRef['source']) => named.filter((r) => r.source === source).map((r) => r.id);
        const found = await queueRefs(db, {
          appKey,
          status: null,
          suggestedBy: null,
          refs: { changes: pick('change'), attachments: pick('attachment') },
        });
        const inApp = new Set(found.map((r) => `${r.source}:${r.id}`));
        refs = found;
        const missing = named.filter((r) => !inApp.has(`${r.source}:${r.id}`));
        const answer = await decideAll(db, appKey, refs, body.decision === 'accept', user, body.reason || null);
        const key: ErrorKey = 'ELEMENT_NOT_FOUND';
        answer.conflicts.push(...missing.map((r) => ({ ...r, error: key, message: ERRORS[key] })));
        return answer;
      }
      return decideAll(db, appKey, refs, body.decision === 'accept', user, body.reason || null);
    },
  );

  // "My suggestions": the caller's own items of this app, every status, newest first, with the
  // admin's verdict and reason (SPEC §4: pending until an admin accepts or declines).
  app.get(
    '/apps/:appKey/suggestions/mine',
    { schema: { tags, params: appParams, querystring: paging, response: { 200: reviewPageSchema } } },
    async (req) => {
      const user = requireUser(req);
      const q: QueueQuery = { appKey: req.params.appKey, status: null, suggestedBy: user.id };
      return queuePage(db, q, req.query.page, req.query.pageSize);
    },
  );
}
