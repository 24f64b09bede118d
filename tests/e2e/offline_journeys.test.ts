// Offline-first field work (DESIGN "Offline first"), lived as a field crew lives it: one online visit,
// then the browser closed and started again without signal (or with the server down while the phone
// says "online"); suggestions made offline kept across a browser restart and delivered exactly once,
// photo bytes and attachments included; a queued edit meeting a newer version shown as a conflict;
// the server killed in the middle of a replay.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { drawnPng } from './support/png.ts';
import { ADMIN, USER, START_TIMEOUT_MS, acceptCookies, launchProfile, startE2EServer, type E2EServer } from './support/server.ts';
import { logIn } from './support/journey.ts';

const SHOTS = process.env.MAPDRAFT_SHOTS_DIR ?? join(process.env.TMPDIR ?? '/tmp', 'mapdraft-offline-shots');
const QUEUED = 'Kept on this device';
let server: E2EServer;
const profiles: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startE2EServer({ MAPDRAFT_LOG: 'info' });
  mkdirSync(SHOTS, { recursive: true });
}, START_TIMEOUT_MS + 30_000);

// A journey that failed half-way may have left the server stopped: the next one starts with it up.
beforeEach(async () => {
  if (!server.running()) await server.restart();
});

afterAll(async () => {
  await server?.stop();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

function newProfileDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-'));
  profiles.push(dir);
  return dir;
}

async function openApp(context: BrowserContext): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(`${server.base}/${DEMO_APP_KEY}`);
  await page.getByTestId('app-title').waitFor({ timeout: 30_000 });
  return page;
}

const featuresLoaded = async (page: Page): Promise<number> => {
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0, null, {
    timeout: 120_000,
  });
  return Number(await page.getByTestId('map').getAttribute('data-features-loaded'));
};

/** The first visit is over once the service worker is active (its precache done) and the local writes had a moment. */
async function finishFirstVisit(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForTimeout(1500);
}

/**
 * No signal at all. Chromium's offline emulation does not reach a request that a dedicated worker
 * makes through the service worker that controls it, which a phone without signal could never
 * send; so the server is stopped as well, and no request can get through by any path.
 */
async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
  await server.halt();
}

async function mapPoint(page: Page, dx = 0, dy = 0) {
  const box = (await page.getByTestId('map').boundingBox())!;
  return { x: Math.round(box.width / 2) + dx, y: Math.round(box.height / 2) + dy };
}

const basic = (who: { username: string; password: string }) => `Basic ${Buffer.from(`${who.username}:${who.password}`).toString('base64')}`;

async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; who?: { username: string; password: string } } = {},
): Promise<{ status: number; body: T; bytes: Uint8Array }> {
  const headers: Record<string, string> = { 'x-app-key': DEMO_APP_KEY, authorization: basic(init.who ?? ADMIN) };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.base}/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: unknown = null;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = null;
  }
  return { status: res.status, body: body as T, bytes };
}

interface Change {
  id: number;
  grpstatus: string;
  gfid: number | null;
  diffGfid: number;
  baseVersion: number | null;
  after: { properties: Record<string, unknown> } | null;
}
const pendingChanges = async () => (await api<{ items: Change[] }>('/features/changes?admin=true&pageSize=1000')).body.items;

/**
 * A city the user draws at the map's centre (online) and the admin accepts: a feature the test can
 * tap again at the same pixel, since the view after each load fits the same extent.
 */
async function acceptedPointAtCentre(page: Page, name: string): Promise<number> {
  await page.getByTestId('edit-new').click();
  await page.getByTestId('edit-drawing').waitFor();
  await page.getByTestId('map').click({ position: await mapPoint(page) });
  await page.getByTestId('edit-name').fill(name);
  await page.getByTestId('edit-submit').click();
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('draft-panel').waitFor({ state: 'detached' });
  const change = (await pendingChanges()).find((c) => c.after?.properties.name === name)!;
  const accepted = await api<{ gfid: number }>(`/features/changes/${change.id}/accept`, { method: 'PUT' });
  expect(accepted.status).toBe(200);
  await page.reload();
  await featuresLoaded(page);
  return accepted.body.gfid;
}

/**
 * The user's first online visit on a fresh profile: signed in (remembered), one accepted feature of
 * theirs at the map's centre, opened once, so its details are on the device from now on.
 */
