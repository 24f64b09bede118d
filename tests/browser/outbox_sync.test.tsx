// The outbox list the offline notice counts ("4 suggestions are waiting to send"). The app's name picks
// its database (SPEC §9), and while the app's configuration loads the shell shows the default name:
// on a slow offline restart a read or replay of that other database ended last and emptied the list
// (the notice's count and its Show button gone). The sync waits for the app's own name, and a list
// of another app's database never replaces the one shown.
import { act, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_APP_KEY, type OutboxRequest } from '../../src/model/index.ts';
import { getDataWorker } from '../../src/map/data_worker_client.ts';
import { refreshOutbox, showOutboxOf, useOutbox } from '../../src/outbox/outbox.ts';
import { useOutboxSync } from '../../src/outbox/use_outbox_sync.ts';
import { useAuthStore } from '../../src/state/auth_store.ts';
import type { ApiCtx } from '../../src/api/suggestions.ts';
import { render, unmount } from './shell_harness.tsx';

/** Nothing listens here: every replay stops as "unreachable" and the items stay waiting. */
const NO_SERVER = 'http://127.0.0.1:9';
const appCtx = (appName: string): ApiCtx => ({ apiBase: NO_SERVER, appKey: DEMO_APP_KEY, appName });
const uniqueName = (what: string) => `Outbox sync ${what} ${crypto.randomUUID().slice(0, 8)}`;

function comment(text: string): OutboxRequest {
  return {
    method: 'POST',
    path: '/features/1/comments/changes',
    contentType: 'application/json',
    body: new TextEncoder().encode(JSON.stringify({ comment: text })),
    meta: { subject: 'comments', layerId: 'cities', workspace: 'ws_demo', gfid: 1, label: text },
  };
}

async function queue(appName: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++)
    await getDataWorker().outboxAdd({ appName, owner: 'user', request: comment(`${appName} #${i}`), attachments: [] });
}

function signedInAsUser(): void {
  useAuthStore.setState({ status: 'authenticated', user: { username: 'user' }, sessionId: null, authorization: null });
}

let showApp: (next: { api: ApiCtx; known: boolean }) => void = () => {};
function SyncProbe({ first }: { first: { api: ApiCtx; known: boolean } }) {
  const [app, setApp] = useState(first);
  showApp = setApp;
  useOutboxSync(app.api, app.known);
  return null;
}

afterEach(async () => {
  await unmount();
  useOutbox.setState({ items: [], open: false });
});

describe('the outbox list', () => {
  it("is not replaced by a read of another app's database that ends after it", async () => {
    signedInAsUser();
    const own = appCtx(uniqueName('own'));
    await queue(own.appName!, 2);
    showOutboxOf(own);
    await refreshOutbox(own);
    expect(useOutbox.getState().items).toHaveLength(2);

    // The shell's default name reads the product's database: nothing of this app waits there.
    await refreshOutbox(appCtx('Mapdraft'));
    expect(useOutbox.getState().items).toHaveLength(2);
    await refreshOutbox(own);
    expect(useOutbox.getState().items).toHaveLength(2);
  });

  it("is synced once the app's own name is known, never from the name shown while it loads", async () => {
    signedInAsUser();
    const loading = appCtx(uniqueName('loading'));
    const own = appCtx(uniqueName('own'));
    await queue(loading.appName!, 1);
    await queue(own.appName!, 3);
    const seen: number[] = [];
    const stopWatching = useOutbox.subscribe((s) => seen.push(s.items.length));
    try {
      await render(<SyncProbe first={{ api: loading, known: false }} />);
      // A read of the loading name's database, had one started, has answered by the time this one does.
      await getDataWorker().outboxList({ appName: loading.appName, owner: 'user' });
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(useOutbox.getState().items).toHaveLength(0);

      await act(async () => showApp({ api: own, known: true }));
      await expect.poll(() => useOutbox.getState().items.length).toBe(3);
      // The first replay (no server) ends and lists again: still this app's three.
      await expect.poll(() => useOutbox.getState().items.every((i) => i.status === 'waiting')).toBe(true);
      expect(seen).not.toContain(1);
      expect(useOutbox.getState().items.map((i) => i.status)).toEqual(['waiting', 'waiting', 'waiting']);
    } finally {
      stopWatching();
    }
  });
});
