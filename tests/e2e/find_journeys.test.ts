// Find and go journeys against the built app and the real server, on a 360 × 740 phone (SPEC §2
// search): typing a city's name shows it as you type, and choosing it zooms there and opens its prompt.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { startFakeSpeciesService } from './support/fake_species_service.ts';
import { ADMIN, acceptCookies, e2eSuite } from './support/server.ts';
import { mapReady, viewCenter } from './support/journey.ts';

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const suite = e2eSuite('mapdraft-find-shots');

async function openApp(options: BrowserContextOptions = {}) {
  const context = await suite.browser.newContext({ ...PHONE, ...options });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
  await mapReady(page);
  return { context, page };
}

describe('find journeys (360 px)', () => {
  it('types "Paris" (mistyped first), taps the result, and the map goes there with the feature prompt open', async () => {
    const { context, page } = await openApp();
    const input = page.getByTestId('search-input');
    const box = (await page.getByRole('search').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    // Not over OL's zoom buttons.
    const zoom = (await page.locator('.ol-zoom').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(zoom.x + zoom.width);

    await input.tap();
    // Mistyped first, right after the open: the city is found all the same (its text index is built
    // once the field has the focus, and a search that matches nothing as typed waits for it).
    await input.pressSequentially('Parris', { delay: 40 });
    await expect.poll(() => page.getByTestId('search-result').allTextContents(), { timeout: 15_000 }).toContain('Paris');
    await input.fill('');
    await input.pressSequentially('Paris', { delay: 40 });
    const first = page.getByTestId('search-result').first();
    await expect.poll(() => first.textContent(), { timeout: 15_000 }).toBe('Paris');
    await page.screenshot({ path: join(suite.shots, 'search-results-phone.png') });

    await first.tap();
    const prompt = page.getByTestId('feature-prompt');
    await prompt.waitFor({ timeout: 15_000 });
    await expect.poll(() => prompt.textContent(), { timeout: 15_000 }).toContain('Paris');
    await expect.poll(() => page.getByTestId('search-results').count()).toBe(0);
    // SPEC §9: a point is fitted at max zoom 12, centred on it (Paris, France is the most populous Paris).
    await expect
      .poll(async () => {
        const c = await viewCenter(page);
        return Math.abs(c.lon - 2.35) < 0.05 && Math.abs(c.lat - 48.86) < 0.05;
      })
      .toBe(true);
    await page.screenshot({ path: join(suite.shots, 'search-prompt-phone.png') });
    // The demo's observations of Paris, with the threat status and its source (SPEC §1).
    await page.getByTestId('feature-tab-observations').tap();
    const eel = page.locator('[data-testid=observations-list] [data-species="Anguilla anguilla"]');
    await eel.waitFor({ timeout: 15_000 });
    expect(await eel.textContent()).toContain('Critically endangered');
    expect(await eel.textContent()).toContain('IUCN Red List');
    await page.screenshot({ path: join(suite.shots, 'observations-phone.png') });
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('finds a map layer by its title and says so when nothing matches', async () => {
    const { context, page } = await openApp({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });
    const input = page.getByTestId('search-input');
    await input.fill('countr');
    await page.locator('[data-testid=search-layer][data-layer=countries]').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: join(suite.shots, 'search-desktop.png') });
    // SPEC §2 species search: an observation of the European eel, tapped, opens its city (Paris).
    await input.fill('european eel');
    const eel = page.getByTestId('search-observation').first();
    await expect.poll(() => eel.textContent(), { timeout: 15_000 }).toContain('European eel · Cities');
    await eel.click();
    await expect.poll(() => page.getByTestId('feature-prompt').textContent(), { timeout: 15_000 }).toContain('Paris');
    await page.getByTestId('feature-prompt-close').click();
    await input.fill('qqzzxx');
    await page.getByText('Nothing found for “qqzzxx”.').waitFor({ timeout: 15_000 });
    // The route panel on a desktop: it asks for both ends before anything else.
    await page.getByTestId('route-button').click();
    await page.getByText('Choose a start and a destination', { exact: false }).waitFor();
    await page.screenshot({ path: join(suite.shots, 'route-desktop.png') });
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('asks the configured species-observation service directly and shows its failure with the HTTP status', async () => {
    const service = await startFakeSpeciesService();
    const configUrl = `${suite.server.base}/api/apps/config?appkey=${DEMO_APP_KEY}`;
    const admin = { authorization: `Basic ${btoa(`${ADMIN.username}:${ADMIN.password}`)}`, 'content-type': 'application/json' };
    const before = await (await fetch(configUrl, { headers: admin })).json();
    const put = (config: unknown) => fetch(configUrl, { method: 'PUT', headers: admin, body: JSON.stringify(config) });
    expect(
      (await put({ ...before, search: { ...before.search, observationServiceUrl: service.url, observationPlaceId: '6753' } })).status,
    ).toBe(200);
    try {
      service.answer(200, {
        total_results: 1,
        results: [
          {
            id: 7,
            observed_on: '2026-04-12',
            place_guess: 'Notre-Dame, Paris',
            geojson: { type: 'Point', coordinates: [2.3499, 48.853] },
            taxon: {
              name: 'Falco peregrinus',
              preferred_common_name: 'Peregrine Falcon',
              conservation_status: { status: 'LC', authority: 'IUCN Red List' },
            },
          },
        ],
      });
      const { context, page } = await openApp({ ignoreHTTPSErrors: true });
      const input = page.getByTestId('search-input');
      await input.fill('falco');
      const found = page.locator('[data-testid=search-service-observation][data-species="Falco peregrinus"]');
      await found.waitFor({ timeout: 15_000 });
      expect(await found.textContent()).toContain('Peregrine Falcon (Falco peregrinus)');
      expect(await found.textContent()).toContain('Least concern');
      expect(await found.textContent()).toContain('Status: IUCN Red List');
      // Asked directly by the browser (no proxy), with the term and the configured place id.
      expect(Object.fromEntries(service.asked.at(-1)!.searchParams)).toMatchObject({ q: 'falco', place_id: '6753' });
      await page.screenshot({ path: join(suite.shots, 'species-service-phone.png') });
      await found.getByRole('button').tap();
      await expect
        .poll(async () => {
          const c = await viewCenter(page);
          return Math.abs(c.lon - 2.3499) < 0.01 && Math.abs(c.lat - 48.853) < 0.01;
        })
        .toBe(true);

      service.answer(503, { error: 'maintenance' });
      await input.fill('falcon');
      const failed = page.getByTestId('search-service-error');
      await failed.waitFor({ timeout: 15_000 });
      expect(await failed.textContent()).toBe('Unable to get results from the species-observation service. (HTTP 503)');
      expect(suite.pageErrors).toEqual([]);
      await context.close();
    } finally {
      await put(before);
      await service.stop();
    }
  });
});
