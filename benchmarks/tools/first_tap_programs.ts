// How many GPU programs the first tap on a feature makes the browser compile (issue 17, target 5): the
// built app (`dist/` as it is) served by the real server (PGlite, 10k demo cities), a fresh browser
// pinned to one core per run (a fresh GPU process: nothing compiled but what the first screen drew),
// one tap at scenario 14's view under a trace of Skia's shader cache and ANGLE. Each argument is CSS
// added to the opened page before the tap (`base` adds none), so a styling change can be weighed
// before it is made; each is run `MAPDRAFT_RUNS` times (default 2: a program may come from the map
// instead, now and then). The first tap's sheet once compiled nine (Fluent's shadow28 on corners
// rounded on top only): 60–110 ms of CPU in that tap's window on the one core, and its frames late.
// Usage: npx tsx benchmarks/tools/first_tap_programs.ts [base|CSS ...]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoCityLonLats, startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { dismissBanner, MAPDRAFT_UI, showPosition, tapFeatures } from '../lib/app_gestures.ts';
import { openOnce, settle } from '../lib/app_open.ts';
import { ensureAppBuild, gate } from '../lib/app_sites.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import type { TraceEvent } from '../lib/trace_event.ts';
import { near, tapView } from '../scenarios/14_app.ts';

const variants = process.argv.length > 2 ? process.argv.slice(2) : ['base'];
const runs = Number(process.env.MAPDRAFT_RUNS ?? 2);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const cpuMs = (events: TraceEvent[], name: string) =>
  events.filter((e) => e.name === name).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0) / 1000, 0);

ensureAppBuild(false);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-first-tap-'));
const srv = await startToolServer(dataDir, 10_000);
const door = await gate(srv.url);
const url = `${door.url}/${DEMO_APP_KEY}`;
try {
  const lonLats = await demoCityLonLats(srv.url);
  const at = tapView(lonLats);
  for (const css of variants) {
    for (let run = 0; run < runs; run++) {
      const browser = await launchBrowser({ pinned: true });
      try {
        const context = await newContext(browser);
        await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 600_000, async (page, cdp) => {
          await settle(page);
          await door.quiet(1_500, 60_000);
          await dismissBanner(page, MAPDRAFT_UI);
          if (css !== 'base') await page.addStyleTag({ content: css });
          // The tap's view drawn before the trace, so what the trace holds is the tap's.
          await showPosition(page, at);
          await sleep(1_000);
          await browser.startTracing(page, { categories: ['disabled-by-default-skia.shaders', 'gpu.angle'] });
          const taps = await tapFeatures(page, cdp, MAPDRAFT_UI, at, near(lonLats, at), 1, 1);
          await sleep(1_000);
          const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
          const programs = events.filter((e) => e.name === 'cache_miss').length;
          console.log(
            `${css.slice(0, 60).padEnd(60)} ${programs} programs compiled (Skia ${cpuMs(events, 'shader_compile').toFixed(1)} ms, ` +
              `ANGLE pipelines ${cpuMs(events, 'ProgramExecutableVk::warmUpGraphicsPipelineCache').toFixed(1)} ms), ` +
              `tap ${taps.latenciesMs[0]?.toFixed(0) ?? 'missed'} ms`,
          );
        });
        await context.close();
      } finally {
        await browser.close();
      }
    }
  }
} finally {
  await door.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
}
