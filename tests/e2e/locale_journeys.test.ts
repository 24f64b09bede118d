// The main journeys in each of the four languages (issue 19, SPEC §1) on a 360×740 touch phone: the
// language chosen in the settings, the drawers, the settings and account dialogs, a feature's prompt
// with every tab, a new point's form and its confirmation, the user's own suggestions. On every step:
// no English text of ours in a French, Spanish or German UI (a key missing in that language, a plural
// form, a hard-coded string), no raw i18n key, and no button or tab whose label is cut. A screenshot
// per step, named by language, journey and step.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_APP_KEY, LOCALES, type Locale } from '../../src/model/index.ts';
import { ROOT, USER, e2eSuite } from './support/server.ts';
import { APP, PHONE, berlin, logIn, openApp, press, suggestCity } from './support/journey.ts';

const suite = e2eSuite('mapdraft-locale-shots');

type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[prefix + k, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
/** Every label the settings button has had since the page started (a string: run as the page loads). */
const RECORD_SETTINGS_LABELS = `
  window.__settingsLabels = [];
  setInterval(() => {
    const label = document.querySelector('[data-testid=settings-drawer-toggle]')?.getAttribute('aria-label');
    const seen = window.__settingsLabels;
    if (label && label !== seen[seen.length - 1]) seen.push(label);
  }, 5);
`;
const catalogue = (locale: Locale) => new Map(flatten(JSON.parse(readFileSync(join(ROOT, `src/i18n/locales/${locale}.json`), 'utf8'))));

/**
 * English texts that cannot be right in `locale`: the English of every key the language translates
 * differently, unless the language uses those very words somewhere (a name, "Email"), or the app's
 * data does (`data`: the owner's property labels, "Name", are theirs, in their language).
 */
function englishOnly(locale: Locale, data: string[]): string[] {
  const en = catalogue('en_US');
  const own = catalogue(locale);
  const allowed = new Set([...own.values(), ...data]);
  return [...en]
    .filter(([key, text]) => own.get(key) !== text && !allowed.has(text) && !text.includes('{{') && text.length > 3)
    .map(([, text]) => text);
}

/** The demo cities layer's property labels (SPEC §3 feature model), as its owner wrote them. */
async function cityLabels(): Promise<string[]> {
  const res = await fetch(`${suite.server.base}/api/apps/layers/cities/featuremodel?appkey=${DEMO_APP_KEY}`, {
    headers: { 'x-app-key': DEMO_APP_KEY },
  });
  const model = (await res.json()) as { properties: { label: string }[] };
  return model.properties.map((p) => p.label);
}

/** What a user would stumble on in the page now: English leftovers, raw keys, cut labels. */
function problems(page: Page, english: string[]) {
  return page.evaluate((englishTexts) => {
    const english = new Set(englishTexts);
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if (!text || !el || !visible(el) || el.closest('.ol-attribution, [data-testid=data-credits]')) continue;
      if (english.has(text)) found.push(`English: "${text}"`);
      if (/^[a-z][a-zA-Z]*(\.[a-zA-Z_]+)+$/.test(text)) found.push(`raw key: "${text}"`);
    }
    // Words not on screen but read out or shown on hover: labels, placeholders, tooltips.
    for (const el of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const text = el.getAttribute(name)?.trim();
        if (text && english.has(text)) found.push(`English ${name}: "${text}"`);
      }
    }
    for (const el of document.querySelectorAll('button, [role=tab], a')) {
      // The words shown: an icon button whose words are hidden on a phone has none to cut.
      const label = (el as HTMLElement).innerText.trim();
      if (!label || !visible(el)) continue;
      // A label cut by its own box, or by an inner span that ellipsises it.
      const cut = [el, ...el.querySelectorAll('span')].some(
        (e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible',
      );
      if (cut) found.push(`cut: "${label}"`);
    }
    return [...new Set(found)];
  }, english);
}

