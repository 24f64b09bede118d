// Replays the offline outbox: one item at a time, in the order they were made, each with its
// idempotency key, so a replay cut off at any point (connection lost after the server committed,
// tab closed, server killed) is simply run again: the server answers a key it has seen with its
// first answer and never writes a second row.
import { IDEMPOTENCY_HEADER, SERVER_TIMEOUT_MS, replayOutcome, type OutboxItem } from '../../src/model/index.ts';
import { apiHeaders, apiUrl } from '../../src/api/http.ts';
import type { OutboxStore } from './outbox_store.ts';
import type { ReplayRequest } from './protocol.ts';

/** A sent item and the server's answer (a feature's change entry names its proposal, `diffGfid`). */
export interface SentItem {
  item: OutboxItem;
  answer: unknown;
}

export interface ReplayResult {
  sent: SentItem[];
  /** Why the replay stopped early: the server did not answer, or the session ended. */
  stopped?: 'unreachable' | 'signedOut';
}

async function send(
  item: OutboxItem,
  body: Uint8Array | null,
  req: ReplayRequest,
): Promise<{ status: number | 'network'; answer: unknown }> {
  // A user's suggestions go with that user's session, else their basic auth (SPEC §7).
  const headers = apiHeaders({ appKey: req.appKey, accept: 'application/json', credentials: req }, { [IDEMPOTENCY_HEADER]: item.key });
  if (item.contentType) headers.set('content-type', item.contentType);
  try {
    const res = await fetch(apiUrl(req.apiBase, item.path), {
      method: item.method,
      headers,
      body: (body ?? undefined) as BodyInit | undefined,
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS * 3), // a photo upload over a slow link takes longer than a ping
    });
    const text = await res.text();
    let answer: unknown = null;
    try {
      answer = text ? JSON.parse(text) : null;
    } catch {
      answer = text;
    }
    return { status: res.status, answer };
  } catch {
    return { status: 'network', answer: null };
  }
}

type ErrorAnswer = { error?: string; message?: string; current?: OutboxItem['current'] } | null;

/** Sends `owner`'s items oldest first until none is left or the server stops answering. */
export async function replayOutbox(store: OutboxStore, req: ReplayRequest, onSent?: (sent: SentItem) => void): Promise<ReplayResult> {
  const sent: SentItem[] = [];
  let after = 0;
  for (;;) {
    const item = await store.next(req.owner, after);
    if (!item) return { sent };
    await store.setStatus(item.seq, 'sending');
    const { status, answer } = await send(item, await store.body(item.seq), req);
    const err = answer as ErrorAnswer;
    const outcome = replayOutcome(status, err?.error);
    if (outcome === 'retry' || outcome === 'signedOut') {
      await store.setStatus(item.seq, 'waiting');
      return { sent, stopped: outcome === 'retry' ? 'unreachable' : 'signedOut' };
    }
    if (outcome === 'sent') {
      const diffGfid =
        item.meta.subject === 'feature' && item.meta.grpstatus === 'n' ? (answer as { diffGfid?: number }).diffGfid : undefined;
      await store.complete(item.seq, diffGfid);
      const done = { item, answer };
      sent.push(done);
      onSent?.(done);
      // A new feature's attachments were just released; they were made after it, so their `seq`
      // is higher and the scan finds them next.
      after = item.seq;
      continue;
    }
    const refusal = { key: err?.error, message: err?.message ?? `HTTP ${status}`, current: err?.current };
    await store.setStatus(item.seq, outcome === 'conflict' ? 'conflict' : 'failed', refusal);
    after = item.seq;
  }
}
