import { KINDS, type AttachmentRow } from '../attachments/kinds.ts';
import type { AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { conflict, notFound } from '../http/errors.ts';
import { assertReviewerOfWorkspace, type ReviewerCheck } from './review_queue.ts';

// SPEC §7 "PUT item accept or decline" and the review queue's bulk decisions: one attachment
// (comment, link, bibliography entry, image, document, tag, tag removal or observation) decided in one transaction.

/**
 * Locks the item, checks the admin reviews its feature's app (SPEC §6) and that it is still pending
 * (a second decision → 409), then marks it; an accepted removal takes the item it removes away (SPEC §4
 * "tag removals are likewise accepted"). Returns the row as decided.
 */
export async function decideAttachment(
  db: Db,
  id: number,
  accept: boolean,
  admin: AuthUser,
  reason: string | null = null,
  check: ReviewerCheck = assertReviewerOfWorkspace,
): Promise<AttachmentRow> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<AttachmentRow & { workspace_id: string }>(
      `SELECT a.id, a.gfid, a.kind, a.name, a.description, a.content_type, octet_length(a.data) AS size,
         a.body, a.status, a.removal, u.username AS creator, a.created_at, f.workspace_id
       FROM attachments a JOIN features f ON f.gfid = a.gfid LEFT JOIN users u ON u.id = a.created_by
       WHERE a.id = $1 FOR UPDATE OF a`,
      [id],
    );
    const row = rows[0];
    if (!row) throw notFound('ELEMENT_NOT_FOUND');
    await check(tx, admin, row.workspace_id);
    if (row.status !== 'pending') throw conflict('CHANGE_NOT_PENDING');
    const status = accept ? 'accepted' : 'declined';
    await tx.query('UPDATE attachments SET status = $2, decided_by = $3, decided_at = now(), decline_reason = $4 WHERE id = $1', [
      row.id,
      status,
      admin.id,
      accept ? null : reason,
    ]);
    if (accept && row.removal) await tx.query('DELETE FROM attachments WHERE id = $1', [Number(row.body.targetId)]);
    if (accept) await KINDS.find((k) => k.kind === row.kind)?.onAccept?.(tx, row);
    return { ...row, status };
  });
}
