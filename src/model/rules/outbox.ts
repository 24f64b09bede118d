// The offline outbox (DESIGN "Offline first"): every suggestion is kept on the device
// with an idempotency key until the server has answered it, then replayed in the order it was made.
// These are the rules every thread agrees on: what an item is, and what a server answer means.
import type { Geometry } from '../entities/feature.ts';

/**
 * waiting: not yet answered (or the connection dropped mid-send: sent again with the same key);
 * sending: on its way now; failed: refused by the server for a reason the user must fix (validation,
 * rights), kept with the server's message; conflict: a modification based on a version that is no
 * longer current (SPEC §4 suggestions are reviewed against the version they were based on).
 */
export const OUTBOX_STATUSES = ['waiting', 'sending', 'failed', 'conflict'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** How often the server is asked whether it answers again while anything waits in the outbox. */
export const OUTBOX_PING_INTERVAL_MS = 30_000;
/**
 * How long a call waits for the server before the device's copy is used instead (SPEC §9's 10 s
 * time-out): a phone that says "online" behind a dead link must not hang the start.
 */
export const SERVER_TIMEOUT_MS = 10_000;

/** In a queued attachment's path, the gfid of the new feature it waits for (known once that is sent). */
export const PARENT_PLACEHOLDER = '{parent}';

export type OutboxSubject = 'feature' | 'comments' | 'links' | 'bibliographies' | 'tags' | 'images' | 'documents' | 'observations';

/** What the list and the map show of an item; the request itself is kept beside it. */
export interface OutboxMeta {
  subject: OutboxSubject;
  /** The edited layer (not its `_diff` companion) and its workspace. */
  layerId: string;
  workspace: string;
  /** SPEC §3 grpstatus of a feature suggestion: n new, m modified, d deleted. */
  grpstatus?: 'n' | 'm' | 'd';
  /** The feature's gfid; null for a new feature (and for the attachments that wait for it). */
  gfid: number | null;
  /** The version the edit was based on (a modification or deletion). */
  baseVersion?: number | null;
  /** A short text naming the item for its author (a feature's name, a comment, a file name). */
  label: string;
  /** A feature suggestion's proposed geometry and properties: drawn on the map while it waits. */
  geometry?: Geometry | null;
  properties?: Record<string, unknown>;
}

/** One queued call, as the main thread hands it over. */
export interface OutboxRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  /** Below /api, query included; may hold PARENT_PLACEHOLDER when `parent` is set. */
  path: string;
  contentType?: string;
  body?: Uint8Array;
  /** The `seq` of the new-feature item this one waits for (its attachments, SPEC §5: no gfid, no attachments). */
  parent?: number;
  meta: OutboxMeta;
}

/** An item as listed: everything but the body. */
export interface OutboxItem {
  seq: number;
  key: string;
  owner: string;
  method: OutboxRequest['method'];
  path: string;
  contentType: string | null;
  parent: number | null;
  status: OutboxStatus;
  /** The server's message and error key (SPEC §8 catalogue) for a failed or conflicting item. */
  error: string | null;
  errorKey: string | null;
  /** A conflict's answer: the feature as the server has it now (`current`). */
  current: { gfid: number; version: number; geometry: Geometry | null; properties: Record<string, unknown> } | null;
  meta: OutboxMeta;
  createdAt: number;
  bodySize: number;
}

/**
 * What one answer means for the item (the replay's only decision): 2xx sent; no answer, a time-out,
 * 5xx, 408 or 429 retry later with the same key; 401 stop until the user signs in again (the session
 * ended: nothing is wrong with the item); 409 on a stale base version is a conflict the user settles;
 * any other refusal keeps the item with the server's message.
 */
export type ReplayOutcome = 'sent' | 'retry' | 'signedOut' | 'conflict' | 'refused';

export function replayOutcome(status: number | 'network', errorKey?: string): ReplayOutcome {
  if (status === 'network' || status >= 500 || status === 408 || status === 429) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signedOut';
  if (status === 409 && (errorKey === 'STALE_BASE_VERSION' || errorKey === 'CHANGE_CONFLICT')) return 'conflict';
  return 'refused';
}

/** The attachment path once its new feature has been sent and given a `diffGfid` by the server. */
export function resolveParentPath(path: string, parentGfid: number): string {
  return path.split(PARENT_PLACEHOLDER).join(String(parentGfid));
}

/** A client-made idempotency key: random, so two devices never share one. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * A conflicting modification put on top of the current version (the user chose "resubmit"): the
 * version in the query and in the feature's properties becomes `version`; the user's changes stay.
 */
export function rebaseRequest(path: string, body: Uint8Array | null, version: number): { path: string; body: Uint8Array | null } {
  const [route, query = ''] = path.split('?');
  const qs = new URLSearchParams(query);
  qs.set('version', String(version));
  if (!body) return { path: `${route}?${qs}`, body };
  const payload = JSON.parse(new TextDecoder().decode(body)) as { features?: { properties?: Record<string, unknown> }[] };
  for (const f of payload.features ?? []) f.properties = { ...f.properties, version };
  return { path: `${route}?${qs}`, body: new TextEncoder().encode(JSON.stringify(payload)) };
}
