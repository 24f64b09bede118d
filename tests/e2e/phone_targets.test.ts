// Touch targets and placement on a 360×740 touch phone (issue 19), against the built app and the real
// server: every control of the first screen (a visitor's and a signed-in user's), the footer's
// included, is a 44 px target under nothing else (its centre and corners hit-test to it), also at
// 1280×800 where nothing covers anything either; OL's scale line and the floating edit toolbar do not
// overlap; a comparison opened by an admin fits the compared point into the map above the sheet; with
// the cookie banner shown, every control of the new-point sheet and the footer can be reached.
// A screenshot per step under the shots folder.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, USER, e2eSuite } from './support/server.ts';
import { installCoverCheck } from './support/cover_check.ts';
import { APP, DESKTOP, PHONE, berlin, logIn, mapReady, openApp, pixelOf, shooter, suggestCity, type Device } from './support/journey.ts';

const suite = e2eSuite('mapdraft-phone-target-shots');

/**
 * The visible controls of the page (buttons, fields, links, tabs), each with what is wrong with it:
 * smaller than `minPx` (either side; a field: its height), not whole in the window, or covered at its
 * centre or a corner (what covers it is named).
 */
async function badControls(page: Page, minPx: number): Promise<string[]> {
  await page.evaluate(installCoverCheck);
  return page.evaluate((min) => {
    const labelOf = (el: Element) =>
      el.getAttribute('data-testid') ??
      el.getAttribute('aria-label') ??
      el.getAttribute('title') ??
      (el.textContent?.trim() || `${el.tagName.toLowerCase()}.${el.className}`);
    const controls = [...document.querySelectorAll('button, input, select, textarea, a[href], [role=button], [role=tab]')].filter(
      (el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !el.closest('[aria-hidden=true]'),
    );
    const found: string[] = [];
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      const field = el.matches('input, select, textarea');
      if (r.height < min || (!field && r.width < min)) found.push(`${labelOf(el)} ${Math.round(r.width)}×${Math.round(r.height)} px`);
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) {
        found.push(`${labelOf(el)} not whole in the window`);
        continue;
      }
      const covered = window.__coveredAt!(el);
      if (covered) found.push(`${labelOf(el)} ${covered}`);
    }
    return found;
  }, minPx);
}

const intersect = (a: DOMRect | null, b: DOMRect | null) =>
  !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The page rectangles of OL's scale line and the floating edit toolbar. */
async function scaleLineAndToolbar(page: Page) {
  const box = (selector: string) => page.locator(selector).boundingBox() as Promise<DOMRect | null>;
  return { scale: await box('.ol-scale-line'), toolbar: await box('[data-testid=edit-toolbar]') };
}

