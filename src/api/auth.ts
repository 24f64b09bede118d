// Account calls (SPEC §7 "Account and auth", CONTRACT.md Account): register, login (basic auth →
// x-session-id), logout, reset and change password, account update; plus the owner's app overview.
import { SESSION_HEADER, type SessionCookieMode } from '../model/index.ts';
import type { AccountUpdate, ChangePassword, Registration, ResetPassword, User } from '../model/index.ts';
import { apiFetch, type ApiOptions } from './client.ts';
import { ApiError, apiHeaders, apiUrl, basicAuth, readWireError, type Credentials } from './http.ts';

export interface LoginResult {
  user: User;
  sessionId: string | undefined;
  /** The stored credentials payload (SPEC §4), sent on later calls as basic auth. */
  authorization: string;
}

/**
 * GET /api/login with basic auth; the session id comes back in the x-session-id header and, unless
 * `cookie` is 'none', in the server's HttpOnly session cookie too (scripts never read that one).
 */
export async function login(credentials: Credentials, opts: ApiOptions = {}, cookie: SessionCookieMode = 'none'): Promise<LoginResult> {
  const authorization = basicAuth(credentials);
  const headers = apiHeaders({ appKey: opts.appKey, accept: 'application/json', credentials: { authorization } });
  const res = await fetch(apiUrl(opts.apiBase, `/login?cookie=${cookie}`), { headers, signal: opts.signal });
  if (!res.ok) {
    const { status, key, message } = await readWireError(res, `${res.status}`);
    throw new ApiError(status, key ?? 'LOGIN_FAILED', message);
  }
  return { user: (await res.json()) as User, sessionId: res.headers.get(SESSION_HEADER) ?? undefined, authorization };
}

export function register(body: Registration, opts: ApiOptions = {}): Promise<User> {
  return apiFetch<User>('/register', json('POST', body), opts);
}

export function logout(opts: ApiOptions = {}): Promise<void> {
  return apiFetch<void>('/logout', { method: 'POST' }, opts);
}

export function resetPassword(body: ResetPassword, opts: ApiOptions = {}): Promise<{ message: string }> {
  return apiFetch('/reset-password', json('POST', body), opts);
}

export function changePassword(body: ChangePassword, opts: ApiOptions = {}): Promise<User> {
  return apiFetch<User>('/change-password', json('POST', body), opts);
}

export function updateAccount(body: AccountUpdate, opts: ApiOptions = {}): Promise<User> {
  return apiFetch<User>('/account', json('PUT', body), opts);
}

export interface OverviewApp {
  appKey: string;
  appName?: string;
  activated: boolean;
  createdAt?: string;
  activatedAt?: string | null;
  organisation?: string;
  invoiceNumber?: string | null;
}

/** GET /api/apps/overview: the caller's apps (logged-in only). */
export function fetchOverview(opts: ApiOptions = {}): Promise<OverviewApp[]> {
  return apiFetch<OverviewApp[]>('/apps/overview', {}, opts);
}

function json(method: string, body: unknown): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}
