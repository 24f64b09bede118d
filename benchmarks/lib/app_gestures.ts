// Scenario 14's interactions with an opened app, by real input (CDP touch and mouse events, as a
// user's drags, wheel turns and taps reach the page), the same for the product and the plain OL app:
//  - pan/zoom: drags and wheel zooms from the opened view for a given time; the main thread's rAF
//    intervals (the frames the user sees the page answer in) and its long tasks meanwhile;
//  - taps: each on a feature's pixel at a shared view (`#map=zoom/lat/lon`, the product's permalink,
//    which the plain page reads too), from the pointerdown to the frame that shows what the app opens
//    for it (the product's feature prompt, the plain page's popup), seen by a MutationObserver.
import type { CDPSession, Page } from 'playwright-core';
import { prng } from '../data/generate.ts';
import { setThrottle } from './cdp.ts';
import { percentile } from './stats.ts';

/** What a tap opens in an app (Escape closes it) and what stands in front of the map at first. */
export interface TapUi {
  prompt: string;
  /** A control to press once before the gestures when it is shown (the product's cookie banner). */
  dismiss?: string;
}

export const MAPDRAFT_UI: TapUi = {
  prompt: '[data-testid="feature-prompt"]',
  dismiss: '[data-testid="cookie-decline"]',
};
export const PLAIN_OL_UI: TapUi = { prompt: '#popup' };

export interface MapPosition {
  zoom: number;
  lat: number;
  lon: number;
}

type Box = { left: number; top: number; width: number; height: number };

/** The main map's viewport (the largest `.ol-viewport`) in CSS px. */
function mapBox(page: Page): Promise<Box> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.ol-viewport')].map((e) => e.getBoundingClientRect());
    const r = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (!r) throw new Error('no OpenLayers map on the page');
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  });
}

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, Math.max(0, ms)));
/** Between one tap's release and the next: more than OpenLayers' double-click interval (250 ms). */
const TAP_GAP_MS = 300;

async function mouse(
  cdp: CDPSession,
  type: 'mouseMoved' | 'mousePressed' | 'mouseReleased' | 'mouseWheel',
  x: number,
  y: number,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await cdp.send('Input.dispatchMouseEvent', { type, x, y, button: 'left', ...extra });
}

async function touch(cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number): Promise<void> {
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
}

/**
 * A one-finger drag by (dx, dy) over `ms`: a move every 16 ms, not waiting for the page to take each
 * one, as a finger moves on while the page is busy (the browser hands a busy page the moves it holds
 * at its next frame). Mouse moves each awaited held the pointer still until a busy page took the
 * first, which at 4× lasted over the 600 ms of a long press: the map's menu opened mid-pan.
 */
export async function fingerDrag(cdp: CDPSession, from: { x: number; y: number }, dx: number, dy: number, ms: number): Promise<void> {
  const sent = [touch(cdp, 'touchStart', from.x, from.y)];
  const begin = Date.now();
  for (let u = 0; u < 1; ) {
    await sleep(16);
    u = Math.min(1, (Date.now() - begin) / ms);
    sent.push(touch(cdp, 'touchMove', from.x + dx * u, from.y + dy * u));
  }
  sent.push(touch(cdp, 'touchEnd', from.x + dx, from.y + dy));
  await Promise.all(sent);
}

export interface PanStats {
  rafP95Ms: number;
  frames: number;
  longTasks: number;
  longTaskMaxMs: number;
}

declare global {
  interface Window {
    __benchRaf?: {
      deltas: number[];
      longTasks: number[];
      on: boolean;
      last: number;
      tick: (t: number) => void;
      observer: PerformanceObserver;
    };
    __benchTap?: Promise<{ down: number; shown: number }>;
  }
}

/**
 * Drags and wheel zooms for `durationMs` at CDP main-thread slowdown `rate`: cycles of a 160 px
 * one-finger drag (0.8 s), a wheel notch in, the drag back, a notch out, each cycle's direction
 * turned by 75°. The drag's moves follow the clock.
 */
