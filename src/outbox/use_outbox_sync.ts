// When the outbox is replayed: at app start and sign-in, when the browser comes back
// online, every 30 s while anything waits (a ping first, so a dead server costs one small call),
// and when the service worker's Background Sync fires where the browser has it. What was sent
// changes the map and the lists at once.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DIFF_SUFFIX, OUTBOX_PING_INTERVAL_MS } from '../model/index.ts';
import type { ApiCtx, ChangeEntry } from '../api/suggestions.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { notifyInfo } from '../state/notifications.ts';
import { refreshMapFeatures } from '../map/refresh_features.ts';
import { pingServer, useConnectivity } from '../pwa/connectivity.ts';
import { onOutboxSent, refreshOutbox, replayOutbox, showOutboxOf, useOutbox } from './outbox.ts';

/** The tag the service worker's `sync` event answers to (public/sw-outbox-sync.js). */
const SYNC_TAG = 'mapdraft-outbox';
const SW_REPLAY_MESSAGE = 'mapdraft-outbox-replay';

const waiting = () => useOutbox.getState().items.some((i) => i.status === 'waiting' || i.status === 'sending');

function askBackgroundSync(): void {
  // Chromium's Background Sync wakes the service worker when the connection is back, even with the tab in the background.
  void navigator.serviceWorker?.ready
    .then((reg) => (reg as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

/**
 * `api.appName` picks the app's database (SPEC §9): the sync starts once `appKnown` says the name is
 * the app's own, not the default the shell shows while its configuration loads (an outbox read from
 * that database is empty, and used to replace the real list on a slow start).
 */
export function useOutboxSync(api: ApiCtx, appKnown: boolean): void {
  const qc = useQueryClient();
  const user = useAuthStore((s) => (isLoggedIn(s) ? s.user?.username : undefined));

  useEffect(
    () =>
      onOutboxSent((sent) => {
        for (const { meta, answer } of sent) {
          // A feature's proposal joins its `_diff` layer; the stand-in drawn while it waited has gone.
          if (meta.subject === 'feature') {
            const entry = answer as ChangeEntry;
            void refreshMapFeatures(api, { layerId: entry.layerId + DIFF_SUFFIX, gfids: [entry.diffGfid] });
          }
        }
        void qc.invalidateQueries({ predicate: (q) => ['changes', 'attachments'].includes(String(q.queryKey[0])) });
        notifyInfo('outbox.sent');
      }),
    [api, qc],
  );

  useEffect(() => {
    if (!user) useOutbox.setState({ items: [] });
    // The outbox waits for the app's own name; the reachability checks below do not.
    const outboxKnown = Boolean(user) && appKnown;
    if (appKnown) showOutboxOf(api);
    let stopped = false;
    // What still waits asks the browser for a sync, except after a replay that sync asked for: the
    // browser fires a sync at once while it has a network, so with the server down (the phone says
    // "online") or a page emulated offline, asking again replayed in a loop, ~100 times a second.
    const replay = (askedBySync = false) => {
      if (!outboxKnown || stopped) return;
      void replayOutbox(api).then(
        () => {
          if (!askedBySync && waiting()) askBackgroundSync();
        },
        (err) => console.warn('outbox replay failed', err),
      );
    };
    // Whether the server answers again is asked for anyone (the offline notice); a signed-in user's
    // waiting suggestions then go.
    const check = async () => {
      if (stopped || (!waiting() && useConnectivity.getState().serverReachable)) return;
      if (await pingServer(api.apiBase)) replay();
    };
    const onOnline = () => void pingServer(api.apiBase).then((ok) => ok && replay());
    const onMessage = (e: MessageEvent) => {
      if ((e.data as { type?: string } | null)?.type === SW_REPLAY_MESSAGE) replay(true);
    };
    if (outboxKnown) void refreshOutbox(api).then(() => replay());
    const timer = setInterval(() => void check(), OUTBOX_PING_INTERVAL_MS);
    window.addEventListener('online', onOnline);
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', onOnline);
      navigator.serviceWorker?.removeEventListener('message', onMessage);
    };
  }, [user, api, appKnown]);
}
