// Typed fetch wrapper for the Mapdraft API (SPEC §7, docs/CONTRACT.md "HTTP API").
// Every call carries the app key header when the key is known; credentials go as basic auth.
import type { AppResponse } from '../model/index.ts';
import { apiError, apiHeaders, apiUrl, basicAuth, type Credentials, type WireCredentials } from './http.ts';

// The error class, the credentials and the header rules live in http.ts (shared with the workers).
export { ApiError, basicAuth, type Credentials } from './http.ts';

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
 * "credentials are sent as basic auth from a stored payload"). src/state/auth_store.ts installs it,
 * so the client does not import UI state and explicit options keep working as before.
 */
export type StoredCredentials = WireCredentials;
let credentialSource: () => StoredCredentials = () => ({});
export function setCredentialSource(source: () => StoredCredentials): void {
  credentialSource = source;
}
/** The signed-in user's stored credentials (none before src/state/auth_store.ts installs its source). */
export const storedCredentials = (): StoredCredentials => credentialSource();

export async function apiFetch<T>(path: string, init: RequestInit = {}, opts: ApiOptions = {}): Promise<T> {
  // Explicit credentials or session win; else the stored ones (the session id is enough once there is one).
  const explicit = !!(opts.credentials || opts.sessionId);
  const credentials: WireCredentials = explicit
    ? { authorization: opts.credentials && basicAuth(opts.credentials), sessionId: opts.sessionId }
    : credentialSource();
  const headers = apiHeaders(
    { appKey: opts.appKey, accept: 'application/json', credentials, basicWithSession: !!opts.credentials },
    init.headers,
  );
  const res = await fetch(apiUrl(opts.apiBase, path), { ...init, headers, signal: opts.signal ?? init.signal });
  if (!res.ok) throw await apiError(res);
  // 204 (logout) and empty bodies have no JSON.
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** GET /api/apps?appkey= (CONTRACT.md "Apps"); the body is the model's appResponseSchema. */
export function fetchApp(appKey: string, opts: ApiOptions = {}): Promise<AppResponse> {
  return apiFetch<AppResponse>(`/apps?appkey=${encodeURIComponent(appKey)}`, {}, { ...opts, appKey });
}
