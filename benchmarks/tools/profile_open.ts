// One cold open of the built app on the real server (PGlite, 2k cities), with a CPU profile of the
// main thread from navigation to `mapdraft:features-drawn`; prints self time by script and function,
// and the main thread's canvas 2D fill/stroke calls (the base map's draws; features are drawn in a worker),
// the first paint, the main-thread long tasks from it to the features drawn (issue 17
// target 4), the JavaScript fetched by then (files, decoded kB), and the CSS rules and elements in the
// document then (counts that do not depend on the machine's load), and for each of those long tasks the
// functions that held it (inclusive time; in an unminified build, `npx vite build --minify false`, React
// components show by name) and the React effects that ran in it (by their function's place in the bundle). Options (env): MAPDRAFT_PROFILE_CITIES (default 2000; `all`: every city), MAPDRAFT_PROFILE_RATE
// (CDP main-thread slowdown, default 1), MAPDRAFT_PROFILE_ALL_TASKS=1 (the long tasks before the first
// paint too: the bundle's evaluation, React's first render), MAPDRAFT_PROFILE_COMMITS=1 (React's commits
// from the first paint to the features drawn, each with the components that rendered in it),
// MAPDRAFT_PROFILE_SAVE=file.cpuprofile (the whole profile, for DevTools' Performance panel),
// MAPDRAFT_PROFILE_PINNED=1 (the whole browser on one core, as scenario 14 runs it), MAPDRAFT_PROFILE_WARM=1
// (a warm open instead: the second visit of the profile, once the first has stored its layers).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startToolServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK, LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { launchBrowser, newContext } from '../lib/browser.ts';
import { setThrottle } from '../lib/cdp.ts';
import { afterFirstPaint, describeLongTasks, LONG_TASK_RECORDER, type LongTaskRecord, longTaskRecordAt } from '../lib/long_tasks.ts';
import { REACT_COMMITS_HOOK, type ReactCommit } from '../lib/react_commits.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-profile-'));
const citiesOption = process.env.MAPDRAFT_PROFILE_CITIES ?? '2000';
const cities = citiesOption === 'all' ? 'all' : Number(citiesOption);
const rate = Number(process.env.MAPDRAFT_PROFILE_RATE ?? 1);
const allTasks = process.env.MAPDRAFT_PROFILE_ALL_TASKS === '1';
const withCommits = process.env.MAPDRAFT_PROFILE_COMMITS === '1';
const warm = process.env.MAPDRAFT_PROFILE_WARM === '1';
const srv = await startToolServer(dataDir, cities);
const browser = await launchBrowser({ pinned: process.env.MAPDRAFT_PROFILE_PINNED === '1' });
const context = await newContext(browser);
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await setThrottle(cdp, rate);
if (withCommits) await page.addInitScript(REACT_COMMITS_HOOK);
await page.addInitScript(LONG_TASK_RECORDER);
await page.addInitScript(() => {
  const stats = { fills: 0, fillMs: 0, strokes: 0, strokeMs: 0, sizes: new Set<string>() };
  (window as unknown as { __fillStats: typeof stats }).__fillStats = stats;
  const proto = CanvasRenderingContext2D.prototype;
  const fill = proto.fill;
  const stroke = proto.stroke;
  proto.fill = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const t = performance.now();
    (fill as (...a: unknown[]) => void).apply(this, args);
    stats.fillMs += performance.now() - t;
    stats.fills++;
    stats.sizes.add(`${this.canvas.width}x${this.canvas.height}`);
  } as typeof proto.fill;
  proto.stroke = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
    const t = performance.now();
    (stroke as (...a: unknown[]) => void).apply(this, args);
    stats.strokeMs += performance.now() - t;
    stats.strokes++;
  } as typeof proto.stroke;
});
if (warm) {
  // The first visit, unprofiled: the profile is of the second (its layers drawn from the local store).
  await page.goto(`${srv.url}/${DEMO_APP_KEY}`, { waitUntil: 'commit' });
  await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, LAYERS_STORED_MARK, { timeout: 180_000, polling: 200 });
}
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`${srv.url}/${DEMO_APP_KEY}`, { waitUntil: 'commit' });
await page.waitForFunction((m) => performance.getEntriesByName(m).length > 0, FEATURES_DRAWN_MARK, { timeout: 120_000, polling: 200 });
// The profile's clock against the page's: a named busy loop, found among the samples.
// (A string: tsx would wrap a named function in a helper the page does not have.)
const syncAt = (await page.evaluate(
  '(function profileClockSync() { const t = performance.now(); while (performance.now() < t + 30) {} return t; })()',
)) as number;
const { profile } = await cdp.send('Profiler.stop');
if (process.env.MAPDRAFT_PROFILE_SAVE) writeFileSync(process.env.MAPDRAFT_PROFILE_SAVE, JSON.stringify(profile));
const fills = await page.evaluate(() => {
  const s = (window as unknown as { __fillStats: { fills: number; fillMs: number; strokes: number; strokeMs: number; sizes: Set<string> } })
    .__fillStats;
  return { ...s, sizes: [...s.sizes] };
});
console.log('canvas 2D on the main thread:', JSON.stringify(fills));
const record = await page.evaluate<LongTaskRecord>(longTaskRecordAt(FEATURES_DRAWN_MARK));
const drawn = record.markMs;
const tasks = allTasks ? record.tasks.filter(([start]) => start <= record.markMs) : afterFirstPaint(record);
const open = await page.evaluate((drawnAt) => {
  const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
    (r) => r.name.endsWith('.js') && r.startTime < drawnAt && !r.name.includes('worker'),
  );
  return {
    scripts: scripts.length,
    scriptKb: scripts.reduce((a, r) => a + r.decodedBodySize, 0) / 1024,
    // Load-independent counts of the first render's work: CSS rules inserted (Griffel), elements.
    cssRules: [...document.styleSheets].reduce((a, sheet) => a + sheet.cssRules.length, 0),
    elements: document.getElementsByTagName('*').length,
  };
}, drawn);
console.log(
  `first paint ${record.firstPaintMs.toFixed(0)} ms; ${allTasks ? 'navigation' : 'first paint'} → drawn: ${describeLongTasks(tasks)}; ` +
    `main-thread scripts by then: ${open.scripts} files, ${open.scriptKb.toFixed(0)} kB decoded; ` +
    `${open.cssRules} CSS rules, ${open.elements} elements`,
);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
type CallFrame = (typeof profile.nodes)[number]['callFrame'];
/** A script by its file name, without the build's content hash ('index.js'). */
const scriptOf = (url: string) => (url.split('/').pop() ?? '').replace(/-[\w-]{8}\.js/, '.js');
/** A function by its name and place ('init@index.js:120'; '(anon)' for one without a name). */
const placeOf = (f: CallFrame) => `${f.functionName || '(anon)'}@${scriptOf(f.url)}:${f.lineNumber}`;
const self = new Map<number, number>();
const dt = profile.timeDeltas ?? [];
profile.samples?.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0) / 1000));
const byScript = new Map<string, number>();
const byFn = new Map<string, number>();
for (const [id, ms] of self) {
  const f = byId.get(id)!.callFrame;
  const script = scriptOf(f.url) || f.functionName || '(none)';
  byScript.set(script, (byScript.get(script) ?? 0) + ms);
  const key = `${f.functionName || '(anon)'} ${script}:${f.lineNumber}:${f.columnNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + ms);
}
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`)
    .join('\n');