export async function panZoom(page: Page, cdp: CDPSession, durationMs: number, rate: number): Promise<PanStats> {
  const box = await mapBox(page);
  const cx = box.left + box.width / 2;
  const cy = box.top + box.height / 2;
  // Functions run in the page name no local function: tsx's keepNames would wrap them in a `__name` the page lacks.
  await page.evaluate(() => {
    const rec = { deltas: [], longTasks: [], on: true, last: -1 } as unknown as NonNullable<Window['__benchRaf']>;
    rec.tick = (t: number) => {
      if (!rec.on) return;
      if (rec.last >= 0) rec.deltas.push(t - rec.last);
      rec.last = t;
      requestAnimationFrame(rec.tick);
    };
    rec.observer = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) rec.longTasks.push(e.duration);
    });
    rec.observer.observe({ type: 'longtask' });
    window.__benchRaf = rec;
    requestAnimationFrame(rec.tick);
  });
  await setThrottle(cdp, rate);
  const start = Date.now();
  const left = () => durationMs - (Date.now() - start);
  const drag = (angle: number) => fingerDrag(cdp, { x: cx, y: cy }, Math.cos(angle) * 160, Math.sin(angle) * 160, 800);
  const wheel = async (deltaY: number) => {
    await mouse(cdp, 'mouseWheel', cx, cy, { button: 'none', deltaX: 0, deltaY });
    await sleep(200);
  };
  try {
    for (let cycle = 0; left() > 0; cycle++) {
      const angle = (cycle * 75 * Math.PI) / 180;
      for (const step of [() => drag(angle), () => wheel(-100), () => drag(angle + Math.PI), () => wheel(100)]) {
        if (left() <= 0) break;
        await step();
      }
    }
  } finally {
    await setThrottle(cdp, 1);
  }
  const { deltas, longTasks } = await page.evaluate(() => {
    const rec = window.__benchRaf!;
    rec.on = false;
    // A page still busy when the gesture ends has shown nothing since its last frame: that interval counts too.
    if (rec.last >= 0) rec.deltas.push(performance.now() - rec.last);
    // Entries of tasks that ended but whose observer callback has not run yet (a busy page delays it).
    for (const e of rec.observer.takeRecords()) rec.longTasks.push(e.duration);
    rec.observer.disconnect();
    return { deltas: rec.deltas, longTasks: rec.longTasks };
  });
  return {
    rafP95Ms: percentile(deltas, 95),
    frames: deltas.length,
    longTasks: longTasks.length,
    longTaskMaxMs: Math.max(0, ...longTasks),
  };
}

/** Puts the map at `at` the way a pasted link does (hashchange), then lets it draw. */
export async function showPosition(page: Page, at: MapPosition): Promise<void> {
  await page.evaluate((h) => {
    window.location.hash = h;
  }, `#map=${at.zoom}/${at.lat}/${at.lon}`);
  await page.waitForTimeout(1_500);
}

/**
 * CSS pixels of the given lon/lat points on the page's map at its current view (read back from the
 * address, which the product rewrites after every move), keeping those in the upper half of the map
 * (a tap's sheet covers the lower part) where nothing but the map takes the tap: [index, x, y].
 */
function clearPixels(page: Page, lonLats: [number, number][], fallback: MapPosition): Promise<[number, number, number][]> {
  return page.evaluate(
    ([points, at]) => {
      const [z, la, lo] = (new URLSearchParams(window.location.hash.slice(1)).get('map') ?? '').split('/').map(Number);
      const view = [z, la, lo].every(Number.isFinite) ? { zoom: z, lat: la, lon: lo } : at;
      const boxes = [...document.querySelectorAll('.ol-viewport')].sort(
        (a, b) => b.clientWidth * b.clientHeight - a.clientWidth * a.clientHeight,
      );
      const viewport = boxes[0];
      const r = viewport.getBoundingClientRect();
      // EPSG:3857 as OpenLayers' default view has it: 256 px tiles, zoom factor 2.
      const R = 6378137;
      const res = (2 * Math.PI * R) / 256 / 2 ** view.zoom;
      const mx0 = (R * view.lon * Math.PI) / 180;
      const my0 = R * Math.log(Math.tan(Math.PI / 4 + (view.lat * Math.PI) / 360));
      const out: [number, number, number][] = [];
      points.forEach(([lon, lat], i) => {
        const mx = (R * lon * Math.PI) / 180;
        const my = R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
        const x = r.left + r.width / 2 + (mx - mx0) / res;
        const y = r.top + r.height / 2 - (my - my0) / res;
        if (x < r.left + 12 || x > r.right - 12 || y < r.top + 12 || y > r.top + r.height / 2) return;
        const hit = document.elementFromPoint(x, y);
        if (!hit || !viewport.contains(hit) || hit.closest('.ol-control, .ol-overlay-container, button, [role="dialog"]')) return;
        out.push([i, x, y]);
      });
      return out;
    },
    [lonLats, fallback] as const,
  );
}

