// Scenario 14's visits: one page of a browser profile opened from navigation start to an app's
// "features drawn" mark (the product's `mapdraft:features-drawn`, the plain OL app's
// `baseline:features-drawn`), with the main thread's long tasks recorded from the very start.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { cdpFor, setThrottle } from './cdp.ts';

export interface Open {
  drawnMs: number;
  firstPaintMs: number;
  features: number;
  /** Long tasks from the first paint to drawn. */
  longTasks: number;
  longTaskMaxMs: number;
}

declare global {
  interface Window {
    /** [startTime, duration] of every main-thread long task since navigation. */
    __benchLongTasks?: [number, number][];
  }
}

/**
 * One visit in `context`: navigation start → `mark`, with the long tasks and the first paint. The
 * main thread runs at CDP slowdown `rate` until the mark; `after` then gets the page (throttle off)
 * and its CDP session, before the page closes.
 */
export async function openOnce(
  context: BrowserContext,
  url: string,
  mark: string,
  rate: number,
  timeoutMs: number,
  after?: (page: Page, cdp: CDPSession) => Promise<void>,
): Promise<Open> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      window.__benchLongTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await cdpFor(page);
    await setThrottle(cdp, rate);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (name) => {
        const drawn = performance.getEntriesByName(name)[0] as PerformanceMark | undefined;
        if (!drawn) return null;
        const paints = performance.getEntriesByType('paint');
        const paint = (paints.find((p) => p.name === 'first-paint') ?? paints[0])?.startTime ?? 0;
        const counted = document.querySelector('[data-features-loaded]')?.getAttribute('data-features-loaded');
        const tasks = (window.__benchLongTasks ?? []).filter(([t, d]) => t + d >= paint && t <= drawn.startTime);
        return {
          drawnMs: drawn.startTime,
          firstPaintMs: paint,
          features: Number(counted ?? drawn.detail ?? NaN),
          longTasks: tasks.length,
          longTaskMaxMs: Math.max(0, ...tasks.map(([, d]) => d)),
        };
      },
      mark,
      { timeout: timeoutMs, polling: 250 },
    );
    const open = (await handle.jsonValue()) as Open;
    await setThrottle(cdp, 1);
    await after?.(page, cdp);
    return open;
  } finally {
    await page.close();
  }
}

/** The end of a first visit: its service worker active (the shell precached) and its layers written to the device. */
export async function settle(page: Page): Promise<void> {
  const active = await page.evaluate(async () => {
    const ready = navigator.serviceWorker?.ready;
    if (!ready) return false;
    return Promise.race([ready.then(() => true), new Promise<boolean>((ok) => setTimeout(() => ok(false), 120_000))]);
  });
  if (!active) throw new Error('the service worker did not become active during the first visit');
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LAYERS_STORED_MARK, {
    timeout: 300_000,
    polling: 250,
  });
}
