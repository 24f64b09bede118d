// CPU time per process and thread in windows of a Chrome trace (issue 17: which process a slow tap
// waited for — the page's main thread, the GPU process, the browser — when the whole browser shares
// one pinned core). Sums the `toplevel` tasks (each thread's scheduler tasks, thread time where the
// trace has it) that start inside each window.
import type { TraceEvent } from './trace_event.ts';

/** Categories for `browser.startTracing`: every process's tasks and the page's input events. */
export const THREAD_TIME_CATEGORIES = ['toplevel', 'devtools.timeline', 'gpu', 'viz', 'cc'];

export interface ThreadTimes {
  /** "Process/thread" names, in the order of their largest window. */
  threads: string[];
  /** ms of CPU per window, one map per window: thread → ms. */
  perWindow: Map<string, number>[];
}

/** The trace's pointerdown dispatches on the page, in µs, oldest first (one per tap). */
export function pointerDowns(events: TraceEvent[]): number[] {
  return events
    .filter((e) => e.name === 'EventDispatch' && (e.args?.data as { type?: string } | undefined)?.type === 'pointerdown')
    .map((e) => e.ts)
    .sort((a, b) => a - b);
}

export function threadTimes(events: TraceEvent[], starts: number[], windowUs: number): ThreadTimes {
  const processes = new Map<number, string>();
  const threads = new Map<string, string>();
  for (const e of events) {
    const name = (e.args as { name?: string } | undefined)?.name;
    if (e.ph !== 'M' || !name) continue;
    if (e.name === 'process_name') processes.set(e.pid, name);
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, name);
  }
  const perWindow = starts.map(() => new Map<string, number>());
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur || !e.cat?.split(',').includes('toplevel')) continue;
    const i = starts.findIndex((t) => e.ts >= t && e.ts < t + windowUs);
    if (i < 0) continue;
    const thread = `${processes.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
    perWindow[i].set(thread, (perWindow[i].get(thread) ?? 0) + (e.tdur ?? e.dur) / 1000);
  }
  const largest = (thread: string) => Math.max(...perWindow.map((w) => w.get(thread) ?? 0));
  const names = [...new Set(perWindow.flatMap((w) => [...w.keys()]))].sort((a, b) => largest(b) - largest(a));
  return { threads: names, perWindow };
}

/** One line per thread that took at least `minMs` in some window: its ms in each window. */
export function printThreadTimes({ threads, perWindow }: ThreadTimes, minMs = 3): void {
  console.log(`CPU ms per thread in each tap's window: ${perWindow.map((_, i) => `tap ${i + 1}`).join(', ')}`);
  for (const thread of threads) {
    const row = perWindow.map((w) => w.get(thread) ?? 0);
    if (Math.max(...row) >= minMs) console.log(`${row.map((ms) => ms.toFixed(0).padStart(5)).join('')}   ${thread}`);
  }
}
