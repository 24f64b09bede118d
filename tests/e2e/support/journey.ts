// What the issue-19 journey files share: a phone (360×740, touch) or desktop (1280×800) page on the
// demo app, logging in through the account dialog, the dark theme from the settings drawer, a
// Berlin feature to deep-link to, a screenshot per step named by journey and step, and the page pixel
// of a place in the view the address names.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DEMO_APP_KEY } from '../../../src/model/index.ts';
import { acceptCookies, type E2ESuite } from './server.ts';

// bypassCSP: axe-core is injected as a script tag, which the app's CSP (rightly) refuses.
export const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, bypassCSP: true } as const;
export const DESKTOP = { viewport: { width: 1280, height: 800 }, bypassCSP: true } as const;
export type Device = typeof PHONE | typeof DESKTOP;
export const APP = `/${DEMO_APP_KEY}`;

export const isPhone = (device: Device) => 'hasTouch' in device;

/** A new context and page on `path`, once the map has its features; `locale` sets the browser's language. */
export async function openApp(
  suite: E2ESuite,
  { device = PHONE as Device, path = APP, locale }: { device?: Device; path?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await suite.browser.newContext({ ...device, ...(locale ? { locale } : {}) });
  await acceptCookies(context, suite.server.base);
  const page = await context.newPage();
  page.on('pageerror', (e) => suite.pageErrors.push(e.message));
  await page.goto(`${suite.server.base}${path}`);
  await mapReady(page);
  return { context, page };
}

/**
 * Waits for the map's features-loaded flag (SPEC §4). A map that never gets there fails with what the
 * page said meanwhile (its last warnings and errors) and where the load stood, so a rare hang in a
 * full CI run can be told from a slow machine.
 */
export async function mapReady(page: Page, timeout = 90_000): Promise<void> {
  try {
    await page.locator('[data-testid=map][data-features-loaded]').waitFor({ timeout });
  } catch (err) {
    const said = (await page.consoleMessages().catch(() => []))
      .filter((m) => m.type() === 'warning' || m.type() === 'error')
      .slice(-15)
      .map((m) => `  ${m.type()}: ${m.text()}`);
    const map = await page
      .locator('[data-testid=map]')
      .evaluate((el) => `aria-busy=${el.getAttribute('aria-busy')} loading=${el.getAttribute('data-map-loading')}`)
      .catch(() => 'no map element');
    throw new Error(`the map's features did not load in ${timeout} ms (${map}); the page said:\n${said.join('\n') || '  nothing'}`, {
      cause: err,
    });
  }
}

/**
 * A tap on a touch device, a click elsewhere, once nothing is moving the control: a dialog opens
 * scaled from 0.85 (Fluent's surface motion), and a busy compositor can hold that animation at its
 * first frame long enough for Playwright to find the box "stable" there. Its tap point, the scaled
 * button's middle, is then above the full-size button (a sign-in in CI sent no request). A person taps
 * what has stopped moving.
 */
export async function press(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId);
  await target.evaluate(animationsMovingIt);
  await (isPhoneContext(page) ? target.tap() : target.click());
}

/** Resolves once every finite animation on the element or an ancestor has ended (or been cancelled). */
function animationsMovingIt(el: Element): Promise<unknown> {
  const moving = document.getAnimations().filter((a) => {
    const target = (a.effect as KeyframeEffect | null)?.target;
    return target?.contains(el) && Number.isFinite(a.effect?.getComputedTiming().endTime);
  });
  return Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
}

function isPhoneContext(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 600;
}

export interface LogInOptions {
  /** The test id of what opens the account dialog; null where it is open already. */
  opener?: string | null;
  /** Ticks "remember me" (SPEC §4) before signing in. */
  remember?: boolean;
}

/**
 * Signs in through the account dialog (SPEC §4 login) and waits for it to close. A dialog that stays
 * open fails with what the page knew: whether GET /api/login was answered and how, the inline error,
 * the fields' lengths, the button's state and the dialog's text, so that a rare CI failure says which
 * step went wrong.
 */
export async function logIn(
  page: Page,
  who: { username: string; password: string },
  { opener = 'account-button', remember = false }: LogInOptions = {},
): Promise<void> {
  if (opener) await press(page, opener);
  await page.getByTestId('field-username').fill(who.username);
  await page.getByTestId('field-password').fill(who.password);
  if (remember) await press(page, 'login-remember');
  let answer = 'no request to /api/login was sent';
  const isLogin = (url: string) => new URL(url).pathname.endsWith('/api/login');
  const watch = (r: { url(): string }) => isLogin(r.url()) && (answer = 'GET /api/login was sent and not answered');
  page.on('request', watch);
  const answered = page
    .waitForResponse((r) => isLogin(r.url()), { timeout: 45_000 })
    .then((r) => (answer = `GET /api/login answered ${r.status()}`))
    .catch(() => undefined);
  await press(page, 'login-submit');
  try {
    await page.getByTestId('auth-dialog').waitFor({ state: 'detached', timeout: 45_000 });
  } catch (err) {
    await answered;
    throw new Error(`the account dialog did not close after signing in as ${who.username}: ${answer}; ${await loginFormState(page)}`, {
      cause: err,
    });
  } finally {
    page.off('request', watch);
  }
}

