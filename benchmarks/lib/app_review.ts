// Scenario 13's product path beside its server figures: the built app (`vite build`) served by the real
// server with N pending suggestions, opened in the bench browser (pinned to one core like every
// contender) by the administrator in admin mode. At the CPU slowdown asked (4× unless told): open the pending list,
// scroll through it, filter it by kind, tick "all matching" and accept them with one confirmation, up
// to the summary. Meanwhile the main thread's long tasks (issue 14: none over 50 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import type { RunningServer } from '../../server/start.ts';
import { startMeasuredServer } from './bench_server.ts';
import { VIEWPORT } from './browser.ts';
import { cdpFor, setThrottle } from './cdp.ts';
import { LONG_TASK_CATEGORIES, longTasks, type LongTask } from './long_task_trace.ts';
import type { RunContext } from './scenario.ts';

export const REVIEW_PASSWORDS = { admin: 'bench-admin-pass-1', user: 'bench-user-pass-1' };

/**
 * `n` pending updates (a marker before the name) on the cities from `offset`, by the demo user,
 * written in one statement; returns their ids.
 */
export async function pendingUpdates(srv: RunningServer, n: number, offset: number, marker: string): Promise<number[]> {
  const { rows } = await srv.db.query<{ id: number }>(
    `INSERT INTO changes (kind, workspace_id, layer_id, gfid, base_version, before, after, suggested_by)
     SELECT 'update', f.workspace_id, f.layer_id, f.gfid, f.version,
       jsonb_build_object('geometry', ST_AsGeoJSON(f.geom)::jsonb, 'properties', f.properties),
       jsonb_build_object('geometry', ST_AsGeoJSON(f.geom)::jsonb,
         'properties', f.properties || jsonb_build_object('name', $3 || (f.properties->>'name'))),
       (SELECT id FROM users WHERE username = 'user')
     FROM (SELECT * FROM features WHERE workspace_id = 'ws_demo' AND layer_id = 'cities' ORDER BY gfid OFFSET $1 LIMIT $2) f
     RETURNING id`,
    [offset, n, marker],
  );
  return rows.map((r) => Number(r.id));
}

export interface QueueUiRun {
  /** Pending list opened → its first rows drawn. */
  openListMs: number;
  /** "Accept" confirmed → the summary shown (the server's bulk decision included). */
  bulkAcceptMs: number;
  longTaskMaxMs: number;
  longTasksOver50: number;
  /** The longest task in each step (open, scroll, filter, accept), to say where they come from. */
  longestByStep: Record<string, number>;
  /** With `trace`: each long task of the measured steps and the work inside it. */
  traced?: LongTask[];
}

export interface QueueUiOptions {
  /** Record a Chromium performance trace of the measured steps into this file (it slows them: profiling only). */
  tracePath?: string;
  /** The main thread's CPU slowdown while measured (4 unless given). */
  cpuRate?: number;
}

const STEPS = ['open', 'scroll', 'filter', 'accept'] as const;

async function logIn(page: Page) {
  await page.getByTestId('account-button').click();
  await page.getByTestId('field-username').fill('admin');
  await page.getByTestId('field-password').fill(REVIEW_PASSWORDS.admin);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('auth-dialog').waitFor({ state: 'detached' });
}

