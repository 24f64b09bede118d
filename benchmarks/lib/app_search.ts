// Scenario 12, the product's own path beside the worker-only figures: the built app (`vite build`)
// served by the real server with the cities seeded, opened in the bench browser (pinned to one core
// like every contender), then city names typed into the search field at CPU 4×, a key every 80 ms.
// Per name: from its last key to its results in the DOM (the 150 ms debounce included, as a user
// waits for it); meanwhile the main thread's long tasks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadCities } from '../../server/seed/geodata.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { startMeasuredServer } from './bench_server.ts';
import { pickedNames } from '../pages/contenders/search_scan.ts';
import type { Browser } from 'playwright-core';
import { VIEWPORT } from './browser.ts';
import { cdpFor, setThrottle } from './cdp.ts';
import type { RunContext } from './scenario.ts';

const KEY_DELAY_MS = 80;

export interface AppSearchRun {
  /** From the page's request to the map saying its features are loaded (CPU 1×). */
  openMs: number;
  /** Per typed name: last key → its results rendered, at CPU 4×. */
  resultsMs: number[];
  longTaskMaxMs: number;
  longTasksOver50: number;
}

export async function measureAppSearch(ctx: RunContext, seedCities: number | 'all', words: number, runs: number): Promise<AppSearchRun[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-bench-search-'));
  const srv = await startMeasuredServer({
    port: 0,
    dataDir,
    seedCities,
    serveClient: true,
    log: false,
    print: () => undefined,
    limits: loadTestLimits(),
  });
  const names = pickedNames(
    loadCities(seedCities).map((c) => String(c.p.name)),
    words,
  );
  const out: AppSearchRun[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      out.push(await typeIntoApp(ctx.browser, srv.url, names));
      ctx.log(
        `    app run ${run + 1}/${runs}: open ${out.at(-1)!.openMs} ms, ${names.length} names typed, long tasks max ${out.at(-1)!.longTaskMaxMs} ms`,
      );
    }
  } finally {
    await srv.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return out;
}

/**
 * One run: a fresh browser context (a cold local store, so the layer is fetched and indexed as on a
 * first visit) opens the app at `url`, then each name is typed at CPU 4×.
 */
export async function typeIntoApp(browser: Browser, url: string, names: readonly string[]): Promise<AppSearchRun> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ name: 'mapdraft_cookie_consent', value: 'accepted', url }]);
  const page = await context.newPage();
  try {
    const cdp = await cdpFor(page);
    const t0 = Date.now();
    await page.goto(`${url}/${DEMO_APP_KEY}`);
    await page.locator('[data-testid=map][data-features-loaded]').waitFor({ timeout: 10 * 60_000 });
    const openMs = Date.now() - t0;
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __lastKey: number };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask' });
      addEventListener('keydown', () => (w.__lastKey = performance.now()), true);
    });
    const input = page.getByTestId('search-input');
    await setThrottle(cdp, 4);
    const resultsMs: number[] = [];
    try {
      for (const name of names) {
        await input.fill('');
        await input.pressSequentially(name, { delay: KEY_DELAY_MS });
        const rendered = await page.waitForFunction(
          (q) => {
            const el = document.querySelector(`[data-testid=search-results][data-query="${CSS.escape(q)}"][data-pending=false]`);
            return el ? performance.now() - (window as unknown as { __lastKey: number }).__lastKey : false;
          },
          name,
          { polling: 'raf', timeout: 60_000 },
        );
        resultsMs.push((await rendered.jsonValue()) as number);
      }
    } finally {
      await setThrottle(cdp, 1);
    }
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    return { openMs, resultsMs, longTaskMaxMs: tasks.length ? Math.max(...tasks) : 0, longTasksOver50: tasks.filter((d) => d > 50).length };
  } finally {
    await context.close();
  }
}
