// SPEC §4 authentication: statuses authenticating → authenticated / authorised / unAuthenticated.
// Login keeps the user, user id, session id and user record in cookies (when consent allows) and
// the credentials payload in memory; logout removes both. "authorised" = an admin (SPEC §6).
import { create } from 'zustand';
import { isAdminUser, type SessionCookieMode, type User } from '../model/index.ts';
import { setCredentialSource } from '../api/client.ts';
import { clearUserCookies, readConsent, readCookie, USER_COOKIES, userCookiesAllowed, writeCookie } from './cookies.ts';
import { getDataWorker } from '../map/data_worker_client.ts';

export type AuthStatus = 'authenticating' | 'authenticated' | 'authorised' | 'unAuthenticated';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  sessionId: string | null;
  /** Basic-auth header value from login (SPEC §7 "stored payload"). */
  authorization: string | null;
  begin: () => void;
  /** `serverCookie`: the server keeps the session in its HttpOnly cookie, so no script-readable copy is kept. */
  signIn: (
    user: User,
    sessionId: string | undefined,
    authorization: string,
    useCookies: boolean,
    remember?: boolean,
    serverCookie?: boolean,
  ) => void;
  fail: () => void;
  signOut: () => void;
  /** Restores a session from the cookies a previous visit left (consent given), else from the local store. */
  restore: () => Promise<void>;
  /** Counts the user's registrations on a workspace this visit: the map loads what they open (SPEC §6). */
  registrations: number;
  noteRegistration: () => void;
}

/**
 * SPEC §3 "local storage holds … auth": a remembered sign-in is kept in the product's local
 * database too, so a field user who restarts the phone without signal is still signed in and can
 * keep suggesting into the outbox. The basic-auth payload (the password) is never stored, and the
 * session id only when the server keeps no HttpOnly cookie for it (no cookie consent, another origin).
 */
const AUTH_KEY = { store: 'auth', key: 'session', appName: undefined } as const;
interface StoredSession {
  user: User;
  sessionId?: string;
}

function storeSession(value: StoredSession | null): void {
  // No worker or no local database (tests in node, private modes): cookies only.
  Promise.resolve()
    .then(() => getDataWorker().putStoredValue({ ...AUTH_KEY, value }))
    .catch(() => undefined);
}

async function storedSession(): Promise<StoredSession | null> {
  try {
    const raw = (await getDataWorker().getStoredValue(AUTH_KEY)) as Partial<StoredSession> | null | undefined;
    if (!raw?.user || typeof raw.user.username !== 'string') return null;
    return { user: raw.user, sessionId: typeof raw.sessionId === 'string' ? raw.sessionId : undefined };
  } catch {
    return null;
  }
}

/** Sessions stay valid server-side; cookies just carry them across reloads. */
const SESSION_DAYS = 30;

/** SPEC §3 auth.rememberMe: remembered logins outlive the browser; others end with it (session cookies). */
export function userCookieDays(remember: boolean): number | undefined {
  return remember ? SESSION_DAYS : undefined;
}

const sameOrigin = (apiBase: string) => !apiBase || new URL(apiBase, location.href).origin === location.origin;

/**
 * What login asks the server for (issue 16): its HttpOnly session cookie, for the browser session
 * or remembered, when user cookies are allowed (SPEC §4 consent) and the API is on this origin (a
 * cookie of another origin would not be sent); else none, and the client keeps the session id.
 */
export function sessionCookieMode(useCookies: boolean, remember: boolean, apiBase: string): SessionCookieMode {
  if (!userCookiesAllowed(useCookies, readConsent()) || !sameOrigin(apiBase)) return 'none';
  return remember ? 'remembered' : 'browser';
}

export function statusFor(user: User | null): AuthStatus {
  if (!user) return 'unAuthenticated';
  return isAdminUser(user) ? 'authorised' : 'authenticated';
}

export const useAuthStore = create<AuthState>((set) => ({
  status: 'unAuthenticated',
  user: null,
  sessionId: null,
  authorization: null,
  registrations: 0,
  noteRegistration: () => set((s) => ({ registrations: s.registrations + 1 })),
  begin: () => set({ status: 'authenticating' }),
  signIn(user, sessionId, authorization, useCookies, remember = true, serverCookie = false) {
    set({ status: statusFor(user), user, sessionId: sessionId ?? null, authorization });
    // The session id stays in memory for this page; it is kept only where no HttpOnly cookie carries it.
    const kept = serverCookie ? undefined : sessionId;
    storeSession(remember && (kept || serverCookie) ? { user, sessionId: kept } : null);
    if (!userCookiesAllowed(useCookies, readConsent())) return;
    const days = userCookieDays(remember);
    writeCookie(USER_COOKIES.user, user.username, days);
    if (user.id !== undefined) writeCookie(USER_COOKIES.userId, String(user.id), days);
    if (kept) writeCookie(USER_COOKIES.sessionId, kept, days);
    writeCookie(USER_COOKIES.userRecord, JSON.stringify(user), days);
  },
  fail: () => set({ status: 'unAuthenticated', user: null, sessionId: null, authorization: null }),
  signOut() {
    clearUserCookies();
    storeSession(null);
    set({ status: 'unAuthenticated', user: null, sessionId: null, authorization: null });
  },
  async restore() {
    // The server's HttpOnly session cookie is not readable here and travels by itself; a readable
    // one is the client's own (an API on another origin).
    const sessionId = readCookie(USER_COOKIES.sessionId) ?? null;
    const record = readCookie(USER_COOKIES.userRecord);
    if (record) {
      try {
        const user = JSON.parse(record) as User;
        set({ status: statusFor(user), user, sessionId, authorization: null });
        return;
      } catch {
        clearUserCookies();
      }
    }
    const stored = await storedSession();
    // A sign-in made while the store was read wins over the older remembered one.
    if (stored && useAuthStore.getState().status === 'unAuthenticated') {
      set({ status: statusFor(stored.user), user: stored.user, sessionId: stored.sessionId ?? null, authorization: null });
    }
  },
}));

// Every API call made without explicit credentials sends the stored ones (x-session-id, basic).
setCredentialSource(() => {
  const { sessionId, authorization } = useAuthStore.getState();
  return { sessionId: sessionId ?? undefined, authorization: authorization ?? undefined };
});

export const isLoggedIn = (s: { status: AuthStatus }) => s.status === 'authenticated' || s.status === 'authorised';
