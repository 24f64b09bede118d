// Issue 15 part 5 end to end: an app owner imports a GeoPackage of 1,000 points (made here with
// GDAL's ogr2ogr) into a new layer from the overview's layer settings — preview, mapping, progress —
// then opens the app and sees the points drawn; at desktop size and on a 360 px touch phone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILL_COLOR, DEMO_APP_KEY } from '../../src/model/index.ts';
import { analysePng } from './support/png.ts';
import { ADMIN, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn, mapReady } from './support/journey.ts';

const suite = e2eSuite('mapdraft-import-shots');
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };
const COUNT = 1000;

/** 1,000 points on a 40 × 25 grid around Bern, with a name and a height, as a GeoPackage by ogr2ogr. */
function makeGeoPackage(): string {
  const dir = mkdtempSync(join(process.env.TMPDIR ?? '/tmp', 'mapdraft-import-'));
  const features = Array.from({ length: COUNT }, (_, i) => ({
    type: 'Feature',
    properties: { name: `Tree ${i + 1}`, height: 5 + (i % 20) },
    geometry: { type: 'Point', coordinates: [7.3 + (i % 40) * 0.005, 46.9 + Math.floor(i / 40) * 0.004] },
  }));
  const source = join(dir, 'trees.geojson');
  writeFileSync(source, JSON.stringify({ type: 'FeatureCollection', features }));
  const target = join(dir, 'street_trees.gpkg');
  execFileSync('ogr2ogr', ['-f', 'GPKG', target, source, '-nln', 'street_trees']);
  return target;
}

const auth = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

async function api(path: string, body: unknown) {
  const res = await fetch(suite.server.base + path, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
  return res.json();
}

/** An app of the admin's with a workspace: what the owner journey (owner_journey.test.ts) makes through the UI. */
async function ownedApp(tag: string): Promise<string> {
  const invoice = { firstName: 'Grace', lastName: 'Hopper', street: 'Main St', houseNumber: '1', postCode: '12345', city: 'Bern' };
  const { appKey } = await api('/api/apps', invoice);
  await api(`/api/workspaces?appkey=${appKey}`, { name: `ws_import_${tag}${Date.now() % 100000}` });
  return appKey;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(suite.shots, `${name}.png`) });

async function importJourney(ctx: BrowserContext, appKey: string, gpkg: string, tag: string) {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/overview`);
  await logIn(page, ADMIN, { opener: 'overview-login' });
  const card = page.locator(`[data-testid=overview-app][data-app-key="${appKey}"]`);
  await card.getByTestId('app-settings').click();
  await page.getByTestId('settings-tab-layers').click();
  await page.getByTestId('layers-import').click();
  await page.getByTestId('import-dialog').waitFor();
  await shot(page, `${tag}-01-import-choose`);
  await page.getByTestId('import-file').setInputFiles(gpkg);
  await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
  expect(await page.getByTestId('import-summary').textContent()).toBe(`GeoPackage: ${COUNT} features`);
  expect(await page.getByTestId('import-preview-row').count()).toBe(5);
  expect(await page.getByTestId('import-preview-row').first().textContent()).toContain('Tree 1');
  // The new layer is the default target, named after the file; its properties follow the columns.
  expect(await page.getByTestId('import-layer-title').inputValue()).toBe('street trees');
  expect(await page.getByTestId('import-mapping-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-column')))).toEqual([
    'name',
    'height',
  ]);
  await page.getByTestId('import-layer-title').fill(`Street trees ${tag}`);
  await shot(page, `${tag}-02-import-preview-mapping`);
  await page.getByTestId('import-start').click();
  await page.getByTestId('import-outcome').waitFor({ timeout: 60_000 });
  expect(await page.getByTestId('import-outcome-text').textContent()).toBe(
    `${COUNT} features imported into Street trees ${tag}; 0 refused.`,
  );
  await shot(page, `${tag}-03-import-done`);
  await page.getByTestId('import-close').click();
  await page.locator(`[data-testid=layer-row][data-layer-id=street_trees_${tag}]`).waitFor();
  await page.getByTestId('app-settings-close').click();

  // The app's map draws the new layer's 1,000 points.
  await page.goto(`${suite.server.base}/${appKey}`);
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) >= n, COUNT, {
    timeout: 120_000,
    polling: 250,
  });
  expect(Number(await page.getByTestId('map').getAttribute('data-features-loaded'))).toBe(COUNT);
  await page.waitForTimeout(1500);
  const png = await page.getByTestId('map').screenshot({ path: join(suite.shots, `${tag}-04-map-drawn.png`) });
  const stats = await analysePng(page, png, DEFAULT_FILL_COLOR);
  console.info(`[e2e import ${tag}] map`, stats);
  expect(stats.dots).toBeGreaterThan(200);
  await page.close();
}

describe('import journey', () => {
  let gpkg: string | undefined;
  for (const [tag, size] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${tag}: the owner imports a GeoPackage of 1,000 points into a new layer and sees them drawn`, async () => {
      gpkg ??= makeGeoPackage();
      const appKey = await ownedApp(tag);
      const ctx = await suite.browser.newContext(size);
      await acceptCookies(ctx, suite.server.base);
      await importJourney(ctx, appKey, gpkg, tag);
      await ctx.close();
      expect(suite.pageErrors).toEqual([]);
    }, 240_000);
  }
});

