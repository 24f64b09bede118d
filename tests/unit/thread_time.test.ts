// The taps tool's per-thread CPU (benchmarks/lib/thread_time.ts): each process's tasks summed into the
// tap whose window they start in, by thread time where the trace has it.
import { describe, expect, it } from 'vitest';
import { pointerDowns, threadTimes } from '../../benchmarks/lib/thread_time.ts';
import type { TraceEvent } from '../../benchmarks/lib/trace_event.ts';

const meta = (pid: number, tid: number, process: string, thread: string): TraceEvent[] => [
  { name: 'process_name', ph: 'M', ts: 0, pid, tid, args: { name: process } },
  { name: 'thread_name', ph: 'M', ts: 0, pid, tid, args: { name: thread } },
];
const task = (pid: number, tid: number, ts: number, dur: number, tdur?: number): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  cat: 'disabled-by-default-devtools.timeline,toplevel',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});
const down = (ts: number): TraceEvent => ({
  name: 'EventDispatch',
  ph: 'X',
  ts,
  dur: 100,
  pid: 2,
  tid: 1,
  args: { data: { type: 'pointerdown' } },
});

describe('thread times per tap', () => {
  const events = [
    ...meta(1, 1, 'GPU Process', 'CrGpuMain'),
    ...meta(2, 1, 'Renderer', 'CrRendererMain'),
    down(2_000_000),
    down(1_000_000),
    { ...down(1_000_500), args: { data: { type: 'pointerup' } } },
    task(1, 1, 1_010_000, 60_000, 50_000),
    task(1, 1, 2_010_000, 8_000),
    task(2, 1, 1_001_000, 20_000, 15_000),
    task(2, 1, 2_001_000, 30_000, 25_000),
    // Outside every window, and a nested event that is not a scheduler task: neither counts.
    task(2, 1, 1_500_000, 40_000, 40_000),
    { ...task(2, 1, 1_002_000, 5_000, 5_000), cat: 'devtools.timeline' },
  ];
  it('finds the taps and sums each thread into its tap', () => {
    const starts = pointerDowns(events);
    expect(starts).toEqual([1_000_000, 2_000_000]);
    const { threads, perWindow } = threadTimes(events, starts, 300_000);
    expect(threads).toEqual(['GPU Process/CrGpuMain', 'Renderer/CrRendererMain']);
    expect(perWindow.map((w) => Object.fromEntries(w))).toEqual([
      { 'GPU Process/CrGpuMain': 50, 'Renderer/CrRendererMain': 15 },
      { 'GPU Process/CrGpuMain': 8, 'Renderer/CrRendererMain': 25 },
    ]);
  });
});
