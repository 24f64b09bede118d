// Keyboard journeys (issue 19) on a 1280×800 desktop: every dialog, drawer, sheet and the map's
// context menu is reached with Tab and opened with Enter, closes with Escape, and gives the focus
// back to the control that opened it (or, when that control left with its drawer, to the drawer's
// toggle). The map pans with the arrow keys and zooms with + and -, as its address (#map=) shows.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ADMIN, USER, e2eSuite } from './support/server.ts';
import { APP, DESKTOP, berlin, openApp, shooter, suggestCity } from './support/journey.ts';

const suite = e2eSuite('mapdraft-dialog-shots');
const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null);

/** Tabs forward (or, in a menu, arrows down) until the control is focused: it is reachable with the keyboard. */
async function tabTo(page: Page, testId: string, key = 'Tab', most = 80): Promise<void> {
  for (let i = 0; i < most; i++) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)) === testId) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${testId} was not reached with Tab (focus on ${await focusedTestId(page)})`);
}

/** Opens `surface` with `key` on `opener`, closes it with Escape, expects the focus on `back`. */
async function roundTrip(
  page: Page,
  opener: string,
  surface: string,
  { back = opener, key = 'Enter', move = 'Tab', whenOpen = async () => {} } = {},
) {
  await tabTo(page, opener, move);
  await page.keyboard.press(key);
  await page.getByTestId(surface).waitFor();
  await whenOpen();
  await page.screenshot({ path: join(suite.shots, `keyboard--${surface}.png`) });
  await page.keyboard.press('Escape');
  await page.getByTestId(surface).waitFor({ state: 'hidden' });
  await expect.poll(() => focusedTestId(page), { message: `focus after ${surface}` }).toBe(back);
}

function view(page: Page) {
  const m = /#map=([\d.]+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(page.url());
  if (!m) throw new Error(`no #map= in ${page.url()}`);
  return { zoom: Number(m[1]), lat: Number(m[2]), lon: Number(m[3]) };
}

describe('keyboard journeys (1280×800)', () => {
  it('opens every dialog with the keyboard, closes it with Escape and returns the focus to its opener', async () => {
    const c = await berlin(suite);
    await suggestCity(suite, USER, 'Keyboard town', [c.lon + 0.3, c.lat - 0.1]);
    const { context, page } = await openApp(suite, { device: DESKTOP, path: `${APP}?mode=admin` });
    const step = shooter(suite, 'keyboard');

    // A visitor: the account dialog; the settings dialog and the about dialog from the settings
    // drawer, whose entry leaves with the drawer (the focus goes back to the drawer's toggle).
    await roundTrip(page, 'account-button', 'auth-dialog');
    await roundTrip(page, 'settings-drawer-toggle', 'settings-drawer');
    for (const [entry, surface] of [
      ['settings-entry-general', 'settings-dialog'],
      ['settings-entry-about', 'about-dialog'],
    ]) {
      await tabTo(page, 'settings-drawer-toggle');
      await page.keyboard.press('Enter');
      await page.getByTestId('settings-drawer').waitFor();
      // The entries are a menu: Tab reaches it, the arrow keys go through it.
      await tabTo(page, 'settings-entry-general');
      await roundTrip(page, entry, surface, { back: 'settings-drawer-toggle', move: 'ArrowDown' });
    }

    // Log in with the keyboard alone.
    await tabTo(page, 'account-button');
    await page.keyboard.press('Enter');
    await page.getByTestId('field-username').fill(ADMIN.username);
    await page.getByTestId('field-password').fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.getByTestId('auth-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => focusedTestId(page)).toBe('account-button');

    // A feature found with the search field opens its prompt; Escape gives the field back.
    await tabTo(page, 'search-input');
    await page.keyboard.type('Berlin');
    await page.getByTestId('search-result').first().waitFor();
    await page.keyboard.press('Enter');
    const prompt = page.getByTestId('feature-prompt');
    await prompt.waitFor();
    await step(page, 'feature-prompt');
    // In the prompt: the attachments tab, its add dialog.
    // The prompt took the focus; its tabs are one stop, the arrow keys choose among them.
    expect(await focusedTestId(page)).toBe('feature-prompt');
    await tabTo(page, 'feature-tab-properties');
    await tabTo(page, 'feature-tab-attachments', 'ArrowRight');
    await page.keyboard.press('Enter');
    await roundTrip(page, 'add-comments', 'add-comments-dialog');
    await page.keyboard.press('Escape');
    await prompt.waitFor({ state: 'hidden' });
    await expect.poll(() => focusedTestId(page)).toBe('search-input');

    // The admin's pending list, a decline's confirmation in it, the comparison.
    await tabTo(page, 'pending-open');
    await page.keyboard.press('Enter');
    await page.getByTestId('queue-row').first().waitFor({ timeout: 20_000 });
    await roundTrip(page, 'queue-decline', 'confirm-dialog');
    await page.keyboard.press('Escape');
    await page.getByTestId('pending-changes').waitFor({ state: 'hidden' });
    await expect.poll(() => focusedTestId(page)).toBe('pending-open');
    await roundTrip(page, 'compare-open', 'comparison-prompt');

    // The map's context menu: Shift+F10 on the focused map, Escape gives the map back.
    await roundTrip(page, 'map', 'map-context-menu', {
      key: 'Shift+F10',
      whenOpen: async () => expect(await focusedTestId(page)).toMatch(/^map-menu-/),
    });

    // The overview: an app's settings and a new app.
    await page.goto(`${suite.server.base}${APP}/overview`);
    await page.getByTestId('overview-app').first().waitFor();
    await roundTrip(page, 'app-settings', 'app-settings-dialog');
    await roundTrip(page, 'create-app', 'create-app-dialog');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });

  it('pans the focused map with the arrow keys and zooms it with + and -', async () => {
    const { context, page } = await openApp(suite, { device: DESKTOP, path: `${APP}#map=5.00/50.00000/10.00000` });
    await tabTo(page, 'map');
    const start = view(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => view(page).lon).toBeGreaterThan(start.lon);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => view(page).lat).toBeGreaterThan(start.lat);
    await page.keyboard.press('+');
    await expect.poll(() => view(page).zoom).toBeGreaterThan(start.zoom);
    const zoomed = view(page).zoom;
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect.poll(() => view(page).zoom).toBeLessThan(zoomed);
    await shooter(suite, 'keyboard')(page, 'map-panned-zoomed');
    await context.close();
  });
});
