// What the opened app holds in memory (issue 17 target 6) at a chosen size, quicker than scenario 14's
// 1M points: the demo app (2,000 cities) with N generated points added to its cities layer, as the
// scenario does, one cold open pinned until the layers are stored, then lib/app_memory.ts's figures
// against the layers' typed-array bytes, each also as a multiple of them.
// Usage: npx tsx benchmarks/tools/profile_memory.ts [points, default 100000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insertFeatures } from '../../server/seed/bulk.ts';
import { startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { pointCoords } from '../data/generate.ts';
import { appMemory, layersTypedArrayBytes, type AppMemory } from '../lib/app_memory.ts';
import { openOnce, settle } from '../lib/app_open.ts';
import { ensureAppBuild } from '../lib/app_sites.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';

const points = Number(process.argv[2] ?? 100_000);
const WS = 'ws_demo';

ensureAppBuild(false);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-memory-'));
const srv = await startToolServer(dataDir, 2_000);
const browser = await launchBrowser({ pinned: true });
try {
  const coords = pointCoords(points, 1);
  for (let from = 0; from < points; from += 50_000) {
    const rows = [];
    for (let i = from; i < Math.min(points, from + 50_000); i++) {
      rows.push({ g: { type: 'Point' as const, coordinates: [coords[2 * i], coords[2 * i + 1]] }, p: { name: `p${i}` } });
    }
    await insertFeatures(srv.db, WS, 'cities', rows, null);
  }
  const context = await newContext(browser);
  let memory: AppMemory | undefined;
  const open = await openOnce(context, `${srv.url}/${DEMO_APP_KEY}`, FEATURES_DRAWN_MARK, 1, 900_000, async (page, cdp) => {
    await settle(page);
    memory = await appMemory(page, cdp, browser);
  });
  const typed = await layersTypedArrayBytes(srv.url, WS, ['cities', 'countries', 'borders', 'roads']);
  console.log(`${points} points + 2,000 cities: ${open.features} features drawn in ${open.drawnMs.toFixed(0)} ms`);
  console.log(`typed arrays of the layers' batches: ${(typed / 1e6).toFixed(1)} MB`);
  for (const [k, v] of Object.entries(memory!)) {
    console.log(`${k.padEnd(30)} ${(v / 1e6).toFixed(1).padStart(8)} MB  ${(v / typed).toFixed(2).padStart(6)}×`);
  }
  await context.close();
} finally {
  await browser.close();
  await srv.close();
  rmSync(dataDir, { recursive: true, force: true });
}
