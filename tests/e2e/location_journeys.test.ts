// Location journeys against the built app and the real server (SPEC §4 Location button, §8
// geolocation messages): a 360 px touch phone with the permission taps the button and the view
// centres on the user; without the permission the SPEC §8 denied text is shown.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { DEMO_APP_KEY, ERRORS } from '../../src/model/index.ts';
import { acceptCookies, e2eSuite } from './support/server.ts';
import { mapReady } from './support/journey.ts';

const PARIS = { latitude: 48.8566, longitude: 2.3522, accuracy: 60 };
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;
const suite = e2eSuite('mapdraft-location-shots');

async function openApp(options: BrowserContextOptions) {
  const context = await suite.browser.newContext({ ...PHONE, ...options });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}/${DEMO_APP_KEY}`);
  await page.getByTestId('app-title').waitFor();
  // The first load fits the layers' extent; the tap comes after it so that fit cannot undo the centring.
  await mapReady(page);
  return { context, page };
}

const viewCenter = async (page: Awaited<ReturnType<typeof openApp>>['page']) => {
  const text = (await page.getByTestId('map').getAttribute('data-view-center')) ?? 'NaN,NaN';
  const [lon, lat] = text.split(',').map(Number);
  return { lon: lon!, lat: lat! };
};

describe('location journeys', () => {
  it('shows the user on a phone with the permission, centred, and hides it again', async () => {
    const { context, page } = await openApp({ geolocation: PARIS, permissions: ['geolocation'] });
    const button = page.getByTestId('location-button');
    expect(await button.getAttribute('data-visible')).toBe('false');
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // Not over OL's zoom buttons.
    const zoom = (await page.locator('.ol-zoom').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(zoom.y + zoom.height);

    await button.tap();
    await expect.poll(() => button.getAttribute('data-state'), { timeout: 10_000 }).toBe('granted');
    expect(await button.getAttribute('data-visible')).toBe('true');
    // The view animates there (1 s) and reports its centre on moveend.
    await expect
      .poll(
        async () => {
          const c = await viewCenter(page);
          return Math.abs(c.lon - PARIS.longitude) < 0.001 && Math.abs(c.lat - PARIS.latitude) < 0.001;
        },
        { timeout: 10_000 },
      )
      .toBe(true);
    expect(await button.getAttribute('aria-label')).toBe('Hide my location');
    await page.screenshot({ path: join(suite.shots, 'location-phone.png') });

    await button.tap();
    await expect.poll(() => button.getAttribute('data-visible')).toBe('false');
    expect(await button.getAttribute('aria-label')).toBe('Show my location');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('says the location could not be determined without the permission', async () => {
    const { context, page } = await openApp({});
    const button = page.getByTestId('location-button');
    await button.tap();
    // Chromium answers an ungranted request with PositionError code 1 (denied).
    await page.getByTestId('notification-error').getByText(ERRORS.GEOLOCATION_DENIED, { exact: true }).waitFor({ timeout: 15_000 });
    expect(await button.getAttribute('data-state')).toBe('blocked');
    expect(await button.getAttribute('data-visible')).toBe('false');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
