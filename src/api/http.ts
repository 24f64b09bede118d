// The one place that turns credentials into request headers and an error answer into
// `{ status, key, message }` (SPEC §7 "Account and auth", §8 messages; CONTRACT.md "Errors"). The
// main thread (src/api) and the workers (workers/data) both import it, so it imports only the model:
// never UI state, never a worker.
import { APP_KEY_HEADER, SESSION_HEADER } from '../model/index.ts';

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

/** What a call authenticates with: the `Basic …` value kept since login and/or the session id. */
export interface WireCredentials {
  authorization?: string;
  sessionId?: string;
}

export function basicAuth({ username, password }: Credentials): string {
  // btoa needs Latin-1; encode UTF-8 first so non-ASCII passwords survive.
  const bytes = new TextEncoder().encode(`${username}:${password}`);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return `Basic ${btoa(bin)}`;
}

export interface HeaderOptions {
  appKey?: string;
  accept?: string;
  credentials?: WireCredentials;
  /**
   * Send basic auth beside a session id too, so the server falls back to it when the session has
   * ended (the data worker's layer loads). Otherwise the session id is enough once there is one and
   * basic auth is the fallback (SPEC §7).
   */
  basicWithSession?: boolean;
}

/**
 * The app key, accept and credential headers over `base` (a header already in `base` wins over
 * the stored basic auth).
 */
export function apiHeaders(opts: HeaderOptions, base?: HeadersInit): Headers {
  const headers = new Headers(base);
  if (opts.accept) headers.set('accept', opts.accept);
  if (opts.appKey) headers.set(APP_KEY_HEADER, opts.appKey);
  const { authorization, sessionId } = opts.credentials ?? {};
  if (authorization && (opts.basicWithSession || !sessionId) && !headers.has('authorization')) {
    headers.set('authorization', authorization);
  }
  if (sessionId) headers.set(SESSION_HEADER, sessionId);
  return headers;
}

/** `${apiBase}/api${path}`; an apiBase of '' means same origin. */
export function apiUrl(apiBase: string | undefined, path: string): string {
  return `${(apiBase ?? '').replace(/\/$/, '')}/api${path}`;
}

/** A refused call: the status, the §8 key and the SPEC text the server sent. */
export interface WireError {
  status: number;
  key: string | undefined;
  message: string;
}

/**
 * Reads a failed answer's error body. `message` is the server's SPEC §8 text, else `fallback`
 * (an answer that is not the JSON error body, e.g. a proxy's page).
 */
export async function readWireError(res: Response, fallback = `${res.status} ${res.statusText}`): Promise<WireError> {
  const body = (await res.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  return {
    status: res.status,
    key: typeof body?.error === 'string' ? body.error : undefined,
    message: typeof body?.message === 'string' ? body.message : fallback,
  };
}

/** The failed answer as an ApiError (status, §8 key, SPEC text). */
export async function apiError(res: Response, fallback?: string): Promise<ApiError> {
  const { status, key, message } = await readWireError(res, fallback);
  return new ApiError(status, key, message);
}
