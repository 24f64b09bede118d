// Where the main-thread long tasks of a pan/zoom come from (scenario 14's gesture, issue 17 target 4):
// the built app (`dist/` as it is; build it with `npx vite build --minify false` for readable names)
// served by the real server (PGlite) with N demo cities, behind scenario 14's gate; a cold open that
// stores the layers, then a visit that — as the scenario's fourth visit — opens at the CPU rate, waits
// for the network to go quiet and pans and zooms by CDP input (lib/app_gestures.ts panZoom) under a
// Chromium trace. Prints the gesture's figures, then each main-thread task over 50 ms of wall time
// or of thread CPU time × the rate (what it costs at that rate on a core of its own), with its
// timeline events, its JS functions by self time and their callers (lib/long_task_trace.ts).
// FRAMES=1: no trace (it inflates the main thread's CPU about fourfold); each frame that held a long
// task (blocking time over 0) is printed with its scripts instead (lib/long_frames.ts).
// Usage: [FRAMES=1] npx tsx benchmarks/tools/profile_pan.ts [cities|all] [rate] [ms] [trace.json]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { dismissBanner, MAPDRAFT_UI, panZoom, type PanStats } from '../lib/app_gestures.ts';
import { openOnce, settle } from '../lib/app_open.ts';
import { ensureAppBuild, gate } from '../lib/app_sites.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { LONG_TASK_CATEGORIES, longTasks, printLongTasks } from '../lib/long_task_trace.ts';
import { observeFrames, printFrames, type LongFrame } from '../lib/long_frames.ts';

const cities = process.argv[2] === 'all' ? 'all' : Number(process.argv[2] ?? 10_000);
const rate = Number(process.argv[3] ?? 4);
const panMs = Number(process.argv[4] ?? 8_000);
const tracePath = process.argv[5];
const framesOnly = process.env.FRAMES === '1';

ensureAppBuild(false);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-pan-'));
const srv = await startToolServer(dataDir, cities);
const door = await gate(srv.url);
const browser = await launchBrowser({ pinned: true });
const url = `${door.url}/${DEMO_APP_KEY}`;

try {
  const context = await newContext(browser);
  // The app's own warnings (a renderer that fell back to the main thread says so).
  context.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') console.log(`[page ${m.type()}] ${m.text().slice(0, 200)}`);
  });
  await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 600_000, settle);
  let pan: PanStats | undefined;
  let trace: Buffer | undefined;
  let frames: LongFrame[] = [];
  await openOnce(context, url, FEATURES_DRAWN_MARK, rate, 600_000, async (page, cdp) => {
    await door.quiet(1_500, 60_000);
    await dismissBanner(page, MAPDRAFT_UI);
    if (framesOnly) await observeFrames(page);
    else await browser.startTracing(page, { categories: LONG_TASK_CATEGORIES });
    pan = await panZoom(page, cdp, panMs, rate);
    if (framesOnly) frames = await page.evaluate(() => window.__benchFrames ?? []);
    else trace = await browser.stopTracing();
  });
  console.log(
    `${cities} cities, ${rate}×, ${panMs} ms: rAF p95 ${pan!.rafP95Ms.toFixed(0)} ms over ${pan!.frames} frames; ` +
      `long tasks (observer) ${pan!.longTasks}, longest ${pan!.longTaskMaxMs.toFixed(0)} ms`,
  );
  if (framesOnly) {
    printFrames(
      frames.filter((f) => f.blockingMs > 0),
      50,
    );
  } else {
    if (tracePath) writeFileSync(tracePath, trace!);
    const events = JSON.parse(trace!.toString());
    printLongTasks('tasks over 50 ms of wall time', longTasks(events, 50));
    printLongTasks(`tasks over 50 ms of CPU time × ${rate}`, longTasks(events, 50, rate));
  }
  await context.close();
} finally {
  await browser.close();
  await door.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
}
