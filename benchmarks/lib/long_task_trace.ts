// Which main-thread work makes the long tasks of a Chromium performance trace (the "Performance" panel's
// recording, taken with `browser.startTracing`): each task over the limit on the page's main thread,
// its largest timeline events (script, style, layout, paint) and the JS functions with the most
// sampled self time inside it (the V8 sampling profiler's ProfileChunk events).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber?: number; columnNumber?: number };
}

export interface LongTask {
  startMs: number;
  durationMs: number;
  /** The main thread's CPU time in the task: without the time it waited for the core (a loaded machine) or was paused by the CPU throttle. */
  cpuMs: number;
  /** Timeline events inside the task (FunctionCall, Layout, …) by total duration, ms. */
  events: [string, number][];
  /** JS functions by sampled self time inside the task, ms ("name file:line"). */
  selfTime: [string, number][];
  /** The same for each function with its callers (up to four), to say which component asked. */
  stacks: [string, number][];
  /** JS functions by sampled inclusive time (itself and what it called), ms: the components and hooks. */
  inclusive: [string, number][];
  /** Sampled time in the bench driver's own injected script (Playwright's hit-target checks, evaluate). */
  driverMs: number;
}

const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const EVENT_NAMES = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'V8.GC_SCAVENGER',
  'MajorGC',
  'MinorGC',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'XHRReadyStateChange',
  'v8.compile',
  'v8.parseOnBackground',
]);

const frameName = (n: ProfileNode) => {
  const f = n.callFrame;
  const file = f.url?.split('/').pop() ?? '';
  return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${(f.lineNumber ?? 0) + 1}` : ''}`;
};

/**
 * The long tasks on the renderer main thread of a trace, with what ran in them: over `limitMs` of wall
 * time, or with `cpuFactor` over `limitMs` of CPU time × cpuFactor. CDP's throttle pauses the thread,
 * which its CPU time does not count, so CPU time × 4 is about what the task takes at CPU 4× on a core of
 * its own, even when other processes share the core (wall time then says more about them than about us).
 */
export function longTasks(trace: { traceEvents: TraceEvent[] } | TraceEvent[], limitMs = 50, cpuFactor?: number): LongTask[] {
  const events = Array.isArray(trace) ? trace : trace.traceEvents;
  // The page's main thread: the CrRendererMain with the most work (workers and other frames are elsewhere).
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (pid: number, tid: number) =>
    events.reduce((s, e) => s + (e.pid === pid && e.tid === tid && TASK_NAMES.has(e.name) ? (e.dur ?? 0) : 0), 0);
  const main = mains.map((m) => ({ pid: m.pid, tid: m.tid, busy: busy(m.pid, m.tid) })).sort((a, b) => b.busy - a.busy)[0];
  if (!main) return [];
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  // Outermost tasks only (a ThreadControllerImpl::RunTask holds a RunTask of the same work).
  const tasks: TraceEvent[] = [];
  for (const e of events
    .filter((e) => onMain(e) && e.ph === 'X' && TASK_NAMES.has(e.name))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    const last = tasks.at(-1);
    if (last && e.ts < last.ts + (last.dur ?? 0)) continue;
    tasks.push(e);
  }
  const long = tasks.filter((e) => (cpuFactor ? (e.tdur ?? 0) * cpuFactor : (e.dur ?? 0)) > limitMs * 1000);
  // The sampling profile of the main thread: nodes and (time, node) samples from its ProfileChunks.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const profileIds = new Set(events.filter((e) => e.name === 'Profile' && onMain(e)).map((e) => e.id));
  let ts = 0;
  for (const e of events) {
    if (e.name === 'Profile' && profileIds.has(e.id)) ts = Number((e.args?.data as { startTime?: number } | undefined)?.startTime ?? 0);
    if (e.name !== 'ProfileChunk' || !profileIds.has(e.id)) continue;
    const data = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      ts += deltas[i] ?? 0;
      samples.push({ ts, node: ids[i] });
    }
  }
  samples.sort((a, b) => a.ts - b.ts);
  const t0 = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const top = (m: Map<string, number>, n: number): [string, number][] =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round(v * 10) / 10]);
  // A script without a URL at the bottom of the stack is the driver's (Playwright's injected script).
  const chainOf = (node: ProfileNode) => {
    const chain = [node];
    for (let p = node.parent; p !== undefined; p = nodes.get(p)?.parent) {
      const parent = nodes.get(p);
      if (parent && parent.callFrame.functionName !== '(root)') chain.push(parent);
    }
    return chain;
  };
  const isDriver = (chain: ProfileNode[]) => {
    const outer = chain.at(-1)!.callFrame;
    return !outer.url && !outer.functionName.startsWith('(');
  };
  return long.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const byEvent = new Map<string, number>();
    for (const e of events) {
      if (!onMain(e) || e.ph !== 'X' || !EVENT_NAMES.has(e.name) || e.ts < task.ts || e.ts >= end) continue;
      byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const self = new Map<string, number>();
    const stacks = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let driverMs = 0;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i];
      if (s.ts < task.ts || s.ts >= end) continue;
      const ms = ((samples[i + 1]?.ts ?? s.ts) - s.ts) / 1000;
      const node = nodes.get(s.node);
      if (!node) continue;
      const name = frameName(node);
      self.set(name, (self.get(name) ?? 0) + ms);
      const chain = chainOf(node);
      if (isDriver(chain)) driverMs += ms;
      const key = chain.slice(0, 5).map(frameName).join(' ← ');
      stacks.set(key, (stacks.get(key) ?? 0) + ms);
      for (const f of new Set(chain.map(frameName))) inclusive.set(f, (inclusive.get(f) ?? 0) + ms);
    }
    return {
      startMs: Math.round((task.ts - t0) / 1000),
      durationMs: Math.round((task.dur ?? 0) / 100) / 10,
      cpuMs: Math.round((task.tdur ?? 0) / 100) / 10,
      events: top(byEvent, 8),
      selfTime: top(self, 12),
      stacks: top(stacks, 8),
      inclusive: top(inclusive, 30),
      driverMs: Math.round(driverMs * 10) / 10,
    };
  });
}

/** Categories for `browser.startTracing`: the timeline and the main thread's JS samples. */
export const LONG_TASK_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'toplevel',
  'blink.user_timing',
];

/** Prints `tasks` under `title`: each with its timeline events, its JS functions by self time, their callers and the inclusive ones. */
export function printLongTasks(title: string, tasks: LongTask[]): void {
  console.log(`\n== ${title}: ${tasks.length}`);
  for (const t of tasks) {
    console.log(
      `\n${t.durationMs} ms wall, ${t.cpuMs} ms CPU, at ${t.startMs} ms: ${t.events.map(([n, ms]) => `${n} ${ms.toFixed(1)}`).join(', ')}`,
    );
    for (const [name, ms] of t.selfTime.slice(0, 8)) console.log(`  self ${ms.toFixed(1).padStart(7)} ms  ${name}`);
    for (const [stack, ms] of t.stacks.slice(0, 5)) console.log(`  from ${ms.toFixed(1).padStart(7)} ms  ${stack}`);
    for (const [name, ms] of t.inclusive.slice(0, 12)) console.log(`  incl ${ms.toFixed(1).padStart(7)} ms  ${name}`);
  }
}
