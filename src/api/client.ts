// Typed fetch wrapper for the Mapdraft API (SPEC §7, docs/CONTRACT.md "HTTP API").
// Every call carries the app key header when the key is known; credentials go as basic auth.
import { useQuery } from '@tanstack/react-query';
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
  if (opts.credentials) headers.set('authorization', basicAuth(opts.credentials));
  if (opts.sessionId) headers.set(SESSION_HEADER, opts.sessionId);
  const res = await fetch(`${(opts.apiBase ?? '').replace(/\/$/, '')}/api${path}`, {
    ...init,
    headers,
    signal: opts.signal ?? init.signal,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ApiError(res.status, body?.error, body?.message ?? `${res.status} ${res.statusText}`);
  }
  return (await res.json()) as T;
}

/** GET /api/apps?appkey= (CONTRACT.md "Apps"); the body is the model's appResponseSchema. */
export function fetchApp(appKey: string, opts: ApiOptions = {}): Promise<AppResponse> {
  return apiFetch<AppResponse>(`/apps?appkey=${encodeURIComponent(appKey)}`, {}, { ...opts, appKey });
}

export function useAppConfig(appKey: string, opts: Omit<ApiOptions, 'appKey' | 'signal'> = {}) {
  return useQuery({
    queryKey: ['app', appKey],
    queryFn: ({ signal }) => fetchApp(appKey, { ...opts, signal }),
    // An unknown key (404) or a malformed one (400) will not fix itself by retrying.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });
}
