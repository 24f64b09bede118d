// One cold open (and then a warm one) of the built app on the real server (PGlite), the whole browser
// pinned to one core as scenario 14 runs it, with a Chrome trace of every thread: prints, per thread
// (main thread, data worker, render worker, GPU, compositor…), its busy time from navigation to
// `mapdraft:features-drawn`, what it was busy with (trace event names; script by file), and a strip of
// 250 ms buckets showing which thread held the core when, and the page's main-thread tasks over 50 ms
// with what ran inside each. Answers "where does an open's time go"
// across threads, which a main-thread profile cannot (issue 17). Options (env):
// MAPDRAFT_TRACE_CITIES (default all 135k), MAPDRAFT_TRACE_RATE (main-thread CDP slowdown, default 1),
// MAPDRAFT_TRACE_WARM_SERVER=n (n visits in other profiles first, so the server has its answers ready),
// MAPDRAFT_TRACE_JS=1 (V8's sampler on every thread: each thread's hottest JavaScript functions too),
// MAPDRAFT_TRACE_AFTER_MS=n (the n ms after the features are drawn instead: what the open leaves running),
// MAPDRAFT_TRACE_CATEGORIES=a,b (more trace categories, e.g. v8.wasm: what the thread pools do),
// MAPDRAFT_TRACE_SAVE=prefix (each open's whole trace written to prefix-cold.json, prefix-warm.json, for
// chrome://tracing or Perfetto).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startToolServer } from '../lib/bench_server.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { cdpFor, setThrottle } from '../lib/cdp.ts';
import type { TraceEvent } from '../lib/trace_event.ts';
import { jsSelfTimeByThread } from '../lib/trace_samples.ts';
import { printTicks, threadTicks } from '../lib/proc_ticks.ts';

const citiesEnv = process.env.MAPDRAFT_TRACE_CITIES;
const cities = citiesEnv ? Number(citiesEnv) : 'all';
const rate = Number(process.env.MAPDRAFT_TRACE_RATE ?? 1);
const afterMs = Number(process.env.MAPDRAFT_TRACE_AFTER_MS ?? 0);
const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-trace-'));
const srv = await startToolServer(dataDir, cities);
const browser = await launchBrowser({ pinned: true });
const context = await newContext(browser);
const categories = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'gpu',
  ...(process.env.MAPDRAFT_TRACE_JS ? ['disabled-by-default-v8.cpu_profiler'] : []),
  ...(process.env.MAPDRAFT_TRACE_CATEGORIES?.split(',') ?? []),
];

async function tracedOpen(label: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await cdpFor(page);
  await setThrottle(cdp, rate);
  await browser.startTracing(page, { categories });
  const ticksBefore = threadTicks();
  await page.goto(`${srv.url}/${DEMO_APP_KEY}`, { waitUntil: 'commit' });
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FEATURES_DRAWN_MARK, { timeout: 180_000, polling: 250 });
  const ticksDrawn = threadTicks();
  if (afterMs) await page.waitForTimeout(afterMs);
  const ticksAfter = threadTicks();
  const workerResources = await Promise.all(
    page
      .workers()
      .map((w) =>
        w.evaluate(() =>
          (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
            (r) =>
              `${Math.round(r.startTime)} → ${Math.round(r.responseStart)} → ${Math.round(r.responseEnd)} ms (worker clock) ${Math.round(r.encodedBodySize / 1024)} kB ${r.name.slice(0, 100)}`,
          ),
        ),
      ),
  );
  const traceText = (await browser.stopTracing()).toString();
  if (process.env.MAPDRAFT_TRACE_SAVE) writeFileSync(`${process.env.MAPDRAFT_TRACE_SAVE}-${label.split(' ')[0]}.json`, traceText);
  const trace = JSON.parse(traceText) as { traceEvents: TraceEvent[] };
  await setThrottle(cdp, 1);
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
      .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .map(
        (r) =>
          `${Math.round(r.startTime).toString().padStart(6)} → ${Math.round(r.responseStart).toString().padStart(6)} → ${Math.round(r.responseEnd).toString().padStart(6)} ms ${Math.round(
            r.encodedBodySize / 1024,
          )
            .toString()
            .padStart(5)} kB ${r.name.replace(location.origin, '').slice(0, 90)}`,
      ),
  );
  const marks = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .concat(performance.getEntriesByType('paint'))
      .map((m) => [m.name, Math.round(m.startTime)] as const),
  );
  // Let the first visit finish storing (warm visits read the store) before the page closes.
  await page
    .waitForFunction(() => performance.getEntriesByName('mapdraft:layers-stored').length > 0, null, { timeout: 180_000 })
    .catch(() => undefined);
  await page.close();
  report(label, trace.traceEvents, marks);
  console.log(`resources (start → first byte → end):\n${resources.join('\n')}`);
  console.log(`worker resources:\n${workerResources.flat().join('\n')}`);
  printTicks(afterMs ? ticksDrawn : ticksBefore, ticksAfter);
}

