import { createHash } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { findUserWithHash, type AuthUser } from './users.ts';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

/**
 * Basic auth sends the password with every call (SPEC §7), and scrypt costs ~50 ms by design, so a
 * verified password is remembered for a few minutes — keyed by the username, the password and the
 * stored hash it matched. The hash is read from the database on every call, so a password changed
 * on any server (issue 16: several app servers) stops matching at once.
 */
export class CredentialCache {
  private entries = new Map<string, number>();

  private static key(username: string, password: string, storedHash: string): string {
    return createHash('sha256').update(username).update('\0').update(password).update('\0').update(storedHash).digest('base64');
  }

  has(username: string, password: string, storedHash: string): boolean {
    const key = CredentialCache.key(username, password, storedHash);
    const expires = this.entries.get(key);
    if (expires === undefined) return false;
    if (expires < Date.now()) {
      this.entries.delete(key);
      return false;
    }
    return true;
  }

  add(username: string, password: string, storedHash: string): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(CredentialCache.key(username, password, storedHash), Date.now() + TTL_MS);
  }
}

// An unknown username costs the same scrypt as a known one, so timing does not tell them apart.
let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword('not-a-password');
  return dummyHash;
};

export async function checkCredentials(db: Db, cache: CredentialCache, username: string, password: string): Promise<AuthUser | null> {
  const user = await findUserWithHash(db, username);
  if (!user) {
    await verifyPassword(password, await dummy());
    return null;
  }
  const { passwordHash, ...rest } = user;
  if (cache.has(username, password, passwordHash)) return rest;
  if (!(await verifyPassword(password, passwordHash))) return null;
  cache.add(username, password, passwordHash);
  return rest;
}
