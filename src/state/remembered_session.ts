// SPEC §3 "local storage holds … auth": what a remembered sign-in looks like where it is kept — the
// user record cookie a previous visit left (consent given), else the session in the product's local
// database. Pure, and free of the UI: the auth store restores the sign-in from it (auth_store.ts),
// and the data worker's start-up asks for the layers with the same credentials (issue 17,
// workers/data/start_up.ts), so its early fetches are the ones the map takes.
import type { User } from '../model/index.ts';

/** Where the local database keeps the remembered sign-in (SPEC §9: the product's database). */
export const AUTH_SESSION_KEY = { store: 'auth', key: 'session', appName: undefined } as const;

export interface StoredSession {
  user: User;
  sessionId?: string;
}

/** The stored value as a session; anything else (none, another shape) counts as none. */
export function parseStoredSession(raw: unknown): StoredSession | null {
  const value = raw as Partial<StoredSession> | null | undefined;
  if (!value?.user || typeof value.user.username !== 'string') return null;
  return { user: value.user, sessionId: typeof value.sessionId === 'string' ? value.sessionId : undefined };
}

/** The user record cookie's user; undefined where it is not JSON of an object (a broken cookie). */
export function parseUserRecord(record: string): User | undefined {
  try {
    const user = JSON.parse(record) as unknown;
    return user && typeof user === 'object' ? (user as User) : undefined;
  } catch {
    return undefined;
  }
}
