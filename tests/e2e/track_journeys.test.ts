// Track recording journeys against the built app and the real server (SPEC §4 track recording, §9
// thresholds): a phone records a walk fed through Playwright's geolocation emulation, GPS jumps of
// more than 5 km are dropped, a reload mid-walk keeps the points and goes on recording, and the
// downloaded GPX opens in GDAL's ogrinfo with every point and its time.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_APP_KEY, ERRORS, SUCCESS, type ChangePage } from '../../src/model/index.ts';
import { USER, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn } from './support/journey.ts';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const START = { latitude: 48.85, longitude: 2.35, accuracy: 5 };
const METRES_PER_DEGREE = (Math.PI / 180) * 6_371_000;
const suite = e2eSuite('mapdraft-track-shots');

/** The i-th position of a walk north, 10 m a step. */
const step = (i: number) => ({ ...START, latitude: START.latitude + (i * 10) / METRES_PER_DEGREE });

async function feed(page: Page, position: typeof START, expected: number) {
  await page.context().setGeolocation(position);
  const button = page.getByTestId('track-button');
  await expect.poll(() => button.getAttribute('data-points'), { timeout: 15_000 }).toBe(String(expected));
}

/** A phone at the walk's start with the location allowed and cookies accepted, on the demo app. */
async function openPhone(options: { acceptDownloads?: boolean } = {}) {
  const context = await suite.browser.newContext({ ...PHONE, geolocation: step(0), permissions: ['geolocation'], ...options });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
  return { context, page };
}

