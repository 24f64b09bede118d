import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';

// Real HTTP against the shared test server (tests/server/global_setup.ts); no mocks.
export { ADMIN, DEMO, SEED_CITIES, USER } from './fixtures.ts';

export interface Creds {
  username: string;
  password: string;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Raw body with its content type (binary uploads). */
  raw?: { data: Uint8Array | string; type: string };
  auth?: Creds;
  session?: string;
  appKey?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  headers: Headers;
  body: T;
  bytes: Uint8Array;
}

export const unique = (prefix: string) => `${prefix}${randomBytes(5).toString('hex')}`;

export const basic = (c: Creds) => 'Basic ' + Buffer.from(`${c.username}:${c.password}`).toString('base64');

export async function call<T = any>(path: string, opts: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.auth) headers.authorization = basic(opts.auth);
  if (opts.session) headers['x-session-id'] = opts.session;
  if (opts.appKey) headers['x-app-key'] = opts.appKey;
  let body: BodyInit | undefined;
  if (opts.raw) {
    headers['content-type'] = opts.raw.type;
    body = opts.raw.data as BodyInit;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(inject('apiBase') + path, { method: opts.method ?? 'GET', headers, body });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // binary or plain text stays as text
  }
  return { status: res.status, headers: res.headers, body: parsed as T, bytes };
}

/** Registers a fresh user (SPEC §5 registration) and returns its credentials. */
export async function newUser(): Promise<Creds & { id: number }> {
  const creds = { username: unique('u_'), password: unique('pw-') };
  const res = await call('/api/register', {
    method: 'POST',
    body: { ...creds, confirmPassword: creds.password, firstName: 'Ada', lastName: 'Lovelace', email: `${creds.username}@example.org` },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...creds, id: res.body.id };
}

export const INVOICE = {
  firstName: 'Grace',
  lastName: 'Hopper',
  organisation: 'Navy',
  street: 'Main St',
  houseNumber: '1',
  postCode: '12345',
  city: 'Arlington',
};

/** A fresh user owning a fresh app (POST /api/apps). */
export async function newOwnedApp(): Promise<{ owner: Creds; appKey: string }> {
  const owner = await newUser();
  const res = await call('/api/apps', { method: 'POST', auth: owner, body: INVOICE });
  if (res.status !== 201) throw new Error(`create app failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { owner, appKey: res.body.appKey };
}

/** A new app of a new owner with one workspace of the owner's (SPEC §7 Workspaces) and its secret. */
export async function newAppWithWorkspace(managed = false) {
  const { owner, appKey } = await newOwnedApp();
  const ws = unique('ws_o');
  const made = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: ws, managed } });
  if (made.status !== 201) throw new Error(`create workspace failed: ${made.status} ${JSON.stringify(made.body)}`);
  return { owner, appKey, ws, secret: made.body.workspaceSecret as string };
}

/** The wire error body of CONTRACT "Errors": {statusCode, error: ErrorKey, message: SPEC text}. */
export function expectError(res: CallResult, status: number, error: string, message?: string) {
  expect({ status: res.status, body: res.body }).toMatchObject({
    status,
    body: { statusCode: status, error, message: message ?? expect.any(String) },
  });
}

/**
 * The whole-layer FlatGeobuf of the layer's current version, indexed: a range request waits for the
 * file to be built (until then a plain GET streams the layer unindexed), so plain GETs after this
 * one answer the same indexed bytes.
 */
export async function indexedLayerFile(query: string): Promise<Uint8Array> {
  const res = await call(`/api/features?${query}&f=fgb`, { headers: { range: 'bytes=0-' } });
  if (res.status !== 206) throw new Error(`range read of ${query}: ${res.status}`);
  return res.bytes;
}
