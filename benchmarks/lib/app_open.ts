// Scenario 14's visits: one page of a browser profile opened from navigation start to an app's
// "features drawn" mark (the product's `mapdraft:features-drawn`, the plain OL app's
// `baseline:features-drawn`), with the main thread's long tasks recorded from the very start.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { cdpFor, setThrottle } from './cdp.ts';
import { afterFirstPaint, LONG_TASK_RECORDER, type LongTaskRecord, longTaskRecordAt } from './long_tasks.ts';

export interface Open {
  drawnMs: number;
  firstPaintMs: number;
  features: number;
  /** Long tasks from the first paint to drawn. */
  longTasks: number;
  longTaskMaxMs: number;
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
    await page.addInitScript(LONG_TASK_RECORDER);
    const cdp = await cdpFor(page);
    await setThrottle(cdp, rate);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: timeoutMs, polling: 250 });
    // (Evaluated, not polled: waitForFunction would run a string through the page's eval, which its CSP refuses.)
    const record = await page.evaluate<LongTaskRecord>(longTaskRecordAt(mark));
    const features = await page.evaluate((name) => {
      const counted = document.querySelector('[data-features-loaded]')?.getAttribute('data-features-loaded');
      return Number(counted ?? (performance.getEntriesByName(name)[0] as PerformanceMark).detail ?? Number.NaN);
    }, mark);
    const tasks = afterFirstPaint(record);
    const open: Open = {
      drawnMs: record.markMs,
      firstPaintMs: record.firstPaintMs,
      features,
      longTasks: tasks.length,
      longTaskMaxMs: Math.max(0, ...tasks.map(([, d]) => d)),
    };
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
