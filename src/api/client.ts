// Typed fetch wrapper for the Mapdraft API (SPEC §7, docs/CONTRACT.md "HTTP API").
// Every call carries the app key header when the key is known; credentials go as basic auth.
import { APP_KEY_HEADER, SESSION_HEADER } from '../model/index.ts';
import type { AppResponse } from '../model/index.ts';

/** Wire error body (CONTRACT.md): `{ statusCode, error: ErrorKey, message }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly key: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Credentials {
  username: string;
  password: string;
}

export interface ApiOptions {
  /** '' means same origin (the server serves dist/ and /api together). */
  apiBase?: string;
  appKey?: string;
  credentials?: Credentials;
  sessionId?: string;
  signal?: AbortSignal;
}

/**
 * Where calls find the signed-in user's credentials when the caller passes none (SPEC §7:
 * "credentials are sent as basic auth from a stored payload"). src/state/authStore.ts installs it,
 * so the client does not import UI state and explicit options keep working as before.
 */
export interface StoredCredentials {
  /** The `Basic …` header value kept since login, if any. */
  authorization?: string;
  sessionId?: string;
}
let credentialSource: () => StoredCredentials = () => ({});
export function setCredentialSource(source: () => StoredCredentials): void {
  credentialSource = source;
}

export function basicAuth({ username, password }: Credentials): string {
  // btoa needs Latin-1; encode UTF-8 first so non-ASCII passwords survive.
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

export async function apiFetch<T>(path: string, init: RequestInit = {}, opts: ApiOptions = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (opts.appKey) headers.set(APP_KEY_HEADER, opts.appKey);
  const stored = opts.credentials || opts.sessionId ? {} : credentialSource();
  if (opts.credentials) headers.set('authorization', basicAuth(opts.credentials));
  // The session id is enough once there is one; basic auth is the fallback (SPEC §7).
  else if (stored.authorization && !stored.sessionId && !headers.has('authorization')) headers.set('authorization', stored.authorization);
  const sessionId = opts.sessionId ?? stored.sessionId;
  if (sessionId) headers.set(SESSION_HEADER, sessionId);
  const res = await fetch(`${(opts.apiBase ?? '').replace(/\/$/, '')}/api${path}`, {
    ...init,
    headers,
    signal: opts.signal ?? init.signal,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ApiError(res.status, body?.error, body?.message ?? `${res.status} ${res.statusText}`);
  }
  // 204 (logout) and empty bodies have no JSON.
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET /api/apps?appkey= (CONTRACT.md "Apps"); the body is the model's appResponseSchema. */
export function fetchApp(appKey: string, opts: ApiOptions = {}): Promise<AppResponse> {
  return apiFetch<AppResponse>(`/apps?appkey=${encodeURIComponent(appKey)}`, {}, { ...opts, appKey });
}
