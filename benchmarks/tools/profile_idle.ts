// What the page does by itself after a warm open (issue 17 target 4: no long task a pan begun then could
// meet): the built app (`dist/` as it is) served by the real server (PGlite) with N demo cities, behind
// scenario 14's gate; a cold open that stores the layers, then visits that open at the CPU rate, stay at
// it for `ms` with no input, and print each frame after `mapdraft:features-drawn` that held a long task
// (blocking time over 0), with its scripts (lib/long_frames.ts, untraced). The background work — the
// lazy chunks' prefetch, the surfaces mounted ahead, the dates' formatter, the address's write — runs
// in idle periods then, each a task a gesture would meet.
// Usage: npx tsx benchmarks/tools/profile_idle.ts [cities|all] [rate] [ms] [visits]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { openOnce, settle } from '../lib/app_open.ts';
import { ensureAppBuild, gate } from '../lib/app_sites.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { setThrottle } from '../lib/cdp.ts';
import { observeFrames, printFrames } from '../lib/long_frames.ts';

const cities = process.argv[2] === 'all' ? 'all' : Number(process.argv[2] ?? 10_000);
const rate = Number(process.argv[3] ?? 4);
const idleMs = Number(process.argv[4] ?? 12_000);
const visits = Number(process.argv[5] ?? 2);

ensureAppBuild(false);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-idle-'));
const srv = await startToolServer(dataDir, cities);
const door = await gate(srv.url);
const browser = await launchBrowser({ pinned: true });
const url = `${door.url}/${DEMO_APP_KEY}`;

try {
  const context = await newContext(browser);
  await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 600_000, settle);
  for (let visit = 2; visit <= visits + 1; visit++) {
    await openOnce(context, url, FEATURES_DRAWN_MARK, rate, 600_000, async (page, cdp) => {
      // openOnce ends the slowdown at the mark; the background work after it runs at the rate too.
      await setThrottle(cdp, rate);
      await page.waitForTimeout(idleMs);
      await setThrottle(cdp, 1);
      await observeFrames(page, { buffered: true });
      await page.waitForTimeout(500);
      const { drawnMs, frames } = await page.evaluate((mark) => {
        const drawn = performance.getEntriesByName(mark)[0]?.startTime ?? 0;
        // Shifted so that each frame's start reads as ms after the features were drawn.
        const after = (window.__benchFrames ?? []).filter((f) => f.startMs + f.durationMs > drawn && f.blockingMs > 0);
        return { drawnMs: drawn, frames: after.map((f) => ({ ...f, startMs: f.startMs - drawn })) };
      }, FEATURES_DRAWN_MARK);
      console.log(`\n=== visit ${visit}: features drawn at ${drawnMs.toFixed(0)} ms; frames below start from then`);
      printFrames(frames, 50);
    });
  }
  await context.close();
} finally {
  await browser.close();
  await door.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
}