function report(label: string, events: TraceEvent[], marks: (readonly [string, number])[]): void {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String(e.args?.name ?? '?'));
  const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToFirstContentfulPaint');
  const drawn = events.find((e) => e.name === FEATURES_DRAWN_MARK);
  const start = nav?.ts ?? Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const end = drawn?.ts ?? Math.max(...events.map((e) => e.ts));
  // The open, or with MAPDRAFT_TRACE_AFTER_MS the time after it.
  const [t0, t1] = afterMs ? [end, end + afterMs * 1000] : [start, end];
  const inWindow = (e: TraceEvent) => e.ph === 'X' && e.ts >= t0 && e.ts <= t1;
  const buckets = Math.ceil((t1 - t0) / 250_000);
  const perThread = new Map<
    string,
    { busy: number; busyUntil: number; strip: number[]; what: Map<string, number>; count: Map<string, number> }
  >();
  const thread = (key: string) => {
    let t = perThread.get(key);
    if (!t) perThread.set(key, (t = { busy: 0, busyUntil: 0, strip: new Array(buckets).fill(0), what: new Map(), count: new Map() }));
    return t;
  };
  const sorted = events.filter((e) => inWindow(e) && e.dur).sort((a, b) => a.ts - b.ts);
  for (const e of sorted) {
    if (!e.dur) continue;
    const t = thread(`${e.pid}:${e.tid}`);
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask' || e.name === 'Scheduler::RunTask') {
      // Tasks nest (a nested run loop, the GPU scheduler inside a task): count each instant once.
      const from = Math.max(e.ts, t.busyUntil);
      if (e.ts + e.dur <= from) continue;
      // CPU time where the trace has it (the threads share one core: wall time counts waits too).
      const share = e.tdur !== undefined ? e.tdur / e.dur : 1;
      t.busy += (e.ts + e.dur - from) * share;
      t.busyUntil = e.ts + e.dur;
      for (let ts = from; ts < e.ts + e.dur; ) {
        const b = Math.floor((ts - t0) / 250_000);
        const end = Math.min(e.ts + e.dur, t0 + (b + 1) * 250_000);
        if (b < buckets) t.strip[b] += (end - ts) * share;
        ts = end;
      }
      continue;
    }
    const file = (e.args?.data as { url?: string } | undefined)?.url
      ?.split('/')
      .pop()
      ?.replace(/-[\w-]{8}\.js/, '.js');
    const key = file ? `${e.name} ${file}` : e.name;
    t.what.set(key, (t.what.get(key) ?? 0) + (e.tdur ?? e.dur));
    t.count.set(key, (t.count.get(key) ?? 0) + 1);
  }
  console.log(
    `\n== ${label}: ${afterMs ? `${afterMs} ms after the features drawn` : `navigation → drawn ${((t1 - t0) / 1000).toFixed(0)} ms`} (rate ${rate}×)`,
  );
  console.log(`marks: ${marks.map(([n, t]) => `${n.replace('mapdraft:', '')} ${t}`).join(', ')}`);
  // The page's long tasks (over 50 ms, issue 17 target 4), each with what ran longest inside it.
  if (drawn) {
    const onMain = sorted.filter((e) => e.pid === drawn.pid && e.tid === drawn.tid);
    let until = 0; // the outermost task only: RunTask and ThreadControllerImpl::RunTask nest
    const long = onMain.filter((e) => {
      if ((e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') || (e.dur ?? 0) <= 50_000 || e.ts < until) return false;
      until = e.ts + (e.dur ?? 0);
      return true;
    });
    console.log(`main-thread tasks over 50 ms: ${long.length}`);
    for (const task of long) {
      const end = task.ts + (task.dur ?? 0);
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && !e.name.includes('RunTask'));
      const top = inside
        .map((e) => {
          const file = (e.args?.data as { url?: string } | undefined)?.url
            ?.split('/')
            .pop()
            ?.replace(/-[\w-]{8}\.js/, '.js');
          return [`${e.name}${file ? ` ${file}` : ''}`, e.dur ?? 0] as const;
        })
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5);
      console.log(
        `  at ${((task.ts - t0) / 1000).toFixed(0).padStart(6)} ms, ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms: ${top.map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`).join(' | ')}`,
      );
    }
  }
  const shade = ' .:-=+*#%@';
  for (const [key, t] of [...perThread].sort((a, b) => b[1].busy - a[1].busy)) {
    if (t.busy < 20_000) continue;
    const strip = t.strip.map((us) => shade[Math.min(9, Math.round((us / 250_000) * 9))]).join('');
    console.log(`\n${(names.get(key) ?? key).padEnd(28)} busy ${(t.busy / 1000).toFixed(0).padStart(6)} ms  |${strip}|`);
    const top = [...t.what].sort((a, b) => b[1] - a[1]).slice(0, 12);
    for (const [what, us] of top)
      console.log(`   ${(us / 1000).toFixed(0).padStart(6)} ms ${String(t.count.get(what)).padStart(6)}×  ${what}`);
  }
  for (const [thread, self] of jsSelfTimeByThread(events, t0, t1)) {
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    if (total < 20) continue;
    console.log(`\nJavaScript samples, ${names.get(thread) ?? thread}: ${total.toFixed(0)} ms`);
    for (const [fn, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`   ${ms.toFixed(0).padStart(6)} ms  ${fn}`);
  }
}

for (let i = 0; i < Number(process.env.MAPDRAFT_TRACE_WARM_SERVER ?? 0); i++) {
  // Visits in other profiles first: the server has built and kept each layer's answer, as a
  // server that has been up a while has.
  const other = await newContext(browser);
  const page = await other.newPage();
  await page.goto(`${srv.url}/${DEMO_APP_KEY}`);
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FEATURES_DRAWN_MARK, { timeout: 180_000, polling: 250 });
  await other.close();
}
await tracedOpen('cold open');
await tracedOpen('warm open');
await browser.close();
await srv.close();
rmSync(dataDir, { recursive: true, force: true });