export async function measureQueueUi(ctx: RunContext, pending: number, opts: QueueUiOptions = {}): Promise<QueueUiRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-bench-queue-ui-'));
  const srv = await startMeasuredServer({
    port: 0,
    dataDir,
    seedCities: pending + 100,
    adminPassword: REVIEW_PASSWORDS.admin,
    userPassword: REVIEW_PASSWORDS.user,
    serveClient: true,
    log: false,
    print: () => undefined,
    // Every request comes from 127.0.0.1.
    limits: loadTestLimits(),
  });
  const context = await ctx.browser.newContext({ viewport: VIEWPORT });
  try {
    await pendingUpdates(srv, pending, 0, 'U ');
    await context.addCookies([{ name: 'mapdraft_cookie_consent', value: 'accepted', url: srv.url }]);
    const page = await context.newPage();
    const cdp = await cdpFor(page);
    await page.goto(`${srv.url}/${DEMO_APP_KEY}?mode=admin`);
    await page.locator('[data-testid=map][data-features-loaded]').waitFor({ timeout: 10 * 60_000 });
    await logIn(page);
    await page.getByTestId('pending-open').waitFor({ timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: [number, number][] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask' });
    });
    await setThrottle(cdp, opts.cpuRate ?? 4);
    if (opts.tracePath) await ctx.browser.startTracing(page, { path: opts.tracePath, categories: LONG_TASK_CATEGORIES });
    let traced: LongTask[] | undefined;
    let openListMs = 0;
    let bulkAcceptMs = 0;
    const stepStarts: number[] = [];
    const step = async () => void stepStarts.push(await page.evaluate(() => performance.now()));
    try {
      await step();
      let t0 = Date.now();
      await page.getByTestId('pending-open').click();
      await page.getByTestId('queue-row').first().waitFor({ timeout: 120_000 });
      openListMs = Date.now() - t0;
      // Through the list as an admin skims it: wheel steps over the windowed rows.
      await step();
      const list = page.getByTestId('pending-changes');
      await list.hover();
      for (let i = 0; i < 20; i++) await page.mouse.wheel(0, 600);
      await step();
      await page.getByTestId('queue-filters-toggle').click();
      await page.getByTestId('queue-filter-kind').selectOption('featureModified');
      // The old list's rows stay until the filtered one is shown (aria-busy till then).
      await page
        .locator('[data-testid=pending-changes]:not([aria-busy=true]) [data-testid=queue-row]')
        .first()
        .waitFor({ timeout: 120_000 });
      await step();
      await page.getByTestId('queue-select-all').check();
      await page
        .getByTestId('queue-accept-selected')
        .click()
        .catch(async (error: Error) => {
          // Say what the admin saw (an error answer, an empty filter), not only "Accept" never enabled.
          const shown = (
            await page
              .getByTestId('pending-changes')
              .textContent()
              .catch(() => null)
          )?.slice(0, 400);
          throw new Error(`bulk accept never enabled; the queue showed: ${shown}`, { cause: error });
        });
      t0 = Date.now();
      await page.getByTestId('confirm-ok').click();
      await page.getByTestId('queue-summary').waitFor({ timeout: 10 * 60_000 });
      bulkAcceptMs = Date.now() - t0;
    } finally {
      await setThrottle(cdp, 1);
      if (opts.tracePath) traced = longTasks(JSON.parse((await ctx.browser.stopTracing()).toString('utf8')));
    }
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: [number, number][] }).__longTasks);
    const durations = tasks.map(([, d]) => d);
    const longestByStep: Record<string, number> = {};
    for (const [start, d] of tasks) {
      const i = Math.max(
        0,
        stepStarts.findLastIndex((t) => t <= start),
      );
      longestByStep[STEPS[i]] = Math.max(longestByStep[STEPS[i]] ?? 0, d);
    }
    const run = {
      openListMs,
      bulkAcceptMs,
      longTaskMaxMs: durations.length ? Math.max(...durations) : 0,
      longTasksOver50: durations.filter((d) => d > 50).length,
      longestByStep,
      traced,
    };
    ctx.log(
      `    queue UI (${pending} pending, CPU ${opts.cpuRate ?? 4}×): list in ${openListMs} ms, bulk accept to summary ${bulkAcceptMs} ms, long tasks max ${run.longTaskMaxMs} ms (${run.longTasksOver50} over 50 ms; longest per step ${JSON.stringify(longestByStep)})`,
    );
    return run;
  } finally {
    await context.close();
    await srv.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