async function signedInWithOwnFeature(dir: string, name: string) {
  // An earlier journey's pending suggestions lie at the same centre, drawn above the originals, and a
  // tap on the user's own one opens it in My suggestions (issue 19): each journey starts without them.
  for (const change of await pendingChanges()) {
    expect((await api(`/features/changes/${change.id}/decline`, { method: 'DELETE' })).status).toBe(200);
  }
  const context = await launchProfile(dir);
  await acceptCookies(context, server.base);
  const page = await openApp(context);
  await featuresLoaded(page);
  await logIn(page, USER, { remember: true });
  const gfid = await acceptedPointAtCentre(page, name);
  await page.getByTestId('map').click({ position: await mapPoint(page) });
  await page.getByTestId('feature-prompt').waitFor();
  expect(await page.getByTestId('value-name').textContent()).toBe(name);
  return { context, page, gfid };
}

async function outboxItems(page: Page): Promise<{ status: string; seq: number }[]> {
  return page
    .locator('[data-testid=outbox-item]')
    .evaluateAll((els) => els.map((e) => ({ status: e.getAttribute('data-status') ?? '', seq: Number(e.getAttribute('data-seq')) })));
}

/** How many replays the service worker's sync event asks the page for in `ms`. */
async function syncReplaysDuring(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        let count = 0;
        const onMessage = (e: MessageEvent) => {
          if ((e.data as { type?: string } | null)?.type === 'mapdraft-outbox-replay') count++;
        };
        navigator.serviceWorker.addEventListener('message', onMessage);
        setTimeout(() => {
          navigator.serviceWorker.removeEventListener('message', onMessage);
          resolve(count);
        }, ms);
      }),
    ms,
  );
}

/** Offline, the notice lists how many wait and opens them (a tap); online, the outbox button does. */
async function openOutbox(page: Page, offline: boolean) {
  await page.getByTestId(offline ? 'offline-outbox-open' : 'outbox-open').tap();
  await page.getByTestId('outbox-panel').waitFor();
}

