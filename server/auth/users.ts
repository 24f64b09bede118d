import { resolveLocale } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';

/** A user row as the server uses it; never carries the hash outside this module's callers. */
export interface AuthUser {
  id: number;
  username: string;
  type: string;
  firstName: string;
  lastName: string;
  email: string;
  organization: string;
  language: string;
}

export const USER_COLUMNS = `id, username, type, first_name AS "firstName", last_name AS "lastName",
  email, organization, language`;

export async function findUserWithHash(db: Db, username: string): Promise<(AuthUser & { passwordHash: string }) | null> {
  const { rows } = await db.query<AuthUser & { passwordHash: string }>(
    `SELECT ${USER_COLUMNS}, password_hash AS "passwordHash" FROM users WHERE username = $1`,
    [username],
  );
  return rows[0] ?? null;
}

/** The user record on the wire (SPEC §3 User) — no password, no hash. */
export function publicUser(u: AuthUser) {
  return {
    id: u.id,
    username: u.username,
    type: u.type,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    organization: u.organization,
    language: resolveLocale(u.language),
  };
}

export function isAdmin(u: AuthUser | null | undefined): boolean {
  return u?.type === 'admin';
}
