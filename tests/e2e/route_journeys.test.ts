// Route journeys against the built app and the real server, on a 360 × 740 phone (SPEC §1 routing,
// §9 formats): from the user's position (Playwright geolocation, Paris) to a city found by search,
// over the generated demo roads; the panel shows distance and time, and the hand-off links carry the
// destination's coordinates.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadCities } from '../../server/seed/geodata.ts';
import { acceptCookies, e2eSuite } from './support/server.ts';
import { mapReady } from './support/journey.ts';

const PARIS = { latitude: 48.8566, longitude: 2.3522, accuracy: 30 };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const suite = e2eSuite('mapdraft-route-shots');

describe('route journeys (360 px)', () => {
  it('routes from my position to a searched city, with distance, time and a hand-off link to it', async () => {
    const lyon = loadCities(10_000).find((c) => c.p.name === 'Lyon' && c.p.country === 'FR')!;
    const [lon, lat] = lyon.g.type === 'Point' ? lyon.g.coordinates : [Number.NaN, Number.NaN];
    const context = await suite.browser.newContext({ ...PHONE, geolocation: PARIS, permissions: ['geolocation'] });
    await acceptCookies(context, suite.server.base);
    const page = await context.newPage();
    page.on('pageerror', (e) => suite.pageErrors.push(e.message));
    await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
    await mapReady(page);

    // The destination: a search result, selected.
    await page.getByTestId('search-input').fill('Lyon');
    const result = page.locator('[data-testid=search-result][data-layer=cities]').first();
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toBe('Lyon');
    await result.tap();
    await page.getByTestId('feature-prompt').waitFor({ timeout: 15_000 });

    await page.getByTestId('route-button').tap();
    const panel = page.getByTestId('route-panel');
    await panel.waitFor();
    await page.getByTestId('route-destination-selected').tap();
    await page.getByTestId('route-origin-position').tap();
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await page.getByTestId('route-destination').textContent()).toContain('Lyon');
    expect(await page.getByTestId('route-origin').textContent()).toContain('My position');
    // SPEC §9: km with one decimal over 1000 m; hours and minutes. Paris–Lyon over the demo roads: some 400–700 km.
    const distance = (await page.getByTestId('route-distance').textContent())!;
    expect(distance).toMatch(/^\d+\.\d km$/);
    expect(Number.parseFloat(distance)).toBeGreaterThan(390);
    expect(Number.parseFloat(distance)).toBeLessThan(800);
    expect(await page.getByTestId('route-time').textContent()).toMatch(/^\d+ h \d+ min$/);
    expect(await panel.locator('li').first().textContent()).toContain('Go to the nearest road');

    const link = (service: string) => page.locator(`[data-testid=route-nav] [data-service=${service}]`).getAttribute('href');
    const ll = `${Number(lat.toFixed(6))},${Number(lon.toFixed(6))}`;
    expect(await link('geo')).toBe(`geo:${ll}?q=${ll}(Lyon)`);
    expect(await link('google')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${ll}`);
    expect(await link('apple')).toBe(`https://maps.apple.com/?daddr=${ll}`);
    expect(await link('osmand')).toContain(`lat=${Number(lat.toFixed(6))}&lon=${Number(lon.toFixed(6))}`);

    await page.getByTestId('feature-prompt-close').tap();
    await page.screenshot({ path: join(suite.shots, 'route-phone.png') });
    await page.getByTestId('route-close').tap();
    await expect.poll(() => panel.count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('says why there is no route when the start is far from any road', async () => {
    const atSea = { latitude: 30, longitude: -40, accuracy: 30 };
    const context = await suite.browser.newContext({ ...PHONE, geolocation: atSea, permissions: ['geolocation'] });
    await acceptCookies(context, suite.server.base);
    const page = await context.newPage();
    page.on('pageerror', (e) => suite.pageErrors.push(e.message));
    await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
    await mapReady(page);
    await page.getByTestId('search-input').fill('Lyon');
    const result = page.locator('[data-testid=search-result][data-layer=cities]').first();
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toBe('Lyon');
    await result.tap();
    await page.getByTestId('route-button').tap();
    await page.getByTestId('route-destination-selected').tap();
    await page.getByTestId('route-origin-position').tap();
    const panel = page.getByTestId('route-panel');
    await expect.poll(() => panel.getAttribute('data-status'), { timeout: 20_000 }).toBe('failed');
    expect(await page.getByTestId('route-failure').textContent()).toBe('No route: the start is not close to a road.');
    // The device's map app may still know a way: the hand-off to the destination stays offered.
    expect(await page.locator('[data-testid=route-nav] [data-service=geo]').getAttribute('href')).toMatch(/^geo:45\.7\d*,4\.8\d*/);
    await page.screenshot({ path: join(suite.shots, 'no-route-phone.png') });
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