describe('offline-first field work', () => {
  it('opens after one online visit: browser restarted offline, then with the server down', async () => {
    const dir = newProfileDir();
    let context = await launchProfile(dir);
    await acceptCookies(context, server.base);
    let page = await openApp(context);
    const online = await featuresLoaded(page);
    const title = 'Mapdraft demo';
    await expect.poll(() => page.getByTestId('app-title').textContent(), { timeout: 30_000 }).toBe(title);
    await finishFirstVisit(page);
    await context.close();

    // Browser restarted without any network: the shell from the service worker, the app's config
    // and every feature from wa-sqlite.
    context = await launchProfile(dir, { offline: true });
    page = await openApp(context);
    await expect.poll(() => page.getByTestId('app-title').textContent(), { timeout: 30_000 }).toBe(title);
    expect(await featuresLoaded(page)).toBe(online);
    await page.getByTestId('offline-notice').waitFor();
    await page.screenshot({ path: join(SHOTS, 'restart-offline.png') });
    await context.close();

    // The phone says "online", but the server is down.
    await server.halt();
    try {
      context = await launchProfile(dir);
      page = await openApp(context);
      await expect.poll(() => page.getByTestId('app-title').textContent(), { timeout: 30_000 }).toBe(title);
      expect(await featuresLoaded(page)).toBe(online);
      await page.getByTestId('offline-notice').waitFor({ timeout: 30_000 });
      // The built scripts came from the precache by the service worker's static route (issue 17: no
      // fetch handler run for each), not from the fetch handler or the network.
      const scripts = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerFinalSourceType?: string })[])
          .filter((r) => new URL(r.name).pathname.startsWith('/assets/'))
          .map((r) => r.workerFinalSourceType),
      );
      expect(scripts.length).toBeGreaterThan(10);
      expect(new Set(scripts)).toEqual(new Set(['cache']));
      await context.close();
    } finally {
      await server.restart();
    }
    expect(pageErrors).toEqual([]);
  });

  it('draws a first visit while the device database cannot be created yet, and opens offline after it could', async () => {
    const dir = newProfileDir();
    let context = await launchProfile(dir);
    await acceptCookies(context, server.base);
    // Someone else holds the new database file's Web Lock (OPFSCoopSyncVFS `ahp:/<file>`): creating
    // the app's store waits, as it did on the cold opens that never drew (issue 17).
    await context.addInitScript(() => {
      const w = window as unknown as { releaseStore?: () => void };
      void navigator.locks.request('ahp:/MapdraftDemo', () => new Promise<void>((release) => (w.releaseStore = release)));
    });
    let page = await openApp(context);
    const online = await featuresLoaded(page);
    expect(online).toBeGreaterThan(0);
    const stored = (mark: string) => performance.getEntriesByName(mark).length > 0;
    expect(await page.evaluate(stored, LAYERS_STORED_MARK)).toBe(false);
    await page.evaluate(() => (window as unknown as { releaseStore: () => void }).releaseStore());
    await page.waitForFunction(stored, LAYERS_STORED_MARK, { timeout: 60_000 });
    await finishFirstVisit(page);
    await context.close();

    context = await launchProfile(dir, { offline: true });
    page = await openApp(context);
    expect(await featuresLoaded(page)).toBe(online);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('keeps offline suggestions across a restart and delivers each once; a stale edit becomes a conflict to resubmit', async () => {
    const stamp = Date.now();
    const dir = newProfileDir();
    let { context, page, gfid: base } = await signedInWithOwnFeature(dir, `Base ${stamp}`);
    await page.getByTestId('feature-prompt-close').click();
    await finishFirstVisit(page);

    await goOffline(context);
    await page.getByTestId('offline-notice').waitFor();
    // An edit of the existing feature, offline.
    await page.getByTestId('map').click({ position: await mapPoint(page) });
    await page.getByTestId('feature-edit').click();
    await page.getByTestId('edit-name').fill(`Renamed ${stamp}`);
    await page.getByTestId('edit-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(QUEUED).first().waitFor();
    await page.getByTestId('draft-panel').waitFor({ state: 'detached' });

    // A new point with a photo and a comment, offline.
    const png = await drawnPng(page, 64, 48);
    await page.getByTestId('edit-new').click();
    await page.getByTestId('edit-drawing').waitFor();
    await page.getByTestId('map').click({ position: await mapPoint(page, 90, 40) });
    await page.getByTestId('draft-panel').waitFor();
    await page.getByTestId('edit-name').fill(`Spring ${stamp}`);
    await page.getByTestId('draft-add-images').click();
    await page.getByTestId('attachment-file').setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: Buffer.from(png) });
    await page.getByTestId('attachment-description').fill('The spring');
    await page.getByTestId('add-submit').click();
    await page.getByTestId('add-images-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('draft-add-comments').click();
    await page.getByTestId('attachment-comment').fill(`Water is clear ${stamp}`);
    await page.getByTestId('add-submit').click();
    await page.getByTestId('add-comments-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('draft-attachment').count()).toBe(2);
    await page.getByTestId('edit-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByTestId('draft-panel').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('outbox-count').textContent()).toBe('4');
    await page.getByTestId('offline-notice').getByText('4 suggestions are waiting to send').waitFor();
    await page.screenshot({ path: join(SHOTS, 'offline-queued.png') });
    await context.close();

    // Meanwhile someone else's change to the same feature is accepted: version 2.
    await server.restart();
    const other = await api<Change>('/features/changes?workspace=ws_demo&layer=cities', {
      method: 'PUT',
      who: ADMIN,
      body: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [0, 0] },
            properties: { gfid: base, version: 1, name: `Office ${stamp}` },
          },
        ],
      },
    });
    expect((await api(`/features/changes/${other.body.id}/accept`, { method: 'PUT' })).status).toBe(200);
    await server.halt();

    // Browser restarted on the phone, still offline: everything is still listed, waiting.
    context = await launchProfile(dir, { offline: true, phone: true });
    page = await openApp(context);
    // The notice counts what waits as soon as the outbox is read (the remembered sign-in first).
    await page.getByTestId('offline-notice').getByText('4 suggestions are waiting to send').waitFor();
    await page.screenshot({ path: join(SHOTS, 'phone-offline-restart.png') });
    // Nothing spins while they wait: the browser has a network here (only the page is offline), so its
    // Background Sync fires at once; the app replays once for it, not in a loop (it was ~100 a second).
    expect(await syncReplaysDuring(page, 3_000)).toBeLessThanOrEqual(1);
    await openOutbox(page, true);
    await expect.poll(async () => (await outboxItems(page)).map((i) => i.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    const photoSize = Number(await page.locator('[data-testid=outbox-item]').nth(2).getAttribute('data-body-size'));
    await page.screenshot({ path: join(SHOTS, 'outbox-after-restart.png') });

    // Back online: sent in order; the stale edit stays as a conflict.
    await server.restart();
    await context.setOffline(false);
    await expect.poll(async () => (await outboxItems(page)).map((i) => i.status), { timeout: 60_000 }).toEqual(['conflict']);
    const pending = await pendingChanges();
    const created = pending.filter((c) => c.after?.properties.name === `Spring ${stamp}`);
    expect(created).toHaveLength(1);
    expect(pending.filter((c) => c.gfid === base)).toHaveLength(0);
    // The photo and the comment hang on the new feature's proposal, and follow it when accepted.
    const accepted = await api<{ gfid: number }>(`/features/changes/${created[0].id}/accept`, { method: 'PUT' });
    const gfid = accepted.body.gfid;
    const comments = await api<{ comment: string }[]>(`/features/${gfid}/comments`, { who: USER });
    expect(comments.body.map((c) => c.comment)).toEqual([`Water is clear ${stamp}`]);
    const images = await api<{ imagesWithDescription: { name: string; size: number; description: string }[] }>(`/features/${gfid}/images`, {
      who: USER,
    });
    expect(images.body.imagesWithDescription).toHaveLength(1);
    const [image] = images.body.imagesWithDescription;
    expect(image.description).toBe('The spring');
    const bytes = (await api(`/features/${gfid}/images/${encodeURIComponent(image.name)}`, { who: USER })).bytes;
    // The server keeps the photo decoded and re-encoded (issue 16): a PNG of the listed size, no
    // longer the client's bytes.
    expect(photoSize).toBeGreaterThan(0);
    expect(bytes.length).toBe(image.size);
    expect(Array.from(bytes.slice(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([64, 48]);

    // The conflict: both versions side by side, then resubmitted on top of version 2.
    await page.getByTestId('outbox-compare').tap();
    await page.getByTestId('compare-table').waitFor();
    expect(await page.locator('[data-testid=compare-table] [data-property=name]').textContent()).toContain(`Office ${stamp}`);
    expect(await page.locator('[data-testid=compare-table] [data-property=name]').textContent()).toContain(`Renamed ${stamp}`);
    await page.screenshot({ path: join(SHOTS, 'outbox-conflict.png') });
    await page.getByTestId('outbox-resubmit').tap();
    await expect.poll(async () => (await outboxItems(page)).length, { timeout: 30_000 }).toBe(0);
    const rebased = (await pendingChanges()).filter((c) => c.gfid === base);
    expect(rebased.map((c) => [c.baseVersion, c.after?.properties.name])).toEqual([[2, `Renamed ${stamp}`]]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('delivers exactly 50 suggestions when the server is killed in the middle of their replay', async () => {
    const stamp = Date.now();
    const { context, page, gfid } = await signedInWithOwnFeature(newProfileDir(), `Kill ${stamp}`);
    await page.getByTestId('feature-tab-attachments').click();
    await goOffline(context);
    for (let i = 0; i < 50; i++) {
      await page.getByTestId('add-comments').click();
      await page.getByTestId('attachment-comment').fill(`Note ${stamp} #${i}`);
      await page.getByTestId('add-submit').click();
      await page.getByTestId('add-comments-dialog').waitFor({ state: 'detached' });
    }
    await expect.poll(() => page.getByTestId('outbox-count').textContent()).toBe('50');

    // Online again: kill the server once it has taken 20 of them (its own count, read as the user).
    const stored = async () =>
      (await api<{ comment: string }[]>(`/features/${gfid}/comments`, { who: USER })).body.filter((c) =>
        c.comment.startsWith(`Note ${stamp} `),
      ).length;
    await server.restart();
    await context.setOffline(false);
    await expect.poll(async () => (await stored()) >= 20, { timeout: 60_000, interval: 25 }).toBe(true);
    await server.kill();
    // Killed in the middle: some of the 50 had not been sent (else this test proves nothing).
    expect(
      await page
        .getByTestId('outbox-count')
        .textContent()
        .catch(() => '0'),
    ).not.toBe('0');
    await server.restart();
    await expect.poll(() => page.getByTestId('outbox-open').count(), { timeout: 90_000 }).toBe(0);
    const list = await api<{ comment: string }[]>(`/features/${gfid}/comments`, { who: USER });
    const mine = list.body.map((c) => c.comment).filter((c) => c.startsWith(`Note ${stamp} `));
    expect(mine).toHaveLength(50);
    expect(new Set(mine).size).toBe(50);
    await context.close();
  });
});
