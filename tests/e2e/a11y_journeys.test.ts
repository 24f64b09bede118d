// axe-core over every screen and dialog (issue 19), in the light and the dark theme, on a 360×740
// touch phone and on a 1280×800 desktop: the map, each drawer tab, the settings drawer, each tab of
// the settings and account dialogs, the about dialog, each tab of a feature's prompt, the add dialog,
// the admin's pending list, its confirmation and the comparison, the overview with the app settings
// dialog's tabs, and the not-found page. Zero critical or serious violations. A screenshot per step.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe.ts';
import { ADMIN, USER, e2eSuite } from './support/server.ts';
import {
  APP,
  DESKTOP,
  PHONE,
  type Device,
  berlin,
  isPhone,
  logIn,
  mapReady,
  openApp,
  press,
  shooter,
  suggestCity,
} from './support/journey.ts';

const suite = e2eSuite('mapdraft-a11y-shots');

// Soft: one run lists every screen that fails.
async function clean(page: Page, what: string) {
  expect.soft(await seriousViolations(page), what).toEqual([]);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as [string, Device][])('accessibility on a %s', (name, device) => {
  it.each(['light', 'dark'] as const)('has no serious violation on any screen or dialog, %s theme', async (theme) => {
    const shot = shooter(suite, `a11y-${name}-${theme}`);
    const c = await berlin(suite);
    await suggestCity(suite, USER, `A11y ${name} ${theme}`, [c.lon + 0.2, c.lat + 0.1]);
    const { context, page } = await openApp(suite, { device });
    // The stored theme applies once the settings are read, a moment after a page loads.
    const themed = () => page.locator(`[data-theme-mode=${theme}]`).first().waitFor();
    const closeWithEscape = async (testId: string) => {
      await page.keyboard.press('Escape');
      await page.getByTestId(testId).waitFor({ state: 'hidden' });
    };

    // The settings drawer (where the theme is switched).
    await press(page, 'settings-drawer-toggle');
    await page.getByTestId('settings-drawer').waitFor();
    if (theme === 'dark') {
      await press(page, 'theme-switch');
      await page.locator('[data-theme-mode=dark]').first().waitFor();
    }
    await shot(page, 'settings-drawer');
    await clean(page, 'settings drawer');
    await closeWithEscape('settings-drawer');
    await shot(page, 'map');
    await clean(page, 'map');

    // Each drawer, each tab.
    for (const side of ['left', 'right'] as const) {
      await press(page, `${side}-drawer-toggle`);
      const drawer = page.getByTestId(`${side}-drawer`);
      await drawer.waitFor();
      const tabs = drawer.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).click();
        await shot(page, `${side}-drawer-${i}`);
        await clean(page, `${side} drawer tab ${i}`);
      }
      // An overlay (phone) closes with Escape, the desktop's inline drawer with its toggle.
      if (isPhone(device)) await page.keyboard.press('Escape');
      else await press(page, `${side}-drawer-toggle`);
      await drawer.waitFor({ state: 'hidden' });
    }

    // The settings dialog, each tab; the about dialog.
    await press(page, 'settings-drawer-toggle');
    await press(page, 'settings-entry-general');
    for (const tab of ['general', 'time', 'map', 'layer']) {
      await page.getByTestId(`settings-tab-${tab}`).click();
      await page.locator(`[data-testid=settings-dialog][data-tab=${tab}]`).waitFor();
      await shot(page, `settings-${tab}`);
      await clean(page, `settings ${tab}`);
    }
    await closeWithEscape('settings-dialog');
    await press(page, 'settings-drawer-toggle');
    await press(page, 'settings-entry-about');
    await page.getByTestId('about-dialog').waitFor();
    await shot(page, 'about');
    await clean(page, 'about');
    await closeWithEscape('about-dialog');

    // The account dialog of a visitor, each tab.
    await press(page, 'account-button');
    for (const tab of ['login', 'register', 'reset']) {
      await page.getByTestId(`auth-tab-${tab}`).click();
      await page.locator(`[data-testid=auth-dialog][data-tab=${tab}]`).waitFor();
      await shot(page, `auth-${tab}`);
      await clean(page, `auth ${tab}`);
    }
    await closeWithEscape('auth-dialog');

    // A feature's prompt, each tab, and the add dialog of a signed-in user.
    await page.goto(`${suite.server.base}${APP}?mode=admin#map=6.00/${c.lat}/${c.lon}&feature=cities/${c.gfid}`);
    await mapReady(page);
    await themed();
    await logIn(page, ADMIN);
    const prompt = page.getByTestId('feature-prompt');
    await prompt.waitFor();
    for (const tab of ['properties', 'attachments', 'images', 'history', 'observations']) {
      await page.getByTestId(`feature-tab-${tab}`).click();
      await page.waitForTimeout(300);
      await shot(page, `prompt-${tab}`);
      await clean(page, `prompt ${tab}`);
    }
    await page.getByTestId('feature-tab-attachments').click();
    await page.getByTestId('add-comments').click();
    await page.getByTestId('add-comments-dialog').waitFor();
    await shot(page, 'add-comment');
    await clean(page, 'add comment');
    await closeWithEscape('add-comments-dialog');
    await page.getByTestId('feature-prompt-close').click();

    // The account dialog of a user, each tab.
    await press(page, 'account-button');
    for (const tab of ['userInformation', 'changePassword', 'logout']) {
      await page.getByTestId(`auth-tab-${tab}`).click();
      await page.locator(`[data-testid=auth-dialog][data-tab=${tab}]`).waitFor();
      await shot(page, `auth-${tab}`);
      await clean(page, `auth ${tab}`);
    }
    await closeWithEscape('auth-dialog');

    // The pending list, a decline's confirmation, the comparison.
    await press(page, 'pending-open');
    const row = page.getByTestId('queue-row').first();
    await row.waitFor({ timeout: 20_000 });
    await shot(page, 'pending');
    await clean(page, 'pending list');
    await row.getByTestId('queue-decline').click();
    await page.getByTestId('confirm-dialog').waitFor();
    // Scanned once its entrance has finished: a button still fading in reads as low contrast.
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await shot(page, 'confirm');
    await clean(page, 'confirm');
    await closeWithEscape('confirm-dialog');
    await row.getByTestId('queue-compare').click();
    await page.getByTestId('comparison-prompt').waitFor();
    await page.waitForTimeout(500);
    await shot(page, 'comparison');
    await clean(page, 'comparison');

    // The overview and an app's settings, each tab; the not-found page.
    await page.goto(`${suite.server.base}${APP}/overview`);
    await page.getByTestId('overview').waitFor();
    await page.getByTestId('overview-app').first().waitFor();
    await themed();
    await shot(page, 'overview');
    await clean(page, 'overview');
    await page.getByTestId('app-settings').first().click();
    const settings = page.getByTestId('app-settings-dialog');
    for (const tab of ['customise', 'baseLayers', 'layers', 'workspaces']) {
      await settings.getByTestId(`settings-tab-${tab}`).click();
      await page.waitForTimeout(300);
      await shot(page, `app-settings-${tab}`);
      await clean(page, `app settings ${tab}`);
    }
    await closeWithEscape('app-settings-dialog');
    await page.goto(`${suite.server.base}/no/such/page`);
    await page.getByTestId('not-found').waitFor();
    await themed();
    await shot(page, 'not-found');
    await clean(page, 'not found');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