/** What the login form shows now, in words, for a failed sign-in's message. */
function loginFormState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const q = (id: string) => document.querySelector<HTMLElement>(`[data-testid=${id}]`);
      const value = (id: string) => (q(id) as HTMLInputElement | null)?.value.length ?? 'no field';
      const dialog = q('auth-dialog');
      return [
        `tab=${dialog?.getAttribute('data-tab')}`,
        `error=${JSON.stringify(q('login-error')?.textContent ?? null)}`,
        `username length=${value('field-username')}`,
        `password length=${value('field-password')}`,
        `submit disabled=${(q('login-submit') as HTMLButtonElement | null)?.disabled}`,
        `dialog text=${JSON.stringify(dialog?.textContent?.slice(0, 300))}`,
      ].join(', ');
    })
    .catch((e: Error) => `the page could not be read: ${e.message}`);
}

/** Settings drawer → the theme switch; the choice is kept for the context (SPEC §2 settings). */
export async function switchToDark(page: Page): Promise<void> {
  await press(page, 'settings-drawer-toggle');
  await press(page, 'theme-switch');
  await page.locator('[data-theme-mode=dark]').first().waitFor();
}

export function shooter(suite: E2ESuite, journey: string) {
  return (page: Page, step: string) => page.screenshot({ path: join(suite.shots, `${journey}--${step}.png`) });
}

/** Berlin in the demo's cities layer: its gfid and place. */
export async function berlin(suite: E2ESuite): Promise<{ gfid: number; lon: number; lat: number; cityId: number }> {
  const res = await fetch(`${suite.server.base}/api/features?workspace=ws_demo&layer=cities&bbox=13.2,52.4,13.6,52.6`, {
    headers: { 'x-app-key': DEMO_APP_KEY },
  });
  const body = (await res.json()) as { features: { geometry: { coordinates: [number, number] }; properties: Record<string, unknown> }[] };
  const f = body.features.find((x) => x.properties.name === 'Berlin') ?? body.features[0]!;
  return {
    gfid: Number(f.properties.gfid),
    lon: f.geometry.coordinates[0],
    lat: f.geometry.coordinates[1],
    cityId: Number(f.properties.cityId),
  };
}

/** A pending suggestion of a new city by `who`, made through the API (SPEC §7 features/changes). */
export async function suggestCity(suite: E2ESuite, who: { username: string; password: string }, name: string, lonLat: [number, number]) {
  const res = await fetch(`${suite.server.base}/api/features/changes?workspace=ws_demo&layer=cities`, {
    method: 'POST',
    headers: {
      'x-app-key': DEMO_APP_KEY,
      'content-type': 'application/json',
      authorization: `Basic ${btoa(`${who.username}:${who.password}`)}`,
    },
    body: JSON.stringify({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: lonLat }, properties: { name } }],
    }),
  });
  if (res.status >= 300) throw new Error(`suggestion refused: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number };
}

// EPSG:3857 arithmetic, to find on screen a place the address (#map=zoom/lat/lon) puts there.
const R = 6378137;
const mercX = (lon: number) => (R * lon * Math.PI) / 180;
const mercY = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
const lonOf = (x: number) => (x / R) * (180 / Math.PI);
const latOf = (y: number) => (2 * Math.atan(Math.exp(y / R)) - Math.PI / 2) * (180 / Math.PI);
const resolutionAt = (zoom: number) => (2 * Math.PI * R) / 256 / 2 ** zoom;

/** The map's view centre after its last move (MapView's `data-view-center`). */
export async function viewCenter(page: Page): Promise<{ lon: number; lat: number }> {
  const [lon, lat] = ((await page.getByTestId('map').getAttribute('data-view-center')) ?? 'NaN,NaN').split(',').map(Number);
  return { lon: lon!, lat: lat! };
}

export function viewOf(url: string) {
  const m = /#map=([\d.]+)\/(-?[\d.]+)\/(-?[\d.]+)/.exec(url);
  if (!m) throw new Error(`no #map= in ${url}`);
  return { zoom: Number(m[1]), lat: Number(m[2]), lon: Number(m[3]) };
}

/** The page pixel of lon/lat in the view the address names. */
export async function pixelOf(page: Page, lon: number, lat: number) {
  const box = (await page.getByTestId('map').boundingBox())!;
  const v = viewOf(page.url());
  const res = resolutionAt(v.zoom);
  return {
    x: box.x + box.width / 2 + (mercX(lon) - mercX(v.lon)) / res,
    y: box.y + box.height / 2 - (mercY(lat) - mercY(v.lat)) / res,
  };
}

/** lon/lat under a page pixel in the view the address names. */
export async function lonLatAt(page: Page, x: number, y: number) {
  const box = (await page.getByTestId('map').boundingBox())!;
  const v = viewOf(page.url());
  const res = resolutionAt(v.zoom);
  return { lon: lonOf(mercX(v.lon) + (x - box.x - box.width / 2) * res), lat: latOf(mercY(v.lat) - (y - box.y - box.height / 2) * res) };
}
