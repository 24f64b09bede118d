// Many fresh profiles in ONE pinned browser, each opened cold and then twice warm (the built app on the
// real server, PGlite, 135k cities unless told): prints each open's time to "features drawn". An open
// that has not drawn within STALL_MS (90 s), or a cold open whose layers are not stored within 120 s,
// is reported with the map's state, its last console lines, the page's and each worker's marks and
// fetches, and the CPU of each process and thread meanwhile (issue 17: a cold open that never drew
// was the data worker's store open never finishing). TIMELINE=1 prints every open's marks, paints and fetches (on the page's clock), and when the document's service worker ran and its first byte came.
// UNPINNED=1: the browser on every core (a phone's several cores; the node server shares them).
// RATE=n: CDP main-thread slowdown n× (scenario 14's "4×"; the workers and the GPU process keep their speed).
// LATENCY_MS=n: every request's answer n ms later (a phone's mobile network; CDP network emulation).
// LINGER_MS=n: the first visit stays open n ms after its layers are stored (a user reading the map).
// LONG_TASKS=1: each open's first paint and the main-thread tasks over 50 ms from it to the features
// drawn (scenario 14's count, issue 17 target 4).
// Usage: [STALL_MS=…] [TIMELINE=1] [UNPINNED=1] [RATE=n] [LATENCY_MS=n] [BUILDS=dirA,dirB] npx tsx benchmarks/tools/repeat_opens.ts [profiles=8] [cities=all]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { startToolServer } from '../lib/bench_server.ts';
import { FEATURES_DRAWN_MARK, LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { setLatency, setThrottle } from '../lib/cdp.ts';
import { afterFirstPaint, describeLongTasks, LONG_TASK_RECORDER, type LongTaskRecord, longTaskRecordAt } from '../lib/long_tasks.ts';
import { switchDist } from '../lib/dist_switch.ts';
import { printTicks, threadTicks } from '../lib/proc_ticks.ts';

/** The page's and each worker's marks and fetches; a worker busy for 5 s says so. */
async function printTimelines(page: Page): Promise<void> {
  const origin = await page.evaluate<number>('performance.timeOrigin');
  console.log(`  page timeline:\n    ${(await page.evaluate<string[]>(TIMELINE(origin))).join('\n    ')}`);
  for (const w of page.workers()) {
    const answer = await Promise.race([w.evaluate<string[]>(TIMELINE(origin)), sleep(5_000).then(() => ['(no answer in 5 s: busy)'])]);
    console.log(`  worker ${w.url().split('/').pop()}:\n    ${answer.join('\n    ')}`);
  }
}

const profiles = Number(process.argv[2] ?? 8);
const cities = (process.argv[3] ?? 'all') === 'all' ? 'all' : Number(process.argv[3]);
const STALL_MS = Number(process.env.STALL_MS ?? 90_000);
const rate = Number(process.env.RATE ?? 1);
const linger = Number(process.env.LINGER_MS ?? 0);
const latency = Number(process.env.LATENCY_MS ?? 0);
const longTasks = process.env.LONG_TASKS === '1';
// BUILDS=dirA,dirB: the profiles alternate between these builds of the app (before and after).
const builds = process.env.BUILDS?.split(',') ?? [];
const dists = builds.length ? switchDist(builds) : undefined;
dists?.point(builds[0]); // before the server starts: it serves the client only where dist/ exists
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-repeat-opens-'));
const srv = await startToolServer(dataDir, cities);
const browser = await launchBrowser({ pinned: process.env.UNPINNED !== '1' });
/** Whether the page sets User Timing mark `name` within `timeoutMs`. */
const reaches = (page: Page, name: string, timeoutMs: number) =>
  page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, name, { timeout: timeoutMs, polling: 500 })
    .then(
      () => true,
      () => false,
    );
