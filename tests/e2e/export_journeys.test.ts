// Export journeys against the built app and the real server (issue 15 part 6): a layer from the
// layer list, a selected feature from its prompt and a search's matches are saved as files the
// user's GIS opens; offline the Export button is disabled and says why.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nodeSqliteModule } from '../../server/services/export_gpkg.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { openMemoryDatabase } from '../../wasm/sqlite_db.ts';
import { acceptCookies, e2eSuite } from './support/server.ts';
import { mapReady } from './support/journey.ts';

const suite = e2eSuite('mapdraft-export-shots');

async function openApp() {
  const context = await suite.browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
  await mapReady(page);
  return { context, page };
}

/** Opens the export menu `testId`, screenshots it, picks `format` and returns the saved file. */
async function exportVia(page: Page, testId: string, format: string, shot: string): Promise<{ download: Download; bytes: Buffer }> {
  await page.getByTestId(testId).click();
  const item = page.getByTestId(`${testId}-${format}`);
  await item.waitFor();
  // The menu fades in: the screenshot waits until it is fully drawn.
  await item.evaluate(
    (el) =>
      new Promise<void>((resolve) => {
        const drawn = () =>
          getComputedStyle(el.closest('[role=presentation]') ?? el).opacity === '1' ? resolve() : requestAnimationFrame(drawn);
        drawn();
      }),
  );
  await page.screenshot({ path: join(suite.shots, shot) });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), item.click()]);
  expect(await download.failure()).toBeNull();
  return { download, bytes: readFileSync((await download.path())!) };
}

async function gpkgRows(bytes: Uint8Array, sql: string) {
  const file = await openMemoryDatabase(await nodeSqliteModule(), bytes);
  try {
    return await file.db.all(sql);
  } finally {
    await file.db.close();
  }
}

describe('export journeys', () => {
  it('exports a layer from the layer list, a selected feature from its prompt and the matches of a search', async () => {
    const { context, page } = await openApp();
    await page.getByTestId('left-drawer-toggle').click();
    await page.getByTestId('layer-list').waitFor();
    await page.waitForTimeout(400); // drawer animation

    // The whole countries layer as a GeoPackage: every country, named as the layer is.
    const layer = await exportVia(page, 'layer-export-countries', 'gpkg', 'layer-export-menu.png');
    expect(layer.download.suggestedFilename()).toBe('Countries.gpkg');
    expect(await gpkgRows(layer.bytes, 'SELECT count(*) FROM countries')).toEqual([[177]]);
    expect(await gpkgRows(layer.bytes, "SELECT count(*) FROM countries WHERE name = 'France'")).toEqual([[1]]);
    await page.getByTestId('left-drawer-toggle').click();
    await page.waitForTimeout(300);

    // Paris, found and selected: its prompt exports that one feature as GeoJSON.
    const input = page.getByTestId('search-input');
    await input.fill('Paris');
    const first = page.getByTestId('search-result').first();
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toBe('Paris');

    // The search's matches in Cities as GPX: as many waypoints as the search found there, Paris among them.
    const cityRows = await page.locator('[data-testid=search-result][data-layer=cities]').count();
    const results = await exportVia(page, 'search-export-cities', 'gpx', 'search-export-menu.png');
    const gpx = results.bytes.toString('utf8');
    expect(gpx).toContain('<name>Paris</name>');
    expect(gpx.match(/<wpt /g)?.length).toBeGreaterThanOrEqual(cityRows);
    expect(results.download.suggestedFilename()).toBe('Cities Paris.gpx');

    await input.fill('');
    await input.fill('Paris');
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toBe('Paris');
    await first.click();
    const prompt = page.getByTestId('feature-prompt');
    await expect.poll(() => prompt.textContent(), { timeout: 15_000 }).toContain('Paris');
    const feature = await exportVia(page, 'feature-export', 'geojson', 'feature-export-menu.png');
    expect(feature.download.suggestedFilename()).toBe('Paris.geojson');
    const fc = JSON.parse(feature.bytes.toString('utf8'));
    expect(fc.features).toHaveLength(1);
    expect(fc.features[0].properties).toMatchObject({ name: 'Paris', country: 'FR' });
    expect(fc.features[0].geometry.type).toBe('Point');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the Export button disabled offline, with the reason', async () => {
    const { context, page } = await openApp();
    await page.getByTestId('left-drawer-toggle').click();
    await page.getByTestId('layer-list').waitFor();
    await context.setOffline(true);
    const button = page.getByTestId('layer-export-cities');
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    await button.hover();
    // The reason is the button's description, and shows as its tooltip on hover.
    const reason = await button.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Export needs a connection to the server.');
    await page.locator('[role=tooltip]:visible', { hasText: 'Export needs a connection to the server.' }).waitFor();
    await page.screenshot({ path: join(suite.shots, 'export-offline.png') });
    // Disabled: a click opens no menu.
    await button.click({ force: true });
    expect(await page.getByTestId('layer-export-cities-csv').count()).toBe(0);
    await context.setOffline(false);
    await expect.poll(() => button.getAttribute('aria-disabled')).not.toBe('true');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