describe.each(LOCALES.map((l) => [l]))('journeys in %s at 360×740', (locale) => {
  it('shows every step in the language, with whole labels', async () => {
    const english = locale === 'en_US' ? [] : englishOnly(locale, await cityLabels());
    const c = await berlin(suite);
    await suggestCity(suite, USER, `Locale ${locale}`, [c.lon - 0.2, c.lat + 0.15]);
    const { context, page } = await openApp(suite, { device: PHONE });
    const check = async (journey: string, step: string) => {
      await page.screenshot({ path: join(suite.shots, `${locale}--${journey}--${step}.png`) });
      expect.soft(await problems(page, english), `${journey} ${step}`).toEqual([]);
    };

    // Settings: the language, then each tab of the dialog in it.
    await press(page, 'settings-drawer-toggle');
    await press(page, 'settings-entry-general');
    await page.getByTestId('language-select').selectOption(locale);
    await page.locator(`html[lang^=${locale.slice(0, 2)}]`).waitFor();
    for (const tab of ['general', 'time', 'map', 'layer']) {
      await page.getByTestId(`settings-tab-${tab}`).tap();
      await page.locator(`[data-testid=settings-dialog][data-tab=${tab}]`).waitFor();
      await check('settings', tab);
    }
    await page.keyboard.press('Escape');
    await check('map', 'visitor');
    await press(page, 'settings-drawer-toggle');
    await check('map', 'settings-drawer');
    await page.keyboard.press('Escape');
    for (const side of ['left', 'right'] as const) {
      await press(page, `${side}-drawer-toggle`);
      const tabs = page.getByTestId(`${side}-drawer`).getByRole('tab');
      await tabs.first().waitFor();
      for (let i = 0; i < (await tabs.count()); i++) {
        await tabs.nth(i).tap();
        await check('drawers', `${side}-${i}`);
      }
      await page.keyboard.press('Escape');
      await page.getByTestId(`${side}-drawer`).waitFor({ state: 'hidden' });
    }

    // The account dialog, then signing in.
    await press(page, 'account-button');
    for (const tab of ['login', 'register', 'reset']) {
      await page.getByTestId(`auth-tab-${tab}`).tap();
      await check('account', tab);
    }
    await page.getByTestId('auth-tab-login').tap();
    await logIn(page, USER, { opener: null });
    await check('map', 'signed-in');

    // A feature's prompt, every tab, in the app opened again: in the language from its first paint,
    // not in English until the stored settings are read (issue 17).
    await page.addInitScript({ content: RECORD_SETTINGS_LABELS });
    await page.goto(`${suite.server.base}${APP}#map=6.00/${c.lat - 3}/${c.lon}&feature=cities/${c.gfid}`);
    await page.reload(); // a new hash alone is no new page load
    await page.getByTestId('feature-prompt').waitFor();
    expect(await page.evaluate('window.__settingsLabels')).toEqual([catalogue(locale).get('settings.title')]);
    for (const tab of ['properties', 'attachments', 'images', 'history', 'observations']) {
      await page.getByTestId(`feature-tab-${tab}`).tap();
      await page.waitForTimeout(300);
      await check('feature', tab);
    }
    await press(page, 'feature-prompt-close');

    // A new point: its form and the confirmation, then the user's own suggestions.
    await press(page, 'edit-new');
    await page.getByTestId('edit-drawing').waitFor();
    await check('new-point', 'drawing');
    await page.touchscreen.tap(180, 300);
    await page.getByTestId('draft-panel').waitFor();
    await page.waitForTimeout(600);
    await check('new-point', 'form');
    await page.getByTestId('edit-name').fill(`Point ${locale}`);
    await press(page, 'edit-submit');
    await page.getByTestId('confirm-dialog').waitFor();
    await check('new-point', 'confirm');
    await press(page, 'confirm-ok');
    await page.getByTestId('draft-panel').waitFor({ state: 'detached' });
    await check('new-point', 'sent');
    await press(page, 'compare-open');
    await page.getByTestId('compare-entry').first().waitFor({ timeout: 15_000 });
    await check('suggestions', 'mine');
    expect(suite.pageErrors).toEqual([]);
    await context.close();
  });
});
