import type { ReviewItem, ReviewKind, ReviewStatus, ReviewSource } from '../../src/model/index.ts';
import { isAdmin, type AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { forbidden, HttpError, notFound } from '../http/errors.ts';
import { iso } from '../routes/common.ts';

// One list of every kind of suggestion of an app (SPEC §2 Pending changes, §4 Suggestions): feature
// changes from `changes`, comments, links, bibliography entries, images, documents, tags, tag
// removals and observations from `attachments`. The queue (pending, everyone's) and "My suggestions" (every status,
// one submitter's) are the same query with other conditions.

/**
 * SPEC §6: a reviewer of an app is its owner, or an administrator (user type 'admin') registered on
 * one of its workspaces, or any administrator for an app nobody owns (the platform's own apps). The
 * owner or admin of another app is refused.
 */
export async function assertReviewer(db: Db, user: AuthUser, appKey: string): Promise<void> {
  const { rows } = await db.query<{ owner_id: number | null; member: boolean }>(
    `SELECT a.owner_id, EXISTS (SELECT 1 FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
       WHERE w.app_key = a.app_key AND m.user_id = $2) AS member
     FROM apps a WHERE a.app_key = $1`,
    [appKey, user.id],
  );
  const app = rows[0];
  if (!app) throw notFound('NO_APP_REGISTERED');
  if (app.owner_id !== null && Number(app.owner_id) === user.id) return;
  if (isAdmin(user) && (app.owner_id === null || app.member)) return;
  throw forbidden();
}

/** The app a workspace belongs to (a change's or an attachment's feature's); reviewers are per app. */
export async function assertReviewerOfWorkspace(db: Db, user: AuthUser, workspace: string): Promise<void> {
  const { rows } = await db.query<{ app_key: string | null }>('SELECT app_key FROM workspaces WHERE id = $1', [workspace]);
  if (!rows[0]?.app_key) {
    // A workspace outside any app is the platform's: administrators only, as before apps had owners.
    if (!isAdmin(user)) throw forbidden();
    return;
  }
  await assertReviewer(db, user, rows[0].app_key);
}

/** Whether `user` reviews the app of `workspace` (assertReviewerOfWorkspace as a yes or no). */
export async function reviewsWorkspace(db: Db, user: AuthUser, workspace: string): Promise<boolean> {
  try {
    await assertReviewerOfWorkspace(db, user, workspace);
    return true;
  } catch (e) {
    if (e instanceof HttpError && (e.statusCode === 403 || e.statusCode === 404)) return false;
    throw e;
  }
}

/** Checks that `user` reviews the app of `workspace`; the services call it on the locked row. */
export type ReviewerCheck = (db: Db, user: AuthUser, workspace: string) => Promise<void>;

/**
 * A check for a bulk decision on one app whose reviewer was already checked: each workspace's app is
 * read once (a change's workspace never changes), so 10,000 decisions do not ask 20,000 times more.
 */
export function sameAppCheck(appKey: string): ReviewerCheck {
  const apps = new Map<string, Promise<string | null>>();
  return async (db, _user, workspace) => {
    if (!apps.has(workspace)) {
      apps.set(
        workspace,
        db
          .query<{ app_key: string | null }>('SELECT app_key FROM workspaces WHERE id = $1', [workspace])
          .then((r) => r.rows[0]?.app_key ?? null),
      );
    }
    if ((await apps.get(workspace)) !== appKey) throw forbidden();
  };
}

export interface QueueQuery {
  appKey: string;
  /** null = every status ("My suggestions"). */
  status: ReviewStatus | null;
  suggestedBy: number | null;
  kinds?: ReviewKind[];
  layer?: string;
  creator?: string;
  from?: string;
  to?: string;
  bbox?: number[];
  /** Only these rows (a bulk decision naming its items). */
  refs?: { changes: number[]; attachments: number[] };
}

const CHANGE_KIND = `CASE c.kind WHEN 'create' THEN 'featureNew' WHEN 'update' THEN 'featureModified' ELSE 'featureDeleted' END`;
const ATTACHMENT_KIND = `CASE WHEN a.removal THEN 'tagRemoval' ELSE a.kind END`;
const ENVELOPE = 'ST_MakeEnvelope($9[1], $9[2], $9[3], $9[4], 4326)';

// $1 app, $2 status, $3 suggested_by, $4 kinds, $5 layer, $6 creator, $7 from, $8 to, $9 bbox, $10 change ids, $11 attachment ids.
const CHANGES_SQL = `SELECT 'change' AS source, c.id, ${CHANGE_KIND} AS kind, c.status, c.gfid, c.diff_gfid,
    c.workspace_id AS workspace, c.layer_id, c.suggested_by AS created_by, c.created_at, c.decided_at, c.decline_reason AS reason,
    COALESCE(c.after, c.before)->'properties'->>(l.config->>'nameProperty') AS title, NULL::text AS file_name
  FROM changes c JOIN workspaces w ON w.id = c.workspace_id
  LEFT JOIN layers l ON l.workspace_id = c.workspace_id AND l.id = c.layer_id
  WHERE w.app_key = $1 AND ($2::text IS NULL OR c.status = $2) AND ($3::bigint IS NULL OR c.suggested_by = $3)
    AND ($4::text[] IS NULL OR ${CHANGE_KIND} = ANY($4)) AND ($5::text IS NULL OR c.layer_id = $5)
    AND ($6::text IS NULL OR c.suggested_by = (SELECT id FROM users WHERE username = $6))
    AND ($7::timestamptz IS NULL OR c.created_at >= $7) AND ($8::timestamptz IS NULL OR c.created_at <= $8)
    AND ($9::float8[] IS NULL OR ST_Intersects(ST_SetSRID(ST_GeomFromGeoJSON(COALESCE(c.after, c.before)->>'geometry'), 4326), ${ENVELOPE}))
    AND ($10::bigint[] IS NULL OR c.id = ANY($10))`;

// An attachment on a pending new feature hangs on its `_diff` row: the change names its layer.
const ATTACHMENTS_SQL = `SELECT 'attachment' AS source, a.id, ${ATTACHMENT_KIND} AS kind, a.status,
    CASE WHEN fw.is_diff THEN NULL ELSE a.gfid END AS gfid, CASE WHEN fw.is_diff THEN a.gfid END AS diff_gfid,
    COALESCE(ch.workspace_id, f.workspace_id) AS workspace, COALESCE(ch.layer_id, f.layer_id) AS layer_id,
    a.created_by, a.created_at, a.decided_at, a.decline_reason AS reason,
    CASE a.kind WHEN 'comment' THEN a.body->>'comment' WHEN 'link' THEN a.body->>'link' WHEN 'bibliography' THEN a.body->>'item'
      WHEN 'tag' THEN a.name WHEN 'observation' THEN a.name ELSE COALESCE(NULLIF(a.description, ''), a.name) END AS title,
    CASE WHEN a.kind IN ('image', 'document') THEN a.name END AS file_name
  FROM attachments a JOIN features f ON f.gfid = a.gfid JOIN workspaces fw ON fw.id = f.workspace_id
  LEFT JOIN changes ch ON fw.is_diff AND ch.diff_gfid = a.gfid AND ch.kind = 'create'
  WHERE fw.app_key = $1 AND ($2::text IS NULL OR a.status = $2) AND ($3::bigint IS NULL OR a.created_by = $3)
    AND ($4::text[] IS NULL OR ${ATTACHMENT_KIND} = ANY($4)) AND ($5::text IS NULL OR COALESCE(ch.layer_id, f.layer_id) = $5)
    AND ($6::text IS NULL OR a.created_by = (SELECT id FROM users WHERE username = $6))
    AND ($7::timestamptz IS NULL OR a.created_at >= $7) AND ($8::timestamptz IS NULL OR a.created_at <= $8)
    AND ($9::float8[] IS NULL OR ST_Intersects(f.geom, ${ENVELOPE}))
    AND ($11::bigint[] IS NULL OR a.id = ANY($11))`;

const QUEUE_SQL = `SELECT q.*, u.username AS creator, l.name AS layer_name
  FROM (${CHANGES_SQL} UNION ALL ${ATTACHMENTS_SQL}) q
  LEFT JOIN users u ON u.id = q.created_by
  LEFT JOIN layers l ON l.workspace_id = q.workspace AND l.id = q.layer_id`;

interface QueueRow {
  source: ReviewSource;
  id: number;
  kind: ReviewKind;
  status: ReviewStatus;
  gfid: number | null;
  diff_gfid: number | null;
  workspace: string;
  layer_id: string;
  layer_name: string | null;
  creator: string | null;
  created_at: Date;
  decided_at: Date | null;
  reason: string | null;
  title: string | null;
  file_name: string | null;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

const item = (r: QueueRow): ReviewItem => ({
  source: r.source,
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  gfid: num(r.gfid),
  diffGfid: num(r.diff_gfid),
  workspace: r.workspace,
  layerId: r.layer_id,
  layerName: r.layer_name,
  creator: r.creator,
  createdAt: iso(r.created_at)!,
  decidedAt: iso(r.decided_at),
  reason: r.reason,
  title: r.title,
  fileName: r.file_name,
});

function params(q: QueueQuery) {
  return [
    q.appKey,
    q.status,
    q.suggestedBy,
    q.kinds?.length ? q.kinds : null,
    q.layer ?? null,
    q.creator ?? null,
    q.from ?? null,
    q.to ?? null,
    q.bbox ?? null,
    q.refs ? q.refs.changes : null,
    q.refs ? q.refs.attachments : null,
  ];
}

/** One page, oldest first for the queue (first come, first reviewed), newest first for a submitter. */
export async function queuePage(db: Db, q: QueueQuery, page: number, pageSize: number) {
  const order = q.status === 'pending' ? 'q.created_at, q.source, q.id' : 'q.created_at DESC, q.source, q.id DESC';
  const p = params(q);
  const [rows, total] = await Promise.all([
    db.query<QueueRow>(`${QUEUE_SQL} ORDER BY ${order} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, p),
    db.query<{ n: string | number }>(`SELECT count(*) AS n FROM (${CHANGES_SQL} UNION ALL ${ATTACHMENTS_SQL}) q`, p),
  ]);
  return { items: rows.rows.map(item), total: Number(total.rows[0].n), page, pageSize };
}

export interface QueueRef {
  source: ReviewSource;
  id: number;
  workspace: string;
  layerId: string;
  gfid: number | null;
  diffGfid: number | null;
}

/** Every matching item's reference and feature, oldest first (a bulk decision). */
export async function queueRefs(db: Db, q: QueueQuery): Promise<QueueRef[]> {
  const { rows } = await db.query<Pick<QueueRow, 'source' | 'id' | 'workspace' | 'layer_id' | 'gfid' | 'diff_gfid'>>(
    `SELECT q.source, q.id, q.workspace, q.layer_id, q.gfid, q.diff_gfid
     FROM (${CHANGES_SQL} UNION ALL ${ATTACHMENTS_SQL}) q ORDER BY q.created_at, q.source, q.id`,
    params(q),
  );
  return rows.map((r) => ({
    source: r.source,
    id: Number(r.id),
    workspace: r.workspace,
    layerId: r.layer_id,
    gfid: num(r.gfid),
    diffGfid: num(r.diff_gfid),
  }));
}
