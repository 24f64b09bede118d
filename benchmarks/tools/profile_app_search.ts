// Where the app's main-thread long tasks come from while a person types into the search field
// (scenario 12's app path, issue 13): dist/ served by the real server with the cities seeded, city
// names typed a key every 80 ms at CPU 4×, under a Chromium trace. Prints each long task with its
// biggest trace events (script, style, layout, paint, GC) and its JS functions by self time.
// Build dist/ unminified first for readable names: `npx vite build --minify false`.
// Usage: npx tsx benchmarks/tools/profile_app_search.ts [cities|all] [names]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadCities } from '../../server/seed/geodata.ts';
import { startToolServer } from '../lib/bench_server.ts';
import { pickedNames } from '../pages/contenders/search_scan.ts';
import { launchBrowser, VIEWPORT } from '../lib/browser.ts';
import { cdpFor, setThrottle } from '../lib/cdp.ts';
import type { TraceEvent } from '../lib/trace_event.ts';

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

const LONG_US = 50_000;

// A trace kept earlier (KEEP_TRACE=1): analyse it again without typing.
if (process.argv[2]?.endsWith('.json')) {
  const { readFileSync } = await import('node:fs');
  report(JSON.parse(readFileSync(process.argv[2], 'utf8')).traceEvents as TraceEvent[], []);
  process.exit(0);
}
const seed = process.argv[2] === undefined || process.argv[2] === 'all' ? 'all' : Number(process.argv[2]);
const wordCount = Number(process.argv[3] ?? 5);

const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-search-'));
const srv = await startToolServer(dataDir, seed);
const browser = await launchBrowser();
const tracePath = join(dataDir, 'trace.json');
try {
  const names = pickedNames(
    loadCities(seed).map((c) => String(c.p.name)),
    wordCount,
  );
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addCookies([{ name: 'mapdraft_cookie_consent', value: 'accepted', url: srv.url }]);
  const page = await context.newPage();
  const cdp = await cdpFor(page);
  await page.goto(`${srv.url}/${DEMO_APP_KEY}`);
  await page.locator('[data-testid=map][data-features-loaded]').waitFor({ timeout: 10 * 60_000 });
  await page.waitForTimeout(2000);
  const input = page.getByTestId('search-input');
  await browser.startTracing(page, {
    path: tracePath,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8',
      'disabled-by-default-v8.cpu_profiler',
      'blink.user_timing',
    ],
  });
  await setThrottle(cdp, 4);
  for (const name of names) {
    await input.fill('');
    await input.pressSequentially(name, { delay: 80 });
    await page
      .locator(`[data-testid=search-results][data-query="${name.replace(/"/g, '\\"')}"][data-pending=false]`)
      .waitFor({ timeout: 60_000 });
  }
  await setThrottle(cdp, 1);
  const buf = await browser.stopTracing();
  writeFileSync(tracePath, buf);
  report(JSON.parse(buf.toString()).traceEvents as TraceEvent[], names);
  await context.close();
} finally {
  await browser.close();
  await srv.close();
  if (!process.env.KEEP_TRACE) rmSync(dataDir, { recursive: true, force: true });
  else console.log(`trace: ${tracePath}`);
}

function report(events: TraceEvent[], names: string[]) {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && (e.args as { name: string }).name === 'CrRendererMain');
  // The page's main thread: the renderer main thread with the most task time.
  const busy = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_US);
  // JS samples of the main thread's profile.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && e.pid === main.pid && e.tid === main.tid).map((e) => e.id));
  let start = 0;
  for (const e of events) {
    if (e.name === 'Profile' && profileIds.has(e.id)) start = (e.args as { data: { startTime: number } }).data.startTime;
  }
  let t = start;
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && profileIds.has(x.id))) {
    const data = (e.args as { data: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } }).data;
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const s = data.cpuProfile?.samples ?? [];
    const d = data.timeDeltas ?? [];
    for (let i = 0; i < s.length; i++) {
      t += d[i] ?? 0;
      samples.push({ ts: t, node: s[i] });
    }
  }
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || '(anonymous)'} ${(n.callFrame.url ?? '').split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  console.log(`typed: ${names.join(', ')}`);
  console.log(`long tasks (> 50 ms) on the main thread: ${tasks.length}; longest ${Math.max(0, ...tasks.map((x) => x.dur!)) / 1000} ms`);
  // Per key, load-independent: the CPU time of the page's JS run by each 'input' event.
  const inputs = onMain.filter((e) => e.name === 'EventDispatch' && (e.args as { data?: { type?: string } }).data?.type === 'input');
  const perKey = inputs
    .map((d) =>
      onMain
        .filter((e) => e.name === 'FunctionCall' && e.ts >= d.ts && e.ts < d.ts + (d.dur ?? 0))
        .reduce((sum, e) => sum + (e.tdur ?? 0), 0),
    )
    .sort((a, b) => a - b);
  const at = (q: number) => ((perKey[Math.min(perKey.length - 1, Math.floor(q * perKey.length))] ?? 0) / 1000).toFixed(1);
  console.log(
    `JS CPU per key (input event, thread time): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms over ${perKey.length} keys`,
  );
  const totalsByName = new Map<string, number>();
  const selfByFn = new Map<string, number>();
  const inclByFn = new Map<string, number>();
  for (const task of tasks.sort((a, b) => b.dur! - a.dur!).slice(0, 12)) {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((e) => e.ph === 'X' && e.ts >= task.ts && e.ts < end && e !== task && (e.dur ?? 0) > 1000);
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
    for (const [k, v] of byName) totalsByName.set(k, (totalsByName.get(k) ?? 0) + v);
    const self = new Map<string, number>();
    const incl = new Map<string, number>();
    let prev = task.ts;
    for (const s of samples) {
      if (s.ts < task.ts || s.ts >= end) continue;
      const dt = s.ts - prev;
      prev = s.ts;
      const leaf = nodes.get(s.node);
      if (!leaf) continue;
      self.set(label(leaf), (self.get(label(leaf)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) {
        const l = label(n);
        if (seen.has(l)) continue;
        seen.add(l);
        incl.set(l, (incl.get(l) ?? 0) + dt);
      }
    }
    for (const [k, v] of self) selfByFn.set(k, (selfByFn.get(k) ?? 0) + v);
    for (const [k, v] of incl) inclByFn.set(k, (inclByFn.get(k) ?? 0) + v);
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${(v / 1000).toFixed(1)} ${k}`)
        .join(' | ');
    console.log(`\n== task ${(task.dur! / 1000).toFixed(1)} ms`);
    console.log(`  events: ${top(byName, 8)}`);
    console.log(`  js self: ${top(self, 10)}`);
    console.log(`  js incl: ${top(incl, 16)}`);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `  ${(v / 1000).toFixed(1)} ms  ${k}`)
      .join('\n');
  console.log(
    `\n== all long tasks: events\n${top(totalsByName, 15)}\n== js self\n${top(selfByFn, 25)}\n== js inclusive\n${top(inclByFn, 40)}`,
  );
}