describe('admin import as suggestions', () => {
  it('an admin imports a CSV into the demo cities from the pending changes: valid rows become suggestions, a bad number is refused by row', async () => {
    const ctx = await suite.browser.newContext(DESKTOP);
    await acceptCookies(ctx, suite.server.base);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => suite.pageErrors.push(e.message));
    await page.goto(`${suite.server.base}/${DEMO_APP_KEY}?mode=admin`);
    await mapReady(page, 120_000);
    await logIn(page, ADMIN);
    await page.getByTestId('pending-open').click();
    await page.getByTestId('layers-import').click();
    const csv = 'Name;Population;Lng;Lat;Note\nImported A;1200;2,35;48,85;x\nImported B;many;4.83;45.76;y\nImported C;800;5.37;43.29;z\n';
    await page.getByTestId('import-file').setInputFiles({ name: 'towns.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('import-preview').waitFor({ timeout: 30_000 });
    // The coordinate columns were found by name; the admin imports into an existing layer only.
    expect(await page.getByTestId('import-lon-column').inputValue()).toBe('Lng');
    expect(await page.getByTestId('import-lat-column').inputValue()).toBe('Lat');
    expect(await page.getByTestId('import-target-new').count()).toBe(0);
    expect(await page.getByTestId('import-layer').inputValue()).toBe('cities');
    await expect.poll(() => page.getByTestId('import-dialog').evaluate((e) => getComputedStyle(e).opacity)).toBe('1');
    expect(await page.getByTestId('import-start').isEnabled()).toBe(true);
    await shot(page, 'admin-01-csv-preview');
    // Signed in, the map draws the pending suggestions too (loaded after the login): the count before.
    const before = Number(await page.locator('[data-testid=map][data-features-loaded]').getAttribute('data-features-loaded'));
    await page.getByTestId('import-start').click();
    await page.getByTestId('import-outcome').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-outcome-text').textContent()).toBe('2 features suggested in Cities, awaiting review; 1 refused.');
    expect(await page.getByTestId('import-refusals').textContent()).toBe(
      'Feature 2: The value is not a number. (Population → population: many)',
    );
    await shot(page, 'admin-02-csv-suggested');
    // The two suggestions are drawn on the map at once, without a reload (the `_diff` layer is shown again).
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded') ?? null), {
        timeout: 30_000,
      })
      .toBe(String(before + 2));
    await ctx.close();
    expect(suite.pageErrors).toEqual([]);
  }, 240_000);
});