/** "first paint F ms; n long tasks after it ≤ L ms (S ms in all)". */
const longTasksAfterPaint = (r: LongTaskRecord) =>
  `first paint ${Math.round(r.firstPaintMs)} ms; ${describeLongTasks(afterFirstPaint(r))} after it`;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
// A stalled open's marks and fetches, in the page or a worker (a string: evaluated as it is, in any scope).
// Times are on the page's clock (a worker's own starts when the worker does): \`origin\` is the page's timeOrigin.
const TIMELINE = (origin: number) => `((at) => [
  ...performance.getEntriesByType('navigation').flatMap((n) => [
    ...(n.workerStart ? [at(n.workerStart) + ' ms  document: service worker running'] : []),
    at(n.responseStart) + ' ms  document: first byte',
  ]),
  ...performance.getEntriesByType('paint').map((p) => at(p.startTime) + ' ms  ' + p.name),
  ...performance.getEntriesByType('mark').map((m) => at(m.startTime) + ' ms  mark ' + m.name),
  ...performance.getEntriesByType('resource').map((r) => at(r.startTime) + ' ms  fetch ' + r.name.replace(/^https?:\\/\\/[^/]+/, '').slice(0, 90) + (r.responseEnd ? ' done at ' + at(r.responseEnd) : ' open')),
].sort((a, b) => parseInt(a) - parseInt(b)))((t) => Math.round(t + performance.timeOrigin - ${origin}))`;
try {
  for (let i = 0; i < profiles; i++) {
    const build = builds.length ? builds[i % builds.length] : undefined;
    if (build) dists?.point(build);
    const context = await newContext(browser);
    for (const visit of ['cold', 'warm', 'warm again']) {
      const page = await context.newPage();
      const log: string[] = [];
      page.on('console', (m) => log.push(`${m.type()}: ${m.text().slice(0, 200)}`));
      page.on('worker', (w) => w.on('console', (m) => log.push(`worker ${m.type()}: ${m.text().slice(0, 200)}`)));
      page.on('pageerror', (e) => log.push(`page error: ${e.message}`));
      page.on('crash', () => log.push('renderer crashed'));
      if (rate !== 1 || latency) {
        const cdp = await context.newCDPSession(page);
        if (rate !== 1) await setThrottle(cdp, rate);
        if (latency) await setLatency(cdp, latency);
      }
      if (longTasks) await page.addInitScript(LONG_TASK_RECORDER);
      const ticks = threadTicks();
      const started = Date.now();
      await page.goto(`${srv.url}/${DEMO_APP_KEY}`, { waitUntil: 'commit' });
      const drawn = await reaches(page, FEATURES_DRAWN_MARK, STALL_MS);
      const tasks =
        drawn && longTasks ? `; ${longTasksAfterPaint(await page.evaluate<LongTaskRecord>(longTaskRecordAt(FEATURES_DRAWN_MARK)))}` : '';
      console.log(
        `profile ${i + 1}${build ? ` (${build})` : ''}, ${visit}: ${drawn ? 'drawn' : 'NOT DRAWN'} after ${Date.now() - started} ms${tasks}`,
      );
      if (!drawn) {
        const map = await page.evaluate(() => {
          const el = document.querySelector('[data-testid=map]');
          return {
            featuresLoaded: el?.getAttribute('data-features-loaded'),
            paints: performance.getEntriesByType('paint').map((p) => p.name),
          };
        });
        console.log(`  map: ${JSON.stringify(map)}\n  console:\n    ${log.slice(-15).join('\n    ') || '(nothing)'}`);
        await printTimelines(page);
        printTicks(ticks, threadTicks());
      } else if (process.env.TIMELINE) {
        await printTimelines(page);
      }
      if (drawn && visit === 'cold') {
        if (!(await reaches(page, LAYERS_STORED_MARK, 120_000))) {
          console.log('  layers not stored after 120 s');
          await printTimelines(page);
        }
        if (linger) await sleep(linger);
      }
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  await srv.close();
  dists?.restore();
  rmSync(dataDir, { recursive: true, force: true });
}