describe('touch targets and placement (360×740 touch, 1280×800)', () => {
  it('makes every control of the first screen and the footer a 44 px target under nothing else, signed out and in', async () => {
    const shot = shooter(suite, 'targets');
    const { context, page } = await openApp(suite);
    await shot(page, '1-visitor');
    expect.soft(await badControls(page, 44)).toEqual([]);
    // The footer's About link opens the about page with a tap.
    await page.getByTestId('footer-about').tap();
    await page.getByTestId('about-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('about-dialog').waitFor({ state: 'detached' });

    await logIn(page, USER);
    await page.getByTestId('edit-new').waitFor();
    await page.getByTestId('compare-open').waitFor();
    await shot(page, '2-signed-in');
    expect.soft(await badControls(page, 44)).toEqual([]);
    const { scale, toolbar } = await scaleLineAndToolbar(page);
    expect(scale && toolbar, 'the scale line and the edit toolbar show').toBeTruthy();
    expect(intersect(scale, toolbar), `scale line ${JSON.stringify(scale)} and toolbar ${JSON.stringify(toolbar)}`).toBe(false);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('keeps the desktop layout free of overlaps at 1280×800, the scale line clear of the edit toolbar', async () => {
    const shot = shooter(suite, 'targets-desktop');
    const { context, page } = await openApp(suite, { device: DESKTOP as Device });
    await logIn(page, USER);
    await page.getByTestId('edit-new').waitFor();
    await shot(page, '1-signed-in');
    // A mouse needs no 44 px target; nothing may cover anything all the same.
    expect(await badControls(page, 0)).toEqual([]);
    const { scale, toolbar } = await scaleLineAndToolbar(page);
    expect(scale && toolbar).toBeTruthy();
    expect(intersect(scale, toolbar)).toBe(false);
    await context.close();
  });

  it('fits the compared point into the map above the comparison sheet when an admin compares a suggestion', async () => {
    const shot = shooter(suite, 'targets-compare');
    const c = await berlin(suite);
    const name = `Compared ${Date.now().toString(36)}`;
    const at = { lon: c.lon + 2.2, lat: c.lat - 1.1 };
    await suggestCity(suite, USER, name, [at.lon, at.lat]);
    const { context, page } = await openApp(suite, { path: `${APP}?mode=admin` });
    await logIn(page, ADMIN);
    await page.getByTestId('pending-open').tap();
    const row = page.getByTestId('queue-row').filter({ hasText: name });
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('queue-compare').tap();
    const comparison = page.getByTestId('comparison-prompt');
    await comparison.waitFor();
    await expect.poll(() => comparison.locator('[data-testid=compare-entry][aria-pressed=true]').textContent()).toContain(name);
    await expect.poll(() => page.url(), { timeout: 5000 }).toMatch(/#map=/);
    await page.waitForTimeout(800); // the fit, any pan after it, the address following the view
    await shot(page, '1-compare');
    const sheet = (await comparison.boundingBox())!;
    const map = (await page.getByTestId('map').boundingBox())!;
    const point = await pixelOf(page, at.lon, at.lat);
    // Inside the map above the sheet, with room for its marker (radius 9 px) on every side.
    expect(point.x).toBeGreaterThan(map.x + 12);
    expect(point.x).toBeLessThan(map.x + map.width - 12);
    expect(point.y).toBeGreaterThan(map.y + 12);
    expect(point.y, `point at ${Math.round(point.y)}, sheet from ${Math.round(sheet.y)}`).toBeLessThan(sheet.y - 24);
    // Seen, not under a button or the sheet: the map is what lies there.
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'), point),
    ).toBe('map');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('leaves every control of the new-point sheet and the footer reachable while the cookie banner shows', async () => {
    const shot = shooter(suite, 'targets-cookies');
    // No stored choice: the banner shows.
    const context = await suite.browser.newContext(PHONE);
    const page = await context.newPage();
    page.on('pageerror', (e) => suite.pageErrors.push(e.message));
    await page.goto(`${suite.server.base}${APP}#map=5.00/50.00000/10.00000`);
    await mapReady(page);
    const banner = page.getByTestId('cookie-banner');
    await banner.waitFor();
    await shot(page, '1-banner');
    expect.soft(await badControls(page, 44)).toEqual([]);
    await logIn(page, USER);
    await page.getByTestId('edit-new').tap();
    await page.getByTestId('edit-drawing').waitFor();
    await page.touchscreen.tap(180, 250);
    const sheet = page.getByTestId('draft-panel');
    await sheet.waitFor();
    await page.waitForTimeout(1000); // the sheet's pan of the map, the ghost-click window
    await shot(page, '2-draft-with-banner');
    expect(await banner.isVisible()).toBe(true);
    await page.getByTestId('edit-name').fill(`Banner ${Date.now().toString(36)}`);
    const submit = page.getByTestId('edit-submit');
    await submit.scrollIntoViewIfNeeded();
    for (const id of ['edit-submit', 'draft-panel-close', 'footer-about']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      const hit = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.getAttribute('data-testid'),
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(hit, id).toBe(id);
    }
    // Submit answers a tap where it shows.
    const box = (await submit.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByTestId('confirm-dialog').waitFor({ timeout: 5000 });
    await shot(page, '3-confirm');
    await page.getByTestId('confirm-ok').tap();
    await sheet.waitFor({ state: 'detached' });
    // The choice made, the banner leaves and the map takes its room back.
    await page.getByTestId('cookie-accept').tap();
    await banner.waitFor({ state: 'detached' });
    const footer = (await page.getByTestId('app-footer').boundingBox())!;
    expect(Math.round(footer.y + footer.height)).toBe(740);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
