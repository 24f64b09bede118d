// Reopens the app offline (server unreachable) right after a warm visit's page closes, 3 rounds of 4, and
// prints the features each offline open drew. Before wasm/sqlite.ts waited for a store file the closing
// page still held, 1 offline open in 12-24 drew none (issue 17). Needs `npx vite build` first; takes minutes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { openOnce, settle } from '../../benchmarks/lib/app_open.ts';
import { gate } from '../../benchmarks/lib/app_sites.ts';
import { launchBrowser, newContext } from '../../benchmarks/lib/browser.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'repro-off-'));
const srv = await startToolServer(dataDir, 20000);
const door = await gate(srv.url);
const browser = await launchBrowser({ pinned: true });
const url = `${door.url}/${DEMO_APP_KEY}`;
for (let round = 0; round < 3; round++) {
  const context = await newContext(browser);
  const first = await context.newPage();
  await first.goto(url);
  await first.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FEATURES_DRAWN_MARK, { timeout: 120000 });
  await settle(first);
  await first.close();
  for (let i = 0; i < 4; i++) {
    const warm = await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 60000, async () => {
      await door.quiet(1500, 30000);
    });
    door.down = true;
    const off = await openOnce(context, url, FEATURES_DRAWN_MARK, 1, 60000);
    door.down = false;
    console.log(`round ${round} try ${i}: warm ${warm.features}, offline ${off.features} in ${Math.round(off.drawnMs)} ms`);
  }
  await context.close();
}
await browser.close();
await srv.close?.();
process.exit(0);