// Each long task's holders: a sample's time on the page's clock, every function on its stack once.
const sampleAt: number[] = [];
let clock = profile.startTime;
for (const d of dt) sampleAt.push((clock += d) / 1000);
const syncSample = profile.samples?.findIndex((id) => byId.get(id)!.callFrame.functionName === 'profileClockSync') ?? -1;
const toPage = syncSample >= 0 ? syncAt - sampleAt[syncSample] : Number.NaN;
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
for (const [start, ms] of tasks) {
  /** Whether sample `i` fell within this task (on the page's clock). */
  const inTask = (i: number) => sampleAt[i] + toPage >= start && sampleAt[i] + toPage <= start + ms;
  const held = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    if (!inTask(i)) return;
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const f = byId.get(node)!.callFrame;
      // Components and classes by name (capitalised), the rest would be React's and the scheduler's frames.
      if (!/^[A-Z]/.test(f.functionName)) continue;
      const key = `${f.functionName} ${scriptOf(f.url)}`;
      if (!seen.has(key)) held.set(key, (held.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      seen.add(key);
    }
  });
  console.log(`long task at ${start.toFixed(0)} ms, ${ms.toFixed(0)} ms: ${top(held, 8).replace(/\n/g, ' |')}`);
  const selfIn = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    if (!inTask(i)) return;
    const f = byId.get(id)!.callFrame;
    // An anonymous function by its place, a named one by its name.
    const key = f.functionName || placeOf(f);
    selfIn.set(key, (selfIn.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log('   self:', top(selfIn, 6).replace(/\n/g, ' |'));
  // React's effects run in it, each by the place of its function (the frame React's effect runner called).
  const effects = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    if (!inTask(i)) return;
    let callee: number | undefined;
    for (let node: number | undefined = id; node !== undefined; callee = node, node = parent.get(node)) {
      if (byId.get(node)!.callFrame.functionName !== 'commitHookEffectListMount' || callee === undefined) continue;
      const key = placeOf(byId.get(callee)!.callFrame);
      effects.set(key, (effects.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
      break;
    }
  });
  if (effects.size) console.log('   effects:', top(effects, 8).replace(/\n/g, ' |'));
  // Where the task came in: the first two frames under the root (a timer's callback, a message handler).
  const entry = new Map<string, number>();
  profile.samples?.forEach((id, i) => {
    if (!inTask(i)) return;
    const chain: number[] = [];
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) chain.unshift(node);
    const name = chain
      .slice(1, 4)
      .map((n) => placeOf(byId.get(n)!.callFrame))
      .join(' > ');
    entry.set(name, (entry.get(name) ?? 0) + (dt[i] ?? 0) / 1000);
  });
  console.log('   entry:', top(entry, 3).replace(/\n/g, ' |'));
}
if (withCommits) {
  const commits = (await page.evaluate('window.__reactCommits')) as ReactCommit[];
  for (const c of commits.filter((c) => (allTasks || c.at > record.firstPaintMs) && c.at <= drawn)) {
    console.log(
      `commit at ${c.at.toFixed(0)} ms: ${c.rendered.slice(0, 40).join(', ')}${c.rendered.length > 40 ? ` … (${c.rendered.length})` : ''}`,
    );
  }
}
console.log(`drawn at ${drawn.toFixed(0)} ms\n-- by script\n${top(byScript, 15)}\n-- by function\n${top(byFn, 30)}`);
await browser.close();
await srv.close();
rmSync(dataDir, { recursive: true, force: true });
