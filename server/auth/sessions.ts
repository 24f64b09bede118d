import { randomBytes } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { USER_COLUMNS, type AuthUser } from './users.ts';

export const SESSION_DAYS = 30;

/** SPEC §4: login sets the session id; 32 random bytes so it cannot be guessed. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  // Logins are rare enough to sweep expired sessions here instead of in a job.
  await db.query('DELETE FROM sessions WHERE expires_at < now()');
  await db.query(`INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3))`, [
    id,
    userId,
    SESSION_DAYS,
  ]);
  return id;
}

/** The user of a live session, in one round trip (asked on every request). */
export async function sessionUser(db: Db, sessionId: string): Promise<AuthUser | null> {
  const { rows } = await db.query<AuthUser>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = (SELECT user_id FROM sessions WHERE id = $1 AND expires_at > now())`,
    [sessionId],
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
}

/** After a password change every other session of the user ends. */
export async function deleteUserSessions(db: Db, userId: number, except?: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, except ?? '']);
}
