import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { verifyPassword } from './password.ts';
import { findUserById, findUserWithHash, type AuthUser } from './users.ts';

const TTL_MS = 5 * 60_000;

/**
 * Basic auth sends the password with every call (SPEC §7), and scrypt costs ~50 ms by design, so a
 * verified (username, password) pair is remembered for a few minutes under a hash of both.
 * A password change forgets the user's entries.
 */
export class CredentialCache {
  private entries = new Map<string, { userId: number; expires: number }>();

  private static key(username: string, password: string): string {
    return createHash('sha256').update(username).update('\0').update(password).digest('base64');
  }

  get(username: string, password: string): number | null {
    const key = CredentialCache.key(username, password);
    const hit = this.entries.get(key);
    if (!hit) return null;
    if (hit.expires < Date.now()) {
      this.entries.delete(key);
      return null;
    }
    return hit.userId;
  }

  set(username: string, password: string, userId: number): void {
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(CredentialCache.key(username, password), { userId, expires: Date.now() + TTL_MS });
  }

  forgetUser(userId: number): void {
    for (const [key, entry] of this.entries) if (entry.userId === userId) this.entries.delete(key);
  }
}

export async function checkCredentials(db: Db, cache: CredentialCache, username: string, password: string): Promise<AuthUser | null> {
  const cached = cache.get(username, password);
  if (cached !== null) return findUserById(db, cached);
  const user = await findUserWithHash(db, username);
  if (!user || !(await verifyPassword(password, user.passwordHash))) return null;
  cache.set(username, password, user.id);
  const { passwordHash: _omit, ...rest } = user;
  return rest;
}
