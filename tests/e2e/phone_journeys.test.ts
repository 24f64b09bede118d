// Phone-first journeys (issue 19) on a 360×740 touch phone against the built app and the real server:
// the draft form and the feature prompt as bottom sheets that keep their feature visible and the
// drawn point adjustable, worded for what they do; toasts off the headers; the map in the address
// (deep link to a feature), its scale line and keyboard pan/zoom; ?auth=logout and ?auth=login;
// an unregistered user without a raw layer error; the admin's pending list at 360 px; axe-core over
// every screen and dialog in light and dark. A screenshot per step under the shots folder.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { seriousViolations } from './support/axe.ts';
import { ADMIN, USER, acceptCookies, e2eSuite } from './support/server.ts';
import { logIn, lonLatAt, mapReady, pixelOf, suggestCity, viewOf } from './support/journey.ts';

// bypassCSP: axe-core is injected as a script tag, which the app's CSP (rightly) refuses.
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, bypassCSP: true } as const;
const suite = e2eSuite('mapdraft-phone-shots');
const APP = `/${DEMO_APP_KEY}`;

async function openPhone(path = APP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext(PHONE);
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}${path}`);
  await mapReady(page);
  return { context, page };
}

const shot = (page: Page, journey: string, step: string) => page.screenshot({ path: join(suite.shots, `${journey}--${step}.png`) });

/** A one-finger drag by CDP touch events (they become pointer events in the page). */
async function touchDrag(page: Page, from: { x: number; y: number }, dx: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 5; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: from.x + (dx * i) / 5, y: from.y + (dy * i) / 5 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Waits until the address's view stops changing (an animation has ended). */
async function settledView(page: Page) {
  let last = '';
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(200);
    const now = page.url();
    if (now === last) return;
    last = now;
  }
}

async function city(): Promise<{ gfid: number; lon: number; lat: number; cityId: number }> {
  const res = await fetch(`${suite.server.base}/api/features?workspace=ws_demo&layer=cities&bbox=13.2,52.4,13.6,52.6`, {
    headers: { 'x-app-key': DEMO_APP_KEY },
  });
  const body = (await res.json()) as { features: { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[] };
  // Berlin: a GeoNames id of seven digits, which grouping would have shown as "2,950,159".
  const f = body.features.find((x) => x.properties.name === 'Berlin') ?? body.features[0]!;
  return {
    gfid: Number(f.properties.gfid),
    lon: f.geometry.coordinates[0],
    lat: f.geometry.coordinates[1],
    cityId: Number(f.properties.cityId),
  };
}

describe('phone journeys (360×740, touch)', () => {
  it('draws a new point in a bottom sheet: the point stays visible and movable, the form says what it suggests, toasts stay off the headers', async () => {
    const J = 'draft';
    // ?auth=login opens the dialog; after the login it has left the address (issue 19).
    const { context, page } = await openPhone(`${APP}?auth=login#map=4.00/0.00000/-30.00000`);
    await shot(page, J, '1-login');
    await logIn(page, USER, { opener: null });
    expect(new URL(page.url()).searchParams.has('auth')).toBe(false);
    await page.getByTestId('edit-new').tap();
    await page.getByTestId('edit-drawing').waitFor();
    // A touch screen is tapped, not clicked.
    expect(await page.getByTestId('edit-drawing').textContent()).toBe('Tap the map to draw');
    // Low on the screen, where the sheet will be.
    const tapAt = { x: 180, y: 560 };
    const drawn = await lonLatAt(page, tapAt.x, tapAt.y);
    await page.touchscreen.tap(tapAt.x, tapAt.y);
    const sheet = page.getByTestId('draft-panel');
    await sheet.waitFor();
    await settledView(page);
    await shot(page, J, '2-sheet');
    expect(await sheet.getAttribute('data-sheet')).toBe('bottom');
    const sheetBox = (await sheet.boundingBox())!;
    const mapBox = (await page.getByTestId('map').boundingBox())!;
    expect(sheetBox.width).toBe(360);
    expect(sheetBox.y).toBeGreaterThan(mapBox.y + mapBox.height * 0.45);
    // The drawn point was moved into the free part of the map above the sheet.
    const point = await pixelOf(page, drawn.lon, drawn.lat);
    expect(point.y).toBeGreaterThan(mapBox.y + 40);
    expect(point.y).toBeLessThan(sheetBox.y - 40);
    // No ghost click on whatever appeared under the finger.
    expect(await page.getByRole('dialog').count()).toBe(1);
    // Wording: a new feature, one note for the fields only an administrator sets, read-only fields.
    expect(await page.getByTestId('edit-submit').textContent()).toBe('Suggest new feature');
    expect(await page.getByText('Only an administrator may change this property.').count()).toBe(0);
    expect(await page.getByTestId('admin-only-note').count()).toBe(1);
    expect(await page.getByTestId('edit-cityId').getAttribute('readonly')).not.toBeNull();
    // The point is still adjustable: dragging it is an undoable change.
    expect(await page.getByTestId('draft-undo').isDisabled()).toBe(true);
    await touchDrag(page, point, 40, -30);
    await expect.poll(() => page.getByTestId('draft-undo').isDisabled()).toBe(false);
    await shot(page, J, '3-moved');
    expect(await seriousViolations(page)).toEqual([]);

    const name = `Phone ${Date.now()}`;
    await page.getByTestId('edit-name').fill(name);
    await page.getByTestId('edit-submit').tap();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Suggest this new feature?');
    expect(await page.getByTestId('confirm-ok').textContent()).toBe('Suggest feature');
    await shot(page, J, '4-confirm');
    await page.getByTestId('confirm-ok').tap();
    const toast = page.getByTestId('notification-success').first();
    await toast.waitFor();
    await page.waitForTimeout(400); // its fade-in
    await shot(page, J, '5-toast');
    // Over the app bar, never over the search field (nor any sheet below it).
    const toastBox = (await toast.boundingBox())!;
    const searchBox = (await page.getByTestId('search-input').boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(searchBox.y);

    // "My suggestions": the new point, named, with a readable place (not raw lon/lat).
    await page.getByTestId('compare-open').tap();
    const comparison = page.getByTestId('comparison-prompt');
    await comparison.waitFor({ timeout: 15_000 });
    await expect.poll(() => comparison.locator('[data-testid=compare-entry][aria-pressed=true]').textContent()).toContain(name);
    const place = (await comparison.locator('[data-property=geometry]').textContent()) ?? '';
    expect(place).toMatch(/\d+\.\d{5}° [NS], \d+\.\d{5}° [EW]/);
    expect(await comparison.getAttribute('data-sheet')).toBe('bottom');
    await shot(page, J, '6-own-suggestion');
    expect(await seriousViolations(page)).toEqual([]);
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('opens a deep-linked feature in a bottom sheet with every tab readable, an id without separators, the map on the keyboard', async () => {
    const J = 'prompt';
    const c = await city();
    const { context, page } = await openPhone(`${APP}#map=6.00/${c.lat - 3}/${c.lon}&feature=cities/${c.gfid}`);
    const prompt = page.getByTestId('feature-prompt');
    await prompt.waitFor();
    await page.getByTestId('feature-tab-history').waitFor();
    await settledView(page);
    await shot(page, J, '1-deep-link');
    expect(await prompt.getAttribute('data-sheet')).toBe('bottom');
    const sheetBox = (await prompt.boundingBox())!;
    const mapBox = (await page.getByTestId('map').boundingBox())!;
    const at = await pixelOf(page, c.lon, c.lat);
    expect(at.y).toBeGreaterThan(mapBox.y + 40);
    expect(at.y).toBeLessThan(sheetBox.y - 40);
    // Every tab whole, inside the sheet ("Histo" was cut).
    for (const tab of ['properties', 'attachments', 'images', 'history', 'observations']) {
      const el = page.getByTestId(`feature-tab-${tab}`);
      const box = (await el.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(sheetBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(sheetBox.x + sheetBox.width);
      expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    }
    // A GeoNames id reads as stored, the population with separators.
    const props = (await prompt.textContent()) ?? '';
    expect(props).toContain(String(c.cityId));
    for (const tab of ['properties', 'attachments', 'images', 'history', 'observations']) {
      await page.getByTestId(`feature-tab-${tab}`).tap();
      await page.waitForTimeout(400);
      await shot(page, J, `2-tab-${tab}`);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    // The scale line, and the map on the keyboard: focus it, arrows pan, + zooms.
    expect(await page.locator('.ol-scale-line').count()).toBe(1);
    await page.getByTestId('feature-prompt-close').tap();
    await expect.poll(() => page.url()).not.toContain('feature=');
    const before = viewOf(page.url());
    await page.getByTestId('map').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => viewOf(page.url()).lon).toBeGreaterThan(before.lon);
    await page.keyboard.press('+');
    await expect.poll(() => viewOf(page.url()).zoom).toBeGreaterThan(before.zoom);
    await shot(page, J, '3-keyboard');
    // A link pasted into the open tab's address: its view and its feature, without a reload.
    await page.evaluate(
      (hash) => {
        window.location.hash = hash;
      },
      `#map=7.00/${c.lat - 1}/${c.lon}&feature=cities/${c.gfid}`,
    );
    await prompt.waitFor();
    await expect.poll(() => viewOf(page.url()).zoom).toBe(7);
    await shot(page, J, '4-pasted-link');
    // Issue 17: a tap answers at once, so a double tap's first tap opens the feature; the double tap
    // zooms in and leaves no prompt behind (nor the feature in the address).
    await page.getByTestId('feature-prompt-close').tap();
    await prompt.waitFor({ state: 'detached' });
    await settledView(page);
    const onCity = await pixelOf(page, c.lon, c.lat);
    await page.mouse.dblclick(onCity.x, onCity.y);
    await expect.poll(() => viewOf(page.url()).zoom).toBe(8);
    await settledView(page);
    expect(await prompt.count()).toBe(0);
    expect(page.url()).not.toContain('feature=');
    // A single tap on it still opens it.
    const again = await pixelOf(page, c.lon, c.lat);
    await page.touchscreen.tap(again.x, again.y);
    await expect.poll(() => prompt.textContent()).toContain('Berlin');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it("opens a user's own pending suggestion tapped on the map, and each of their suggestions from the list", async () => {
    const J = 'own-pending';
    const c = await city();
    const place = { lon: c.lon + 0.5, lat: c.lat - 0.4 };
    const stamp = Date.now().toString(36);
    await suggestCity(suite, USER, `Tapped ${stamp}`, [place.lon, place.lat]);
    await suggestCity(suite, USER, `Listed ${stamp}`, [place.lon + 1, place.lat + 0.5]);
    const tapIt = async (page: Page) => {
      // A tap made before the pending layer is drawn opened the country under it: close it first.
      const close = page.getByTestId('feature-prompt-close');
      if (await close.count()) {
        await close.tap();
        await close.waitFor({ state: 'detached' });
      }
      const at = await pixelOf(page, place.lon, place.lat);
      await page.touchscreen.tap(at.x, at.y);
    };
    const { context, page } = await openPhone(`${APP}#map=9.00/${place.lat}/${place.lon}`);
    // Signed out, the tap opens the country there. Its sheet leaves the map where it was: Germany is
    // taller than the map, so the tapped spot stays under the finger (its middle was moved up to
    // the free band, and the spot 630 px up, off the screen).
    const view = viewOf(page.url());
    await tapIt(page);
    await expect.poll(() => page.getByTestId('feature-prompt').textContent()).toContain('Germany');
    await settledView(page);
    expect(viewOf(page.url())).toEqual(view);
    const spot = await pixelOf(page, place.lon, place.lat);
    const sheetTop = (await page.getByTestId('feature-prompt').boundingBox())!.y;
    expect(spot.y).toBeGreaterThan(0);
    expect(spot.y).toBeLessThan(sheetTop);
    // The user's pending layers arrive with the login (SPEC §4): in the full suite their reload shares
    // the machine with every other project, so wait for their answer, then tap until they are drawn.
    const pendingLayer = context.waitForEvent('response', {
      predicate: (r) => {
        const url = new URL(r.url());
        return url.pathname === '/api/features' && (url.searchParams.get('layer') ?? '').endsWith('_diff');
      },
      timeout: 90_000,
    });
    await logIn(page, USER);
    await pendingLayer;
    const comparison = page.getByTestId('comparison-prompt');
    await expect.poll(async () => (await comparison.count()) || (await tapIt(page), 0), { timeout: 60_000, interval: 1500 }).toBe(1);
    const chosen = comparison.locator('[data-testid=compare-entry][aria-pressed=true]');
    await expect.poll(() => chosen.textContent()).toContain(`Tapped ${stamp}`);
    await shot(page, J, '1-tapped');
    // Another entry of the list opens that suggestion.
    await comparison.locator('[data-testid=compare-entry]', { hasText: `Listed ${stamp}` }).tap();
    await expect.poll(() => chosen.textContent()).toContain(`Listed ${stamp}`);
    expect(await comparison.locator('tr[data-property=name]').textContent()).toContain(`Listed ${stamp}`);
    await shot(page, J, '2-listed');
    await context.close();

    // Another user's suggestion is not theirs to open: the tap leaves nothing open.
    const other = await openPhone(`${APP}#map=9.00/${place.lat}/${place.lon}`);
    await logIn(other.page, ADMIN);
    await other.page.waitForTimeout(3000);
    await tapIt(other.page);
    await other.page.waitForTimeout(3000);
    await shot(other.page, J, '3-other-user');
    expect(await other.page.getByTestId('comparison-prompt').count()).toBe(0);
    expect(suite.pageErrors).toEqual([]);
    await other.context.close();
  });

  it('?auth=logout while signed in opens the logout, also after a reload, and leaves the address when closed', async () => {
    const J = 'auth';
    const { context, page } = await openPhone();
    await logIn(page, USER);
    await page.goto(`${suite.server.base}${APP}?auth=logout`);
    const dialog = page.getByTestId('auth-dialog');
    await expect.poll(() => dialog.getAttribute('data-tab'), { timeout: 15_000 }).toBe('logout');
    await shot(page, J, '1-logout');
    await page.reload();
    await expect.poll(() => dialog.getAttribute('data-tab'), { timeout: 15_000 }).toBe('logout');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('logout-submit').tap();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).searchParams.has('auth')).toBe(false);
    await shot(page, J, '2-logged-out');
    // Focus returns to the control that opened a dialog.
    await page.getByTestId('account-button').tap();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('account-button');
    await context.close();
  });

  it('shows an unregistered user no layer error, and one offline notice without a contradicting red one', async () => {
    const J = 'unregistered';
    const username = `phone_${Date.now().toString(36)}`;
    const password = 'p-pass-1234';
    const res = await fetch(`${suite.server.base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        password,
        confirmPassword: password,
        firstName: 'P',
        lastName: 'H',
        email: `${username}@example.org`,
      }),
    });
    expect(res.status).toBe(201);
    const { context, page } = await openPhone();
    await logIn(page, { username, password });
    await page.waitForTimeout(3000);
    await shot(page, J, '1-signed-in');
    expect(await page.getByTestId('app-error').count()).toBe(0);
    expect(await page.getByText('You are not allowed to do this.').count()).toBe(0);
    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor({ timeout: 40_000 });
    await page.getByTestId('edit-new').tap();
    await page.waitForTimeout(1500);
    await shot(page, J, '2-offline');
    expect(await page.getByTestId('offline-notice').count()).toBe(1);
    expect(await page.getByTestId('notification-error').count()).toBe(0);
    // The notice leaves the search field free.
    const notice = (await page.getByTestId('offline-notice').boundingBox())!;
    const search = (await page.getByTestId('search-input').boundingBox())!;
    expect(notice.y >= search.y + search.height || notice.y + notice.height <= search.y).toBe(true);
    // Nor My suggestions and the map's buttons, which are used offline too.
    for (const id of ['compare-open', 'location-button']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      const hit = await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid'),
        [box.x + box.width / 2, box.y + box.height / 2],
      );
      expect(hit, id).toBe(id);
    }
    expect(
      await page.locator('.ol-zoom-out').evaluate((e) => {
        const r = e.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === e;
      }),
    ).toBe(true);
    await context.setOffline(false);
    await context.close();
  });

  it('lists the pending suggestions readably for an admin at 360 px; Compare shows the comparison and the map', async () => {
    const J = 'admin';
    const { context, page } = await openPhone(`${APP}?mode=admin`);
    await logIn(page, ADMIN);
    await page.getByTestId('pending-open').tap();
    const row = page.getByTestId('queue-row').first();
    await row.waitFor({ timeout: 20_000 });
    await shot(page, J, '1-pending');
    expect(await seriousViolations(page)).toEqual([]);
    for (const id of ['queue-accept', 'queue-decline', 'queue-compare']) {
      const box = (await row.getByTestId(id).boundingBox())!;
      expect(box.height, id).toBeGreaterThanOrEqual(44);
      expect(await row.getByTestId(id).evaluate((e) => e.scrollWidth <= e.clientWidth + 1), id).toBe(true);
    }
    // The kind badge and the meta line are not cut to "G." / "su…".
    const badge = row.getByTestId('queue-kind');
    expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    await row.getByTestId('queue-compare').tap();
    const comparison = page.getByTestId('comparison-prompt');
    await comparison.waitFor();
    await page.waitForTimeout(800);
    await shot(page, J, '2-compare');
    expect(await page.getByTestId('pending-changes').count()).toBe(0);
    expect(await comparison.getAttribute('data-sheet')).toBe('bottom');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('has no serious accessibility violation on the map, its drawers, the overview and the not-found page, light and dark', async () => {
    const J = 'screens';
    const { context, page } = await openPhone();
    for (const scheme of ['light', 'dark'] as const) {
      await page.goto(`${suite.server.base}${APP}`);
      await mapReady(page);
      if (scheme === 'dark') {
        await page.getByTestId('settings-drawer-toggle').tap();
        await page.getByTestId('theme-switch').tap();
        await page.locator('[data-theme-mode=dark]').first().waitFor();
        await shot(page, J, 'settings-drawer-dark');
        expect(await seriousViolations(page), 'settings drawer dark').toEqual([]);
        await page.keyboard.press('Escape');
      }
      await shot(page, J, `map-${scheme}`);
      expect(await seriousViolations(page), `map ${scheme}`).toEqual([]);
      for (const side of ['left', 'right'] as const) {
        await page.getByTestId(`${side}-drawer-toggle`).tap();
        await page.getByTestId(`${side}-drawer`).waitFor();
        // No tab is an empty "Nothing to show here yet." (the right one leads a visitor to sign in).
        expect(await page.getByText('Nothing to show here yet.').count()).toBe(0);
        if (side === 'right') expect(await page.getByTestId('drawer-pending-open').textContent()).toBe('Log in');
        await shot(page, J, `${side}-drawer-${scheme}`);
        expect(await seriousViolations(page), `${side} drawer ${scheme}`).toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByTestId(`${side}-drawer`).waitFor({ state: 'hidden' });
        // The drawer gives the focus back to the button that opened it.
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(`${side}-drawer-toggle`);
      }
      await page.goto(`${suite.server.base}${APP}/overview`);
      await page.getByTestId('overview').waitFor();
      await page.locator(`[data-theme-mode=${scheme}]`).first().waitFor();
      await shot(page, J, `overview-${scheme}`);
      expect(await seriousViolations(page), `overview ${scheme}`).toEqual([]);
      await page.goto(`${suite.server.base}/no/such/page`);
      await page.getByTestId('not-found').waitFor();
      await page.locator(`[data-theme-mode=${scheme}]`).first().waitFor();
      await shot(page, J, `not-found-${scheme}`);
      expect(await seriousViolations(page), `not found ${scheme}`).toEqual([]);
    }
    await context.close();
  });
});
