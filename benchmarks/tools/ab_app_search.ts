// Before and after on scenario 12's app path under the same load (issue 13): two builds of the app
// served in turn by one server seeded with the cities, typed into alternately (A B A B …) exactly as
// the scenario does (lib/app_search.ts), dist/ pointed at each in turn (lib/dist_switch.ts).
// Usage: npx tsx benchmarks/tools/ab_app_search.ts DIST_A DIST_B [runs=2] [names=10] [cities=all]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadCities } from '../../server/seed/geodata.ts';
import { startToolServer } from '../lib/bench_server.ts';
import { pickedNames } from '../pages/contenders/search_scan.ts';
import { typeIntoApp, type AppSearchRun } from '../lib/app_search.ts';
import { launchBrowser } from '../lib/browser.ts';
import { switchDist } from '../lib/dist_switch.ts';
import { percentile } from '../lib/stats.ts';

const [distA, distB] = [process.argv[2], process.argv[3]].map((d) => resolve(d ?? ''));
const runs = Number(process.argv[4] ?? 2);
const words = Number(process.argv[5] ?? 10);
const seed = (process.argv[6] ?? 'all') === 'all' ? 'all' : Number(process.argv[6]);
const dists = switchDist([distA, distB]);
dists.point(distA);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-ab-search-'));
const srv = await startToolServer(dataDir, seed);
const browser = await launchBrowser();
const got: Record<'A' | 'B', AppSearchRun[]> = { A: [], B: [] };
try {
  const names = pickedNames(
    loadCities(seed).map((c) => String(c.p.name)),
    words,
  );
  for (let r = 0; r < runs; r++) {
    for (const v of ['A', 'B'] as const) {
      dists.point(v === 'A' ? distA : distB);
      const run = await typeIntoApp(browser, srv.url, names);
      got[v].push(run);
      console.log(
        `${v} run ${r + 1}: long tasks max ${run.longTaskMaxMs} ms, ${run.longTasksOver50} over 50 ms; results p95 ${percentile(run.resultsMs, 95).toFixed(0)} ms, median ${percentile(run.resultsMs, 50).toFixed(0)} ms; open ${run.openMs} ms`,
      );
    }
  }
} finally {
  await browser.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
  dists.restore();
}
