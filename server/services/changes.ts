import {
  deepEqual,
  ERRORS,
  geometryFamily,
  hasFeatureChanges,
  META_PROPERTY_KEYS,
  type AcceptChangeAnswer,
  type DeclineChangeAnswer,
  type Geometry,
} from '../../src/model/index.ts';
import { isAdmin, type AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { HttpError, badRequest, conflict, notFound } from '../http/errors.ts';
import type { EditTarget } from './edit_target.ts';
import { geoJsonGeometry } from './feature_query.ts';
import { assertReviewerOfWorkspace, reviewsWorkspace, type ReviewerCheck } from './review_queue.ts';
import { assertDeletable, assertGeometryAllowed, assertPropertyFlags } from './suggestion_rules.ts';

// Suggestions as diffs {gfid, baseVersion, before, after} (STYLE §5). They live in the layer's
// `_diff` companion until an admin decides (DESIGN "Suggestions never touch originals").

export type ChangeKind = 'create' | 'update' | 'delete';
/** SPEC §3 grpstatus: n new, m modified, d deleted. */
export const GRPSTATUS: Record<ChangeKind, 'n' | 'm' | 'd'> = { create: 'n', update: 'm', delete: 'd' };

export interface FeatureState {
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

export interface SuggestInput {
  kind: ChangeKind;
  gfid: number | null;
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

/** Keys the client may echo from the diff layer or the server; never stored as user properties. */
const NOT_USER_KEYS = new Set([...META_PROPERTY_KEYS, 'grpstatus', 'grpfid']);

export function userProperties(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !NOT_USER_KEYS.has(k)));
}

interface CurrentRow {
  gfid: number;
  version: number;
  geometry: Geometry;
  properties: Record<string, unknown>;
}

const CURRENT_SQL = `SELECT gfid, version, ${geoJsonGeometry('geom')}::json AS geometry, properties FROM features`;

/**
 * SPEC §6: editAdminOnly properties may be changed by admins only — an administrator, or the app's
 * owner, who reviews its suggestions (`reviewsWorkspace`); asked only when such a property changes.
 */
async function assertAdminOnly(
  db: Db,
  user: AuthUser,
  target: EditTarget,
  before: Record<string, unknown>,
  patch: Record<string, unknown>,
) {
  if (isAdmin(user)) return;
  const changed = target.properties.find(
    (def) => def.editAdminOnly && def.name in patch && !deepEqual(before[def.name] ?? null, patch[def.name] ?? null),
  );
  if (!changed || (await reviewsWorkspace(db, user, target.ws.id))) return;
  throw new HttpError(403, 'PROPERTY_ADMIN_ONLY', `${ERRORS.PROPERTY_ADMIN_ONLY} (${changed.label ?? changed.name})`);
}

/**
 * Writes the pending change and its diff-layer row in one transaction; returns the change id.
 * `clientVersion` is the version the client says its edit was based on (an integer, else ignored).
 */
export async function suggestChange(db: Db, user: AuthUser, target: EditTarget, input: SuggestInput, clientVersion?: number) {
  const patch = userProperties(input.properties);
  const { layer } = target;
  // A Multi geometry belongs to its family's layer and is stored as it is (issue 15).
  if (input.geometry && geometryFamily(input.geometry.type) !== layer.geometry_type) throw badRequest('GEOMETRY_TYPE_MISMATCH');
  return db.transaction(async (tx) => {
    if (input.geometry && input.kind !== 'delete') await assertGeometryAllowed(tx, input.geometry);
    if (input.kind === 'delete') assertDeletable(target);
    let current: CurrentRow | undefined;
    if (input.kind !== 'create') {
      if (input.gfid === null) throw badRequest('GFID_REQUIRED');
      current = (
        await tx.query<CurrentRow>(`${CURRENT_SQL} WHERE gfid = $1 AND workspace_id = $2 AND layer_id = $3`, [
          input.gfid,
          target.ws.id,
          layer.id,
        ])
      ).rows[0];
      if (!current) throw notFound('FEATURE_NOT_FOUND');
      // An edit made on an outdated version (an outbox item queued offline) is refused
      // now, with the current feature to compare, not left to fail at accept (CHANGE_CONFLICT).
      if (clientVersion !== undefined && clientVersion !== current.version) {
        const { gfid, version, geometry, properties } = current;
        throw new HttpError(409, 'STALE_BASE_VERSION', undefined, { current: { gfid, version, geometry, properties } });
      }
    }
    const before: FeatureState | null = current ? { geometry: current.geometry, properties: current.properties } : null;
    let after: FeatureState | null = null;
    if (input.kind === 'create') {
      if (!input.geometry) throw badRequest('INVALID_GEOMETRY');
      await assertAdminOnly(tx, user, target, {}, patch);
      assertPropertyFlags(target, {}, patch);
      after = { geometry: input.geometry, properties: patch };
    } else if (input.kind === 'update') {
      // SPEC §5/§8: an update that changes nothing is refused (APP_ERROR NO_CHANGES_DETECTED…).
      if (!hasFeatureChanges(before!, { geometry: input.geometry, properties: patch })) {
        throw badRequest('NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE');
      }
      await assertAdminOnly(tx, user, target, before!.properties, patch);
      assertPropertyFlags(target, before!.properties, patch);
      after = { geometry: input.geometry ?? before!.geometry, properties: { ...before!.properties, ...patch } };
    }
    // The version the edit was based on: the stated one equals it (else refused above).
    const baseVersion = current?.version ?? null;
    const shown = (after ?? before)!;
    const diff = await tx.query<{ gfid: number }>(
      `INSERT INTO features (workspace_id, layer_id, geom, properties, created_by)
       VALUES ($1, $2, ST_SetSRID(ST_GeomFromGeoJSON($3), 4326), $4::jsonb, $5) RETURNING gfid`,
      [
        target.diffWorkspace,
        target.diffLayer,
        JSON.stringify(shown.geometry),
        JSON.stringify({ ...shown.properties, grpstatus: GRPSTATUS[input.kind], grpfid: current?.gfid ?? null }),
        user.id,
      ],
    );
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO changes (kind, workspace_id, layer_id, gfid, base_version, diff_gfid, before, after, suggested_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9) RETURNING id`,
      [
        input.kind,
        target.ws.id,
        layer.id,
        current?.gfid ?? null,
        baseVersion,
        diff.rows[0].gfid,
        before && JSON.stringify(before),
        after && JSON.stringify(after),
        user.id,
      ],
    );
    return rows[0].id;
  });
}

interface ChangeRow {
  id: number;
  kind: ChangeKind;
  workspace_id: string;
  layer_id: string;
  gfid: number | null;
  base_version: number | null;
  diff_gfid: number | null;
  before: FeatureState | null;
  after: FeatureState | null;
  status: string;
  suggested_by: number | null;
}

/**
 * Locks the change row; only a reviewer of its app (SPEC §6) may decide, and only a pending change
 * (deciding twice → 409).
 */
async function lockPending(tx: Db, id: number, admin: AuthUser, check: ReviewerCheck): Promise<ChangeRow> {
  const { rows } = await tx.query<ChangeRow>('SELECT * FROM changes WHERE id = $1 FOR UPDATE', [id]);
  if (!rows[0]) throw notFound('ELEMENT_NOT_FOUND');
  await check(tx, admin, rows[0].workspace_id);
  if (rows[0].status !== 'pending') throw conflict('CHANGE_NOT_PENDING');
  return rows[0];
}

async function close(
  tx: Db,
  change: ChangeRow,
  status: 'accepted' | 'declined',
  adminId: number,
  gfid: number | null,
  reason: string | null = null,
) {
  await tx.query(
    `UPDATE changes SET status = $2, decided_by = $3, decided_at = now(), gfid = COALESCE($4, gfid), decline_reason = $5 WHERE id = $1`,
    [change.id, status, adminId, gfid, reason],
  );
  // The proposal leaves the diff layer once decided (SPEC §4: reviewed, then gone from the diff layer).
  if (change.diff_gfid !== null) await tx.query('DELETE FROM features WHERE gfid = $1', [change.diff_gfid]);
}

const HISTORY_INSERT = `INSERT INTO feature_history
  (gfid, version, action, geom, properties, before, after, change_id, suggested_by, accepted_by)
  VALUES ($1, $2, $3, ST_SetSRID(ST_GeomFromGeoJSON($4), 4326), $5::jsonb, $6::jsonb, $7::jsonb, $8, $9, $10)`;

/**
 * Accepts one change in ONE transaction (DESIGN "Suggestions never touch originals"): lock the
 * change, lock the feature, refuse if its version moved past base_version, else apply, bump the
 * version, write history and mark the change accepted. Any refusal rolls everything back.
 */
export async function acceptChange(
  db: Db,
  id: number,
  admin: AuthUser,
  check: ReviewerCheck = assertReviewerOfWorkspace,
): Promise<AcceptChangeAnswer> {
  return db.transaction(async (tx) => {
    const change = await lockPending(tx, id, admin, check);
    const after = change.after;
    if (change.kind === 'create') {
      const { rows } = await tx.query<{ gfid: number }>(
        `INSERT INTO features (workspace_id, layer_id, geom, properties, version, created_by)
         VALUES ($1, $2, ST_SetSRID(ST_GeomFromGeoJSON($3), 4326), $4::jsonb, 1, $5) RETURNING gfid`,
        [change.workspace_id, change.layer_id, JSON.stringify(after!.geometry), JSON.stringify(after!.properties), change.suggested_by],
      );
      const gfid = rows[0].gfid;
      // Comments, images… added to the proposal while suggesting it follow it to its gfid, still pending
      // for their own review (SPEC §4); before close(), whose delete of the diff row would cascade.
      if (change.diff_gfid !== null) await tx.query('UPDATE attachments SET gfid = $1 WHERE gfid = $2', [gfid, change.diff_gfid]);
      await tx.query(HISTORY_INSERT, [
        gfid,
        1,
        'create',
        JSON.stringify(after!.geometry),
        JSON.stringify(after!.properties),
        null,
        JSON.stringify(after),
        change.id,
        change.suggested_by,
        admin.id,
      ]);
      await close(tx, change, 'accepted', admin.id, gfid);
      return { id: change.id, status: 'accepted', gfid, version: 1 };
    }
    const current =
      change.gfid === null
        ? undefined
        : (
            await tx.query<CurrentRow & { created_by: number | null; updated_at: Date }>(
              `SELECT gfid, version, ${geoJsonGeometry('geom')}::json AS geometry, properties, created_by, updated_at
         FROM features WHERE gfid = $1 FOR UPDATE`,
              [change.gfid],
            )
          ).rows[0];
    // A deleted feature or a newer version: the suggestion no longer applies (nothing is written).
    if (!current || current.version !== change.base_version) throw conflict('CHANGE_CONFLICT');
    const version = current.version + 1;
    const before = { geometry: current.geometry, properties: current.properties };
    // The version being replaced gets its own history row first if it never had one (seeded data).
    await tx.query(
      `INSERT INTO feature_history (gfid, version, action, geom, properties, suggested_by, at)
       SELECT gfid, version, CASE WHEN version = 1 THEN 'create' ELSE 'update' END, geom, properties, created_by, updated_at
       FROM features WHERE gfid = $1 ON CONFLICT (gfid, version) DO NOTHING`,
      [current.gfid],
    );
    if (change.kind === 'update') {
      await tx.query(
        `UPDATE features SET geom = ST_SetSRID(ST_GeomFromGeoJSON($2), 4326), properties = $3::jsonb,
           version = $4, updated_at = now() WHERE gfid = $1`,
        [current.gfid, JSON.stringify(after!.geometry), JSON.stringify(after!.properties), version],
      );
      await tx.query(HISTORY_INSERT, [
        current.gfid,
        version,
        'update',
        JSON.stringify(after!.geometry),
        JSON.stringify(after!.properties),
        JSON.stringify(before),
        JSON.stringify(after),
        change.id,
        change.suggested_by,
        admin.id,
      ]);
    } else {
      await tx.query(HISTORY_INSERT, [
        current.gfid,
        version,
        'delete',
        JSON.stringify(current.geometry),
        JSON.stringify(current.properties),
        JSON.stringify(before),
        null,
        change.id,
        change.suggested_by,
        admin.id,
      ]);
      await tx.query('DELETE FROM features WHERE gfid = $1', [current.gfid]);
    }
    await close(tx, change, 'accepted', admin.id, null);
    return { id: change.id, status: 'accepted', gfid: current.gfid, version };
  });
}

/**
 * Declines one pending change: it is marked declined, with the admin's optional reason for the
 * submitter, and leaves the diff layer; nothing else changes.
 */
export async function declineChange(
  db: Db,
  id: number,
  admin: AuthUser,
  reason?: string,
  check: ReviewerCheck = assertReviewerOfWorkspace,
): Promise<DeclineChangeAnswer> {
  return db.transaction(async (tx) => {
    const change = await lockPending(tx, id, admin, check);
    await close(tx, change, 'declined', admin.id, null, reason || null);
    return { id: change.id, status: 'declined', gfid: change.gfid };
  });
}
