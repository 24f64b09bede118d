// The bottom sheets of a 360×740 touch phone (issue 19) against the built app and the real server:
// every button and field of the feature sheet and of the new-point form can be reached and is whole
// on the screen, under nothing else (the edit toolbar, the search field, a toast, a map button); the
// new point is sent with real taps on Submit, also when drawn over the user's own pending suggestion
// (the tap opens nothing else); a user's own pending suggestion past the first page of their list
// opens when tapped on the map. A screenshot per step under the shots folder.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { USER, e2eSuite } from './support/server.ts';
import { installCoverCheck } from './support/cover_check.ts';
import { APP, berlin, logIn, openApp, pixelOf, shooter, suggestCity } from './support/journey.ts';

const suite = e2eSuite('mapdraft-phone-sheet-shots');

/**
 * The controls of the open sheet `testId` (buttons, fields, tabs, links), each brought into the
 * sheet's view in turn as a finger scrolling it would: those not whole on the screen, or covered at
 * their centre or a corner by something else (with what covers them), and the buttons, tabs and
 * lists under a 44 px touch target.
 */
async function missedControls(page: Page, testId: string): Promise<string[]> {
  await page.evaluate(installCoverCheck);
  return page.evaluate(async (id) => {
    const sheet = document.querySelector(`[data-testid="${id}"]`);
    if (!sheet) return [`no ${id}`];
    const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const labelOf = (el: Element) =>
      el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent?.trim() || el.tagName.toLowerCase());
    const controls = [...sheet.querySelectorAll('button, input, select, textarea, [role=tab], a[href], [contenteditable=true]')].filter(
      (el) => el.getBoundingClientRect().width > 0,
    );
    const found: string[] = [];
    for (const el of controls) {
      // A field's box is Fluent's wrapper around the native control.
      const control = el.closest('.fui-Input, .fui-Select, .fui-Textarea, .fui-Checkbox, .fui-Switch') ?? el;
      control.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      await frame();
      const r = control.getBoundingClientRect();
      if (el.matches('button, [role=tab], select') && r.height < 44) found.push(`${labelOf(el)} ${Math.round(r.height)} px tall`);
      const covered = window.__coveredAt!(control);
      if (covered) found.push(`${labelOf(el)} ${covered}`);
    }
    return found;
  }, testId);
}

describe('phone sheets (360×740, touch)', () => {
  it('shows every control of the feature sheet and the new-point form whole and free; Submit answers a tap', async () => {
    const shot = shooter(suite, 'sheet-reach');
    const c = await berlin(suite);
    // The user's own pending suggestion lies where the new point will be drawn.
    const under = { lon: c.lon + 1.5, lat: c.lat + 0.8 };
    await suggestCity(suite, USER, `Under the new point ${Date.now().toString(36)}`, [under.lon, under.lat]);
    const { context, page } = await openApp(suite, { path: `${APP}#map=6.00/${c.lat - 3}/${c.lon}&feature=cities/${c.gfid}` });
    await logIn(page, USER);
    const prompt = page.getByTestId('feature-prompt');
    await prompt.waitFor();
    // Signed in: the sheet has its edit buttons, and the edit toolbar ("New point") is on the screen too.
    await page.getByTestId('feature-edit').waitFor();
    await page.getByTestId('edit-new').waitFor();
    await shot(page, '1-feature-sheet');
    expect(await missedControls(page, 'feature-prompt')).toEqual([]);
    // "New point" stays at hand while the sheet is open.
    expect(await prompt.getByTestId('edit-new').count()).toBe(1);

    await page.getByTestId('feature-prompt-close').tap();
    // A link to the place, pasted into the address as the closed prompt's address is written (the
    // app's write once replaced the link before the map had read it: tests/browser/permalink_address).
    await page.evaluate((hash) => {
      window.location.hash = hash;
    }, `#map=9.00/${under.lat}/${under.lon}`);
    await expect.poll(() => page.url()).toContain(`#map=9.00/`);
    // The map has moved there (its view centre, written when a move ends): the place is on screen.
    await expect
      .poll(async () => {
        const [lon, lat] = ((await page.getByTestId('map').getAttribute('data-view-center')) ?? 'NaN,NaN').split(',').map(Number);
        return Math.max(Math.abs(lon - under.lon), Math.abs(lat - under.lat));
      })
      .toBeLessThan(1e-3);
    await page.getByTestId('edit-new').tap();
    await page.getByTestId('edit-drawing').waitFor();
    const at = await pixelOf(page, under.lon, under.lat);
    await page.touchscreen.tap(at.x, at.y);
    const sheet = page.getByTestId('draft-panel');
    await sheet.waitFor();
    await page.waitForTimeout(1500); // the sheet's pan of the map, the ghost-click window, the tap's lookup
    await shot(page, '2-draft-form');
    // The tap placed the point and opened nothing else (the suggestion under it stays closed).
    expect(await page.getByTestId('comparison-prompt').count()).toBe(0);
    expect(await missedControls(page, 'draft-panel')).toEqual([]);

    // Typed as on a phone: a tap into the field, the keyboard, then a tap on Submit where it shows.
    const name = `Tapped point ${Date.now().toString(36)}`;
    await page.getByTestId('edit-name').tap();
    await page.keyboard.type(name);
    const submit = page.getByTestId('edit-submit');
    await submit.scrollIntoViewIfNeeded();
    const box = (await submit.boundingBox())!;
    await shot(page, '3-before-submit');
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor({ timeout: 5000 });
    await shot(page, '4-confirm');
    await page.getByTestId('confirm-ok').tap();
    await sheet.waitFor({ state: 'detached' });
    await page.getByTestId('notification-success').first().waitFor();
    await shot(page, '5-sent');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('opens a pending suggestion tapped on the map when it lies past the first hundred of the user’s list', async () => {
    const shot = shooter(suite, 'sheet-own-101');
    const c = await berlin(suite);
    const stamp = Date.now().toString(36);
    // 101 suggestions made before it, piled far from it; the tapped one is the 102nd or later.
    const pile: [number, number] = [c.lon - 2, c.lat + 1];
    for (let batch = 0; batch < 101; batch += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, 101 - batch) }, (_, i) => suggestCity(suite, USER, `Pile ${stamp} ${batch + i}`, pile)),
      );
    }
    const place = { lon: c.lon + 0.5, lat: c.lat - 0.4 };
    await suggestCity(suite, USER, `Far ${stamp}`, [place.lon, place.lat]);

    const { context, page } = await openApp(suite, { path: `${APP}#map=9.00/${place.lat}/${place.lon}` });
    await logIn(page, USER);
    const comparison = page.getByTestId('comparison-prompt');
    const tapIt = async () => {
      const at = await pixelOf(page, place.lon, place.lat);
      await page.touchscreen.tap(at.x, at.y);
    };
    // The user's pending layer arrives with the login: tap until the comparison opens.
    await expect.poll(async () => (await comparison.count()) || (await tapIt(), 0), { timeout: 30_000, interval: 1500 }).toBe(1);
    const chosen = comparison.locator('[data-testid=compare-entry][aria-pressed=true]');
    await expect.poll(() => chosen.textContent(), { timeout: 15_000 }).toContain(`Far ${stamp}`);
    expect(await comparison.locator('tr[data-property=name]').textContent()).toContain(`Far ${stamp}`);
    await shot(page, '1-tapped');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
