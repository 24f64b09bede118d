// SPEC §4 authentication: statuses authenticating → authenticated / authorised / unAuthenticated.
// Login keeps the user, user id, session id and user record in cookies (when consent allows) and
// the credentials payload in memory; logout removes both. "authorised" = an admin (SPEC §6).
import { create } from 'zustand';
import { isAdminUser, type User } from '../model/index.ts';
import { setCredentialSource } from '../api/client.ts';
import { clearUserCookies, readConsent, readCookie, USER_COOKIES, userCookiesAllowed, writeCookie } from './cookies.ts';

export type AuthStatus = 'authenticating' | 'authenticated' | 'authorised' | 'unAuthenticated';

interface AuthState {
  status: AuthStatus;
  user: User | null;
  sessionId: string | null;
  /** Basic-auth header value from login (SPEC §7 "stored payload"). */
  authorization: string | null;
  begin: () => void;
  signIn: (user: User, sessionId: string | undefined, authorization: string, useCookies: boolean, remember?: boolean) => void;
  fail: () => void;
  signOut: () => void;
  /** Restores a session from the cookies a previous visit left (consent given). */
  restore: () => void;
}

/** Sessions stay valid server-side; cookies just carry them across reloads. */
const SESSION_DAYS = 30;

/** SPEC §3 auth.rememberMe: remembered logins outlive the browser; others end with it (session cookies). */
export function userCookieDays(remember: boolean): number | undefined {
  return remember ? SESSION_DAYS : undefined;
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
  begin: () => set({ status: 'authenticating' }),
  signIn(user, sessionId, authorization, useCookies, remember = true) {
    set({ status: statusFor(user), user, sessionId: sessionId ?? null, authorization });
    if (!userCookiesAllowed(useCookies, readConsent())) return;
    const days = userCookieDays(remember);
    writeCookie(USER_COOKIES.user, user.username, days);
    if (user.id !== undefined) writeCookie(USER_COOKIES.userId, String(user.id), days);
    if (sessionId) writeCookie(USER_COOKIES.sessionId, sessionId, days);
    writeCookie(USER_COOKIES.userRecord, JSON.stringify(user), days);
  },
  fail: () => set({ status: 'unAuthenticated', user: null, sessionId: null, authorization: null }),
  signOut() {
    clearUserCookies();
    set({ status: 'unAuthenticated', user: null, sessionId: null, authorization: null });
  },
  restore() {
    const sessionId = readCookie(USER_COOKIES.sessionId);
    const record = readCookie(USER_COOKIES.userRecord);
    if (!sessionId || !record) return;
    try {
      const user = JSON.parse(record) as User;
      set({ status: statusFor(user), user, sessionId, authorization: null });
    } catch {
      clearUserCookies();
    }
  },
}));

// Every API call made without explicit credentials sends the stored ones (x-session-id, basic).
setCredentialSource(() => {
  const { sessionId, authorization } = useAuthStore.getState();
  return { sessionId: sessionId ?? undefined, authorization: authorization ?? undefined };
});

export const isLoggedIn = (s: { status: AuthStatus }) => s.status === 'authenticated' || s.status === 'authorised';
