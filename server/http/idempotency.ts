import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERRORS, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from '../../src/model/index.ts';
import { requireUser } from '../auth/plugin.ts';
import type { Db } from '../db/index.ts';
import { HttpError, badRequest } from './errors.ts';
import { UploadedFile } from './upload_body.ts';

// The client's offline outbox replays queued suggestions (SPEC §4 Suggestions, "Service
// connection: a failed request … is added to a retry queue") with an Idempotency-Key. A replay
// whose first try committed but lost its answer (dropped connection, killed server) must get that
// answer again, never a second suggestion.

/** Visible ASCII only: a key is an opaque token, and a joined repeated header (", ") is refused. */
const KEY_PATTERN = new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`);

/** The optional header in a route's schema (OpenAPI); loose, since the other headers must stay. */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(KEY_PATTERN, { error: ERRORS.IDEMPOTENCY_KEY_INVALID })
    .optional()
    .describe('Applies the call once; a repeat with the same key and request gets the first answer again.'),
});

export interface Answer {
  status: number;
  body: unknown;
}

interface KeyRow {
  request_hash: string;
  status_code: number;
  response: unknown;
}

/** What makes two calls "the same request": method, path with parameters and query, and body. */
function requestHash(req: FastifyRequest): string {
  const body =
    req.body instanceof UploadedFile
      ? req.body.sha256
      : Buffer.isBuffer(req.body)
        ? req.body
        : req.body === undefined
          ? ''
          : JSON.stringify(req.body);
  return createHash('sha256').update(`${req.method}\n${req.url}\n`).update(body).digest('hex');
}

function send(reply: FastifyReply, { status, body }: Answer) {
  reply.code(status);
  return status === 204 || body === null || body === undefined ? reply.send() : reply.send(body);
}

/**
 * Runs one suggestion call at most once per (user, Idempotency-Key). Without the header, `work(db)`
 * runs as before. With it, one transaction claims the key (on PostgreSQL a concurrent claim of the
 * same key waits for this commit, then sees the conflict), runs `work` on that transaction and
 * stores its answer; a later call with the key replays the stored answer, or is refused when its
 * request differs. A thrown error rolls the claim back with the work, so a retry runs again.
 * Inside `work` use only `tx`: on PGlite the outer db waits for this transaction (deadlock).
 */
export async function withIdempotency(db: Db, req: FastifyRequest, reply: FastifyReply, work: (tx: Db) => Promise<Answer>) {
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return send(reply, await work(db));
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) throw badRequest('IDEMPOTENCY_KEY_INVALID');
  const user = requireUser(req);
  const hash = requestHash(req);
  const { answer, replayed } = await db.transaction(async (tx) => {
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [user.id, key, hash],
    );
    if (claimed.rows.length) {
      const done = await work(tx);
      // The first caller gets the stored (jsonb) form too, so every answer to a key is the same.
      const { rows } = await tx.query<{ response: unknown }>(
        `UPDATE idempotency_keys SET status_code = $3, response = $4::jsonb WHERE user_id = $1 AND key = $2 RETURNING response`,
        [user.id, key, done.status, JSON.stringify(done.body ?? null)],
      );
      return { answer: { status: done.status, body: rows[0].response }, replayed: false };
    }
    const { rows } = await tx.query<KeyRow>(
      'SELECT request_hash, status_code, response FROM idempotency_keys WHERE user_id = $1 AND key = $2',
      [user.id, key],
    );
    if (rows[0].request_hash !== hash) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
    return { answer: { status: rows[0].status_code, body: rows[0].response }, replayed: true };
  });
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  return send(reply, answer);
}

/** Whether this call repeats one already answered (its Idempotency-Key has a stored answer): a replay stores nothing new. */
export async function isAnsweredReplay(db: Db, req: FastifyRequest, userId: number): Promise<boolean> {
  const key = req.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) return false;
  const { rows } = await db.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status_code IS NOT NULL', [
    userId,
    key,
  ]);
  return rows.length > 0;
}

/**
 * Forgets keys older than 90 days (run at start). A device whose first try committed but lost its
 * answer may then stay offline for weeks (field work) before the outbox replays it; 90 days outlives
 * such a gap with room to spare while keeping the table from growing forever.
 */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '90 days'`);
}
