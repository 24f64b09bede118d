// Where the review queue UI's long tasks come from (scenario 13's UI steps with a performance trace):
// `npx tsx benchmarks/profile_queue_ui.ts [pending] [trace.json]` prints each main-thread task over 50 ms
// with its timeline events and the JS functions that took its time. Uses the built `dist/` as it is;
// the raw trace (open it in DevTools' Performance panel) goes to trace.json or the temp folder.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureQueueUi } from './lib/app_review.ts';
import { ensureAppBuild } from './lib/app_sites.ts';
import { launchBrowser } from './lib/browser.ts';

const pending = Number(process.argv[2] ?? 10_000);
const out = process.argv[3];
ensureAppBuild(false);
const browser = await launchBrowser({ pinned: true });
try {
  const run = await measureQueueUi(
    {
      browser,
      baseUrl: '',
      quick: false,
      reps: 1,
      log: (line) => console.log(line),
      openPage: () => Promise.reject(new Error('no harness page here')),
    },
    pending,
    { tracePath: out ?? join(tmpdir(), 'mapdraft-queue-ui-trace.json') },
  );
  for (const task of run.traced ?? []) {
    console.log(`\n${task.durationMs} ms task at ${task.startMs} ms: ${task.events.map(([n, ms]) => `${n} ${ms}`).join(', ')}`);
    for (const [name, ms] of task.selfTime) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    for (const [stack, ms] of task.stacks.slice(0, 4)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${stack}`);
  }
} finally {
  await browser.close();
}