describe('track journeys', () => {
  it('records a walk of 200 positions across a reload, drops GPS jumps and downloads a GPX that GDAL reads', async () => {
    const { context, page } = await openPhone({ acceptDownloads: true });
    const button = page.getByTestId('track-button');
    await button.waitFor();
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    const location = (await page.getByTestId('location-button').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(location.y + location.height);

    await button.tap();
    await expect.poll(() => button.getAttribute('data-status')).toBe('recording');
    // The track is created on the first position (the one the context starts with).
    await expect.poll(() => button.getAttribute('data-points'), { timeout: 15_000 }).toBe('1');
    // Recording shows the position layer too.
    expect(await page.getByTestId('location-button').getAttribute('data-visible')).toBe('true');
    for (let i = 1; i < 100; i++) await feed(page, step(i), i + 1);

    // A reload mid-walk: the 100 points come back from the local store and the recording goes on.
    await page.reload();
    await expect.poll(() => button.getAttribute('data-status'), { timeout: 30_000 }).toBe('recording');
    expect(await button.getAttribute('data-points')).toBe('100');

    for (let i = 100; i < 200; i++) {
      if (i % 40 === 0) {
        // A GPS jump 11 km east, then back on the path: the jump is not a point of the track.
        await context.setGeolocation({ ...step(i), longitude: START.longitude + 0.15 });
        await page.waitForTimeout(200);
      }
      await feed(page, step(i), i + 1);
    }
    await page.screenshot({ path: join(suite.shots, 'track-recording.png') });

    await button.tap();
    const dialog = page.getByTestId('track-keep-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('track-summary').textContent()).toBe('200 points, 2.0 km.');
    await page.screenshot({ path: join(suite.shots, 'track-keep.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('track-download').tap()]);
    expect(download.suggestedFilename()).toMatch(/^track-\d{4}-\d\d-\d\dT\d\d-\d\d\.gpx$/);
    const file = join(suite.shots, 'walk.gpx');
    await download.saveAs(file);

    const summary = execFileSync('ogrinfo', ['-ro', '-al', '-so', file, 'track_points'], { encoding: 'utf8' });
    expect(summary).toMatch(/Feature Count: 200\b/);
    const all = execFileSync('ogrinfo', ['-ro', '-al', file, 'track_points'], { encoding: 'utf8' });
    const times = [...all.matchAll(/time \(DateTime\) = (\d{4})\/(\d\d)\/(\d\d) (\d\d:\d\d:\d\d(?:\.\d+)?)/g)].map((m) =>
      Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}Z`),
    );
    expect(times).toHaveLength(200);
    // Chromium stamps each emulated position when it arrives: in walking order, within this test.
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(times[i - 1]!);
    expect(Date.now() - times[0]!).toBeLessThan(30 * 60_000);
    const first = execFileSync('ogrinfo', ['-ro', '-al', '-where', 'track_seg_point_id = 0', file, 'track_points'], { encoding: 'utf8' });
    expect(first).toMatch(/POINT \(2\.35 48\.85\)/);

    // Discarding clears the track: nothing comes back after a reload.
    await page.getByTestId('track-discard').tap();
    await expect.poll(() => button.getAttribute('data-status')).toBe('idle');
    await page.reload();
    await button.waitFor();
    await page.waitForTimeout(1500);
    expect(await button.getAttribute('data-status')).toBe('idle');
    expect(await button.getAttribute('data-points')).toBe('0');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it("resumes a first visit's recording reloaded at once, before its store was ready", async () => {
    const { context, page } = await openPhone();
    const button = page.getByTestId('track-button');
    await button.tap();
    await expect.poll(() => button.getAttribute('data-points'), { timeout: 15_000 }).toBe('1');
    for (let i = 1; i < 6; i++) await feed(page, step(i), i + 1);
    await page.reload();
    await expect.poll(() => button.getAttribute('data-status'), { timeout: 30_000 }).toBe('recording');
    expect(await button.getAttribute('data-points')).toBe('6');
    await feed(page, step(6), 7);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('suggests a kept track as a new line of an editable line layer, through the draft form', async () => {
    const { context, page } = await openPhone();
    await logIn(page, USER);

    const button = page.getByTestId('track-button');
    await button.tap();
    await expect.poll(() => button.getAttribute('data-points'), { timeout: 15_000 }).toBe('1');
    for (let i = 1; i < 5; i++) await feed(page, step(i), i + 1);
    await button.tap();
    // The demo's one editable line layer is Borders.
    await page.getByTestId('track-suggest').tap();
    await page.getByTestId('draft-panel').waitFor();
    const name = `walk ${Date.now()}`;
    await page.getByTestId('edit-name').fill(name);
    await page.screenshot({ path: join(suite.shots, 'track-suggest.png') });
    await page.getByTestId('edit-submit').click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText(SUCCESS.UPLOAD_SUCCESSFUL, { exact: false }).first().waitFor({ timeout: 15_000 });
    expect(await button.getAttribute('data-status')).toBe('idle');

    const res = await fetch(`${suite.server.base}/api/features/changes?admin=false&page=1&pageSize=1000`, {
      headers: { 'x-app-key': DEMO_APP_KEY, authorization: `Basic ${btoa(`${USER.username}:${USER.password}`)}` },
    });
    const change = ((await res.json()) as ChangePage).items.find((c) => c.after?.properties.name === name)!;
    expect(change).toMatchObject({ grpstatus: 'n', layerId: 'borders', after: { geometry: { type: 'LineString' } } });
    const coords = (change.after!.geometry as { coordinates: number[][] }).coordinates;
    expect(coords).toHaveLength(5);
    expect(coords[4]![1]).toBeCloseTo(step(4).latitude, 6);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('ends a recording the location is denied to, with the SPEC §8 message', async () => {
    const context = await suite.browser.newContext({ ...PHONE });
    await acceptCookies(context, suite.server.base);
    const page = await context.newPage();
    page.on('pageerror', (e) => suite.pageErrors.push(e.message));
    await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
    const button = page.getByTestId('track-button');
    await button.tap();
    await page.getByTestId('notification-error').getByText(ERRORS.GEOLOCATION_DENIED, { exact: true }).waitFor({ timeout: 15_000 });
    await expect.poll(() => button.getAttribute('data-status')).toBe('idle');
    expect(await page.getByTestId('track-keep-dialog').count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
