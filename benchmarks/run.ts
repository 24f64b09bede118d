// `npm run bench [-- --quick] [--only 6,7] [--out DIR] [--reps N]`: every benchmark scenario in one
// browser process, contenders alternated baseline → ceiling → Mapdraft per repetition.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkWorkerThrottle, cdpFor, type WorkerThrottleCheck } from './lib/cdp.ts';
import { launchBrowser, newContext, openHarness, ROOT, startVite } from './lib/browser.ts';
import { machineInfo } from './lib/machine.ts';
import { writeResults, type RunResults } from './lib/results.ts';
import type { RunContext, Scenario, ScenarioResult } from './lib/scenario.ts';

interface Args {
  quick: boolean;
  only: number[] | null;
  out: string;
  reps: number | null;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { quick: false, only: null, out: join(ROOT, 'benchmarks/results'), reps: null };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[i];
    if (v === '--quick') a.quick = true;
    else if (v === '--only')
      a.only = argv[++i]
        .split(',')
        .map((s) => Number(s.trim()))
        .filter(Number.isFinite);
    else if (v.startsWith('--only=')) a.only = v.slice(7).split(',').map(Number).filter(Number.isFinite);
    else if (v === '--out') a.out = resolve(argv[++i]);
    else if (v.startsWith('--out=')) a.out = resolve(v.slice(6));
    else if (v === '--reps') a.reps = Number(argv[++i]);
    else if (v === '--help' || v === '-h') {
      console.log('npm run bench [-- --quick] [--only 6,7] [--out DIR] [--reps N]');
      process.exit(0);
    } else throw new Error(`unknown argument ${v}`);
  }
  return a;
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = join(ROOT, 'benchmarks/scenarios');
  const files = readdirSync(dir)
    .filter((f) => /^\d\d_.*\.ts$/.test(f))
    .sort();
  const out: Scenario[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { scenario: Scenario };
    out.push(mod.scenario);
  }
  return out.sort((a, b) => a.id - b.id);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  // Quick mode: small sizes and 2 repetitions (5 would not fit the 5-minute budget on 2 cores).
  const reps = args.reps ?? (args.quick ? 2 : 5);
  const startedAt = new Date().toISOString();
  const all = await loadScenarios();
  // In the order asked for: the scenarios that matter most go first when time is short.
  const picked = args.only ? args.only.map((id) => all.find((s) => s.id === id)).filter((s): s is Scenario => !!s) : all;
  console.log(`mapdraft bench: ${args.quick ? 'quick' : 'full'} mode, ${reps} reps, scenarios ${picked.map((s) => s.id).join(',')}`);

  const vite = await startVite();
  const browser = await launchBrowser({ pinned: true });
  const context = await newContext(browser);
  const results: ScenarioResult[] = [];
  const checks: WorkerThrottleCheck[] = [];
  let userAgent = '';
  // Written again after every scenario: a run cut short still leaves the scenarios it finished.
  const runResults = (): RunResults => ({
    startedAt,
    finishedAt: new Date().toISOString(),
    mode: args.quick ? 'quick' : 'full',
    reps,
    machine: { ...machineInfo(), userAgent },
    fairness: {
      pinnedToOneCore: true,
      how:
        "the whole Chromium (every process and thread, workers included) runs under `taskset -c 0`, so Mapdraft's workers share ONE core with the main thread and gain nothing from a spare core; " +
        'CDP CPU throttling (4×, 6×) slows only the main thread, so throttled figures are reported only for main-thread work (scenario 5 taps). Unthrottled pinned runs are the fair comparison for everything else.',
      throttleFactors: [4, 6],
      workerThrottleChecks: checks,
    },
    scenarios: results,
  });
  const stop = async () => {
    await browser.close().catch(() => undefined);
    await vite.server.close().catch(() => undefined);
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));
  try {
    const ctx: RunContext = {
      browser,
      baseUrl: vite.url,
      quick: args.quick,
      reps,
      log: (line) => console.log(line),
      openPage: () => openHarness(context, vite.url),
    };
    const checkWorkers = async (label: string) => {
      const page = await ctx.openPage();
      userAgent ||= await page.evaluate(() => navigator.userAgent);
      const cdp = await cdpFor(page);
      for (const rate of [4]) {
        const c = await checkWorkerThrottle(page, cdp, rate);
        checks.push(c);
        console.log(
          `  worker-throttle check (${label}, ${rate}×): main ${c.mainSlowdown.toFixed(2)}×, worker ${c.workerSlowdown.toFixed(2)}× → workers ${c.workersThrottled ? 'throttled' : 'NOT throttled'}`,
        );
      }
      await page.close();
    };
    await checkWorkers('start');
    for (const s of picked) {
      const t0 = Date.now();
      console.log(`[${s.id}/${all.length}] ${s.title} …`);
      let r: ScenarioResult;
      try {
        r = await s.run(ctx);
      } catch (err) {
        const e = err as Error;
        console.error(`  error: ${e.stack ?? e.message}`);
        r = {
          id: s.id,
          name: s.name,
          title: s.title,
          status: 'error',
          reason: (e.message ?? String(e)).split('\n')[0].slice(0, 400),
          params: {},
          primary: '',
          contenders: {},
          ratios: { mapdraftOverBaseline: null, mapdraftOverCeiling: null },
          targets: [],
          notes: [],
        };
      }
      r.durationS = (Date.now() - t0) / 1000;
      results.push(r);
      const summary =
        r.status === 'ok'
          ? `Mapdraft/baseline ${r.ratios.mapdraftOverBaseline?.toFixed(3) ?? 'n/a'}, Mapdraft/ceiling ${r.ratios.mapdraftOverCeiling?.toFixed(3) ?? 'n/a'}; targets ${r.targets.filter((t) => t.met).length}/${r.targets.length} met`
          : `${r.status}: ${r.reason}`;
      console.log(`[${s.id}/${all.length}] ${s.name} done in ${r.durationS.toFixed(0)} s — ${summary}`);
      writeResults(args.out, runResults());
    }
    await checkWorkers('end');
  } finally {
    await stop();
  }
  const files = writeResults(args.out, runResults());
  console.log(`results: ${files.json}\n         ${files.md}\n         ${files.svg}`);
}

if (!existsSync(join(ROOT, 'benchmarks/scenarios'))) throw new Error('run from the repository');
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