export interface TapStats {
  p95Ms: number;
  medianMs: number;
  taps: number;
  /** Taps whose prompt did not show within the time-out. */
  misses: number;
  /** Each shown tap's latency in order, ms. */
  latenciesMs: number[];
  /** Each shown tap's pointer-down and shown times in the page's clock, ms. */
  windowsMs: [number, number][];
}

/**
 * `count` taps at CDP slowdown `rate` on features seeded-picked among `lonLats` that lie clear on
 * the map at `at`: tap → the prompt visible in a frame, then Escape closes it, and the next tap.
 */
export async function tapFeatures(
  page: Page,
  cdp: CDPSession,
  ui: TapUi,
  at: MapPosition,
  lonLats: [number, number][],
  count: number,
  rate: number,
  timeoutMs = 30_000,
): Promise<TapStats> {
  await showPosition(page, at);
  const clear = await clearPixels(page, lonLats, at);
  // Nothing to tap at this view: every tap counts as missed (the results show it), the run goes on.
  if (!clear.length) return { p95Ms: Number.NaN, medianMs: Number.NaN, taps: 0, misses: count, latenciesMs: [], windowsMs: [] };
  const rand = prng(17);
  const picked = Array.from({ length: count }, () => lonLats[clear[Math.floor(rand() * clear.length)][0]]);
  const latencies: number[] = [];
  const windows: [number, number][] = [];
  let misses = 0;
  let lastClick = 0;
  await setThrottle(cdp, rate);
  try {
    for (const lonLat of picked) {
      // Where the feature is now: a tap's sheet may have moved the view to keep the last one in sight.
      const [where] = await clearPixels(page, [lonLat], at);
      if (!where) continue;
      await page.evaluate((sel) => {
        window.__benchTap = new Promise((resolve) => {
          let down = Number.NaN;
          addEventListener(
            'pointerdown',
            (e) => {
              down = e.timeStamp;
            },
            { capture: true, once: true },
          );
          const watch = new MutationObserver(() => {
            if ((document.querySelector(sel)?.getClientRects().length ?? 0) === 0) return;
            watch.disconnect();
            requestAnimationFrame(() => resolve({ down, shown: performance.now() }));
          });
          watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class'] });
        });
      }, ui.prompt);
      const [, x, y] = where;
      // Two clicks closer than OpenLayers' 250 ms are a double click (a zoom), not two taps: an app that
      // answers at once would get the next tap before that interval is over.
      await sleep(lastClick + TAP_GAP_MS - Date.now());
      // The pointer comes to the feature first, then presses.
      await mouse(cdp, 'mouseMoved', x, y, { button: 'none' });
      await mouse(cdp, 'mousePressed', x, y, { clickCount: 1, buttons: 1 });
      await mouse(cdp, 'mouseReleased', x, y, { clickCount: 1, buttons: 0 });
      lastClick = Date.now();
      const seen = await Promise.race([page.evaluate(() => window.__benchTap!), sleep(timeoutMs).then(() => null)]);
      if (!seen) {
        misses++;
        continue;
      }
      latencies.push(seen.shown - seen.down);
      windows.push([seen.down, seen.shown]);
      // Closed by the keyboard: a click on a close button inside OpenLayers' overlay left the plain
      // page's click emulation pending, and the next tap became a double-click zoom.
      await page.keyboard.press('Escape');
      await page.waitForFunction((sel) => (document.querySelector(sel)?.getClientRects().length ?? 0) === 0, ui.prompt, {
        timeout: timeoutMs,
      });
    }
  } finally {
    await setThrottle(cdp, 1);
  }
  return {
    p95Ms: percentile(latencies, 95),
    medianMs: percentile(latencies, 50),
    taps: latencies.length,
    misses,
    latenciesMs: latencies,
    windowsMs: windows,
  };
}

/** Presses `ui.dismiss` when it is shown (the cookie banner a fresh profile's first visits carry). */
export async function dismissBanner(page: Page, ui: TapUi): Promise<void> {
  if (ui.dismiss && (await page.locator(ui.dismiss).isVisible())) await page.click(ui.dismiss);
}
