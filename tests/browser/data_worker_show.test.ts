// SPEC §4 map load through the real data worker in Chromium: the layer goes to the render worker's
// port (never returned to the main thread), is kept for hit testing, and is stored locally so a
// later visit shows it with the server unreachable.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY, HIT_TOLERANCE_PX } from '../../src/model/index.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { closeWorkerSessions, openWorkerSession, type WorkerSession } from './fixtures/data_worker_session.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { dbNameFor } from '../../workers/data/local_store.ts';

const apiBase = inject('apiBase');
/** Nothing listens on port 9 (discard): the server is "stopped" for this request. */
const DEAD_SERVER = 'http://127.0.0.1:9';

type Session = WorkerSession;
afterEach(closeWorkerSessions);
const session = openWorkerSession;

const show = (s: Session, appName: string, requestId: string, base = apiBase) =>
  s.api.showLayer({ apiBase: base, appKey: DEMO_APP_KEY, appName, workspace: 'ws_demo', layer: 'cities', requestId });

/** Whether the database file exists in the origin's private file system (where the worker's OPFS store keeps it). */
async function databaseExists(appName: string): Promise<boolean> {
  const dir = await navigator.storage.getDirectory();
  return dir.getFileHandle(dbNameFor(appName)).then(
    () => true,
    () => false,
  );
}

async function delivered(s: Session, ticket: string): Promise<FeatureBatch> {
  await expect.poll(() => s.messages.some((d) => d.ticket === ticket)).toBe(true);
  const message = s.messages.find((d) => d.ticket === ticket)!;
  if (message.type !== 'batch') throw new Error(`expected a whole batch, got ${message.type}`);
  return message.batch;
}

describe('data worker showLayer', () => {
  it("sends the server's features to the render port and answers taps from its index", async () => {
    const s = await session();
    const result = await show(s, `Show test ${crypto.randomUUID()}`, 'r1');
    expect(result).toMatchObject({ layerId: 'cities', count: 500, source: 'network', ticket: 'r1:network' });
    const batch = await delivered(s, 'r1:network');
    expect(batch.count).toBe(500);

    // A tap exactly on the 42nd city selects it.
    const [lon, lat] = [batch.coords[84], batch.coords[85]];
    const hits = await s.api.hitTest({ x: lonToX(lon), y: latToY(lat), resolution: 1, tolerancePx: HIT_TOLERANCE_PX });
    expect(hits[0]).toMatchObject({ layerId: 'cities', id: batch.ids[42] });
  });

  it('shows the stored layer with the server stopped, on a later visit', async () => {
    const appName = `Offline test ${crypto.randomUUID()}`;
    const first = await session();
    await show(first, appName, 'visit1');
    const online = await delivered(first, 'visit1:network');
    // Drawn first, stored after: the page is closed once the device copy is written.
    await first.api.layersStored({ appName });
    first.worker.terminate();

    const later = await session();
    const result = await show(later, appName, 'visit2', DEAD_SERVER);
    expect(result).toMatchObject({ source: 'local', count: 500, ticket: 'visit2:local' });
    expect(result.networkError).toBeTruthy();
    const offline = await delivered(later, 'visit2:local');
    expect(offline.ids).toEqual(online.ids);
    expect(offline.coords).toEqual(online.coords);
  });

  it("makes a first visit's database only once its first load is drawn, with the layer and the app's configuration in it (issue 17)", async () => {
    const appName = `Put off ${crypto.randomUUID()}`;
    const config = { title: 'Put off', layers: 1 };
    const first = await session();
    await show(first, appName, 'late1');
    const online = await delivered(first, 'late1:network');
    // Read and written in the background while the map draws: nothing is created yet.
    expect(await first.api.getStoredValue({ appName, store: 'app', key: 'config' })).toBeUndefined();
    const kept = first.api.putStoredValue({ appName, store: 'app', key: 'config', value: config, background: true });
    expect(await databaseExists(appName)).toBe(false);
    // The map has drawn: the database is made, and this answers once both writes are in.
    await first.api.layersStored({ appName });
    await kept;
    expect(await databaseExists(appName)).toBe(true);
    first.worker.terminate();

    const later = await session();
    expect(await later.api.getStoredValue({ appName, store: 'app', key: 'config' })).toEqual(config);
    expect(await show(later, appName, 'late2', DEAD_SERVER)).toMatchObject({ source: 'local', count: 500 });
    expect((await delivered(later, 'late2:local')).ids).toEqual(online.ids);
  });

  it("stores a first visit's layer within seconds even when the map never says it has drawn (a failed first load)", async () => {
    const appName = `Never drawn ${crypto.randomUUID()}`;
    const first = await session();
    await show(first, appName, 'nd1');
    const online = await delivered(first, 'nd1:network');
    expect(await databaseExists(appName)).toBe(false);
    // No layersStored: the database is made at the latest NEW_STORE_LATEST_MS (10 s) after the write began to wait.
    await expect.poll(() => databaseExists(appName), { timeout: 20_000, interval: 500 }).toBe(true);
    // Then written: a later visit with the server stopped shows it (each try in a worker of its own).
    const offlineCount = async () => {
      const later = await session();
      return (await show(later, appName, 'nd2', DEAD_SERVER).catch(() => undefined))?.count;
    };
    await expect.poll(offlineCount, { timeout: 10_000, interval: 1000 }).toBe(online.count);
  }, 40_000);

  it("shows a first visit's layer while its new local database cannot be created yet, and stores it once it can", async () => {
    const appName = `Slow store ${crypto.randomUUID()}`;
    // The database file's Web Lock (OPFSCoopSyncVFS names it `ahp:/<file>`) held by someone else:
    // the store's creation waits, as it did when a cold open never drew (issue 17).
    let release!: () => void;
    const held = new Promise<void>((ok) => {
      void navigator.locks.request(`ahp:/${dbNameFor(appName)}`, () => {
        ok();
        return new Promise<void>((r) => {
          release = r;
        });
      });
    });
    await held;
    const first = await session();
    const result = await show(first, appName, 'slow1');
    expect(result).toMatchObject({ source: 'network', count: 500, ticket: 'slow1:network' });
    const online = await delivered(first, 'slow1:network');
    release();
    await first.api.layersStored({ appName });
    first.worker.terminate();

    const later = await session();
    const offline = await show(later, appName, 'slow2', DEAD_SERVER);
    expect(offline).toMatchObject({ source: 'local', count: 500 });
    expect((await delivered(later, 'slow2:local')).ids).toEqual(online.ids);
  });

  it('revalidates the stored layer on a later visit: the server answers 304 and the stored copy stays', async () => {
    const appName = `Revalidate test ${crypto.randomUUID()}`;
    const first = await session();
    await show(first, appName, 'v1');
    const online = await delivered(first, 'v1:network');
    await first.api.layersStored({ appName });
    first.worker.terminate();

    const later = await session();
    const result = await show(later, appName, 'v2');
    // Not modified: the copy drawn from the store is the server's current one, and nothing else is sent.
    expect(result).toMatchObject({ source: 'network', count: 500, ticket: 'v2:local' });
    const stored = await delivered(later, 'v2:local');
    expect(stored.ids).toEqual(online.ids);
    expect(later.messages.some((d) => d.ticket === 'v2:network')).toBe(false);
  });

  it('fails plainly when neither the server nor the store has the layer', async () => {
    const s = await session();
    await expect(show(s, `Empty ${crypto.randomUUID()}`, 'r3', DEAD_SERVER)).rejects.toThrow();
    expect(s.messages).toEqual([]);
  });
});
