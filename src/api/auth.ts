// Account calls (SPEC §7 "Account and auth", CONTRACT.md Account): register, login (basic auth →
// x-session-id), logout, reset and change password, account update; plus the owner's app overview.
import { SESSION_HEADER } from '../model/index.ts';
import type { AccountUpdate, ChangePassword, Registration, ResetPassword, User } from '../model/index.ts';
import { ApiError, apiFetch, basicAuth, type ApiOptions, type Credentials } from './client.ts';

export interface LoginResult {
  user: User;
  sessionId: string | undefined;
  /** The stored credentials payload (SPEC §4), sent on later calls as basic auth. */
  authorization: string;
}

function base(opts: ApiOptions): string {
  return `${(opts.apiBase ?? '').replace(/\/$/, '')}/api`;
}

/** GET /api/login with basic auth; the session id comes back in the x-session-id header. */
export async function login(credentials: Credentials, opts: ApiOptions = {}): Promise<LoginResult> {
  const authorization = basicAuth(credentials);
  const headers: Record<string, string> = { accept: 'application/json', authorization };
  if (opts.appKey) headers['x-app-key'] = opts.appKey;
  const res = await fetch(`${base(opts)}/login`, { headers, signal: opts.signal });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ApiError(res.status, body?.error ?? 'LOGIN_FAILED', body?.message ?? `${res.status}`);
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
  organisation?: string;
}

/** GET /api/apps/overview: the caller's apps (logged-in only). */
export function fetchOverview(opts: ApiOptions = {}): Promise<OverviewApp[]> {
  return apiFetch<OverviewApp[]>('/apps/overview', {}, opts);
}

function json(method: string, body: unknown): RequestInit {
  return { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
}
