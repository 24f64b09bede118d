// The main thread's side of the outbox (DESIGN "Offline first"): every suggestion goes
// into the data worker's outbox first and is then replayed; an answer while the user waits is shown
// as before, no answer leaves it "waiting to send". The worker owns the rows and the sending.
import { create } from 'zustand';
import { ERRORS, type ErrorKey, type OutboxItem, type OutboxRequest } from '../model/index.ts';
import { ApiError } from '../api/client.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { markServerReachable } from '../pwa/connectivity.ts';
import type { OutboxReplayResult } from '../../workers/data/protocol.ts';
import type { ApiCtx } from '../api/suggestions.ts';

/** Where the app's suggestions go and which local database keeps them (SPEC §9: named after the app). */
export type OutboxContext = ApiCtx;

/** The signed-in user's items, oldest first (the order they are sent in), and whether their list is open. */
export const useOutbox = create<{ items: OutboxItem[]; open: boolean }>(() => ({ items: [], open: false }));

export type SentItems = OutboxReplayResult['sent'];
const sentListeners = new Set<(sent: SentItems) => void>();

/** Called after each replay that delivered something (the map and the lists refresh). */
export function onOutboxSent(listener: (sent: SentItems) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

const owner = () => {
  const auth = useAuthStore.getState();
  return isLoggedIn(auth) ? auth.user?.username : undefined;
};

let refreshes = 0;
/** The app whose outbox is listed (its name picks the database, SPEC §9); until one is, any. */
let shownApp: { appName?: string } | undefined;

/**
 * From now on the list shows `context`'s outbox: a read or a replay of another app's database that
 * is still under way (the map's app changed) cannot replace it when it ends.
 */
export function showOutboxOf(context: OutboxContext): void {
  shownApp = { appName: context.appName };
}

export async function refreshOutbox(context: OutboxContext): Promise<void> {
  const who = owner();
  // Reads may finish out of order: only the latest one is shown.
  const mine = ++refreshes;
  const items = who ? await getDataWorker().outboxList({ appName: context.appName, owner: who }) : [];
  if (mine !== refreshes || (shownApp && shownApp.appName !== context.appName)) return;
  useOutbox.setState({ items });
}

/** The replay under way per local database (the app's name picks it, SPEC §9). */
const replaying = new Map<string, Promise<OutboxReplayResult | null>>();

/**
 * Sends the signed-in user's waiting items; null when there is nobody to send them as. Callers
 * while a replay of the same database runs share it, so what it sent is announced once.
 */
export function replayOutbox(context: OutboxContext): Promise<OutboxReplayResult | null> {
  const db = context.appName ?? '';
  let replay = replaying.get(db);
  if (!replay) {
    replay = runReplay(context).finally(() => replaying.delete(db));
    replaying.set(db, replay);
  }
  return replay;
}

async function runReplay(context: OutboxContext): Promise<OutboxReplayResult | null> {
  const auth = useAuthStore.getState();
  const who = owner();
  if (!who) return null;
  const result = await getDataWorker().outboxReplay({
    appName: context.appName,
    apiBase: context.apiBase,
    appKey: context.appKey,
    owner: who,
    sessionId: auth.sessionId ?? undefined,
    authorization: auth.authorization ?? undefined,
  });
  if (result.stopped === 'unreachable') markServerReachable(false);
  else if (result.sent.length) markServerReachable(true);
  if (result.sent.length) for (const listener of sentListeners) listener(result.sent);
  await refreshOutbox(context);
  return result;
}

export type SubmitOutcome = { sent: true; answer: unknown } | { sent: false; item: OutboxItem };

/**
 * Keeps the suggestion in the outbox, then sends what waits. Answered: the server's answer, as a
 * direct call would give it. Not answered (offline, server down): the queued item. Refused while
 * the user is here (validation, rights): an ApiError for the form to show, and the item is dropped —
 * the user is looking at the form and fixes it there.
 */
export async function submitSuggestion(
  context: OutboxContext,
  request: OutboxRequest,
  attachments: OutboxRequest[] = [],
): Promise<SubmitOutcome> {
  const who = owner();
  if (!who) throw new ApiError(401, 'UNAUTHORIZED', ERRORS.UNAUTHORIZED);
  const worker = getDataWorker();
  const item = await worker.outboxAdd({ appName: context.appName, owner: who, request, attachments });
  await refreshOutbox(context);
  let result = await replayOutbox(context);
  // A replay already under way may have finished its scan just before this item was added.
  if (result && !result.stopped && !result.sent.some((s) => s.seq === item.seq) && isWaiting(item.seq))
    result = await replayOutbox(context);
  const sent = result?.sent.find((s) => s.seq === item.seq);
  if (sent) return { sent: true, answer: sent.answer };
  const now = useOutbox.getState().items.find((i) => i.seq === item.seq) ?? item;
  // A refused new feature takes its waiting attachments with it: the draft is still open to fix.
  if (now.status === 'failed') {
    await worker.outboxRemove({ appName: context.appName, seq: item.seq });
    await refreshOutbox(context);
    throw new ApiError(400, (now.errorKey as ErrorKey | null) ?? undefined, now.error ?? '');
  }
  return { sent: false, item: now };
}

function isWaiting(seq: number): boolean {
  return useOutbox.getState().items.some((i) => i.seq === seq && (i.status === 'waiting' || i.status === 'sending'));
}

/** The user discards an item (and what waits for it). */
export async function discardOutboxItem(context: OutboxContext, seq: number): Promise<void> {
  await getDataWorker().outboxRemove({ appName: context.appName, seq });
  await refreshOutbox(context);
}

/** Sends an item again: a conflict on top of the current `version`, a refused one as it is. */
export async function resubmitOutboxItem(context: OutboxContext, seq: number, version?: number): Promise<void> {
  await getDataWorker().outboxResubmit({ appName: context.appName, seq, version });
  await refreshOutbox(context);
  await replayOutbox(context);
}
