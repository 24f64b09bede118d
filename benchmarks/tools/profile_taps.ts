// Where a tap's time goes (scenario 14's taps, issue 17 target 5: p95 ≤ 100 ms at 4×): the built app
// (`dist/` as it is; `npx vite build --minify false` for readable names) served by the real server
// (PGlite) with N demo cities, behind scenario 14's gate; a cold open that stores the layers and
// prefetches the chunks, then in the same page taps at the scenario's view under a Chromium trace.
// Prints the taps' figures, then each main-thread task over 30 ms of wall time or of thread CPU
// time × the rate, with its timeline events and JS functions (lib/long_task_trace.ts).
// A trace inflates every figure, the first tap's most (starting the CPU profiler on the data worker
// held its first hit test 133 ms): `untraced` in place of the trace file gives the taps' own figures.
// Untraced, it prints each tap's slow input events (Event Timing) and the long animation frames (LoAF)
// with their scripts, and the CSS rules the taps inserted. MAPDRAFT_TAPS_VISIT=warm taps on a second
// visit (code and layers from the first) instead of the first; MAPDRAFT_TAPS_WARMUP=N makes N taps,
// unmeasured, before the measured ones (a first use's cost apart from every tap's). `threads` traces
// every process's tasks only (no profiler) and prints each thread's CPU in each tap's first 300 ms: what
// a slow tap waited for on the one pinned core (the GPU process, the browser, the page).
// Usage: npx tsx benchmarks/tools/profile_taps.ts [cities|all] [rate] [taps] [trace.json|untraced|threads]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoCityLonLats, startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { dismissBanner, MAPDRAFT_UI, tapFeatures, type TapStats } from '../lib/app_gestures.ts';
import { openOnce, settle } from '../lib/app_open.ts';
import { ensureAppBuild, gate } from '../lib/app_sites.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { type InputEvent, type LongFrame, observeFrames, printFrames } from '../lib/long_frames.ts';
import { LONG_TASK_CATEGORIES, longTasks, printLongTasks } from '../lib/long_task_trace.ts';
import { pointerDowns, printThreadTimes, THREAD_TIME_CATEGORIES, threadTimes } from '../lib/thread_time.ts';
import type { TraceEvent } from '../lib/trace_event.ts';
import { near, tapView } from '../scenarios/14_app.ts';

const cities = process.argv[2] === 'all' ? 'all' : Number(process.argv[2] ?? 10_000);
const rate = Number(process.argv[3] ?? 4);
const count = Number(process.argv[4] ?? 20);
const byThread = process.argv[5] === 'threads';
const traced = process.argv[5] !== 'untraced';
const tracePath = traced && !byThread ? process.argv[5] : undefined;
const LIMIT_MS = 30;

ensureAppBuild(false);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-taps-'));
const srv = await startToolServer(dataDir, cities);
const door = await gate(srv.url);
const browser = await launchBrowser({ pinned: true });
const url = `${door.url}/${DEMO_APP_KEY}`;

try {
  const lonLats = await demoCityLonLats(srv.url);
  const at = tapView(lonLats);
  const context = await newContext(browser);
  context.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') console.log(`[page ${m.type()}] ${m.text().slice(0, 200)}`);
  });
  let taps: TapStats | undefined;
  let trace: Buffer | undefined;
  let frames: LongFrame[] = [];
  let events: InputEvent[] = [];
  if (process.env.MAPDRAFT_TAPS_VISIT === 'warm') {
    await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 600_000, async (page) => {
      await settle(page);
      await door.quiet(1_500, 60_000);
      await dismissBanner(page, MAPDRAFT_UI);
    });
  }
  await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 600_000, async (page, cdp) => {
    if (process.env.MAPDRAFT_TAPS_VISIT !== 'warm') await settle(page);
    await door.quiet(1_500, 60_000);
    await dismissBanner(page, MAPDRAFT_UI);
    if (traced) await browser.startTracing(page, { categories: byThread ? THREAD_TIME_CATEGORIES : LONG_TASK_CATEGORIES });
    else await observeFrames(page);
    const rules = () => page.evaluate(() => [...document.styleSheets].reduce((n, sheet) => n + sheet.cssRules.length, 0));
    const before = await rules();
    if (process.env.MAPDRAFT_TAPS_WARMUP)
      await tapFeatures(page, cdp, MAPDRAFT_UI, at, near(lonLats, at), Number(process.env.MAPDRAFT_TAPS_WARMUP), rate);
    taps = await tapFeatures(page, cdp, MAPDRAFT_UI, at, near(lonLats, at), count, rate);
    console.log(`css rules: ${before} before the taps, ${await rules()} after`);
    if (traced) trace = await browser.stopTracing();
    else [frames, events] = await page.evaluate(() => [window.__benchFrames ?? [], window.__benchEvents ?? []] as const);
  });
  if (tracePath) writeFileSync(tracePath, trace!);
  console.log(
    `${cities} cities, ${rate}×: ${taps!.taps} taps, p95 ${taps!.p95Ms.toFixed(0)} ms, median ${taps!.medianMs.toFixed(0)} ms, ${taps!.misses} missed`,
  );
  console.log(`each: ${taps!.latenciesMs.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  if (!traced) printFrames(frames, LIMIT_MS, taps!.windowsMs, events);
  if (trace && byThread) {
    const parsed = JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
    const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
    printThreadTimes(threadTimes(events, pointerDowns(events), 300_000));
  } else if (trace) {
    const events = JSON.parse(trace.toString());
    printLongTasks(`tasks over ${LIMIT_MS} ms of wall time`, longTasks(events, LIMIT_MS));
    printLongTasks(`tasks over ${LIMIT_MS} ms of CPU time × ${rate}`, longTasks(events, LIMIT_MS, rate));
  }
  await context.close();
} finally {
  await browser.close();
  await door.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
}
