// Main-thread probes shared by the scenario modules: Long Tasks, Event Timing and rAF deltas.
export interface LongTaskProbe {
  stop(): { count: number; maxMs: number; totalMs: number; over50: number };
}

export function longTasks(): LongTaskProbe {
  const durations: number[] = [];
  const obs = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) durations.push(e.duration);
  });
  obs.observe({ type: 'longtask', buffered: false });
  return {
    stop() {
      for (const e of obs.takeRecords()) durations.push(e.duration);
      obs.disconnect();
      return {
        count: durations.length,
        maxMs: durations.length ? Math.max(...durations) : 0,
        totalMs: durations.reduce((a, b) => a + b, 0),
        over50: durations.filter((d) => d > 50).length,
      };
    },
  };
}

/** rAF deltas on this thread while `running()` holds. */
export function rafDeltas(): { stop(): number[] } {
  const deltas: number[] = [];
  let last = -1;
  let on = true;
  const tick = (t: number) => {
    if (!on) return;
    if (last >= 0) deltas.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      on = false;
      return deltas;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function nextFrame(): Promise<number> {
  return new Promise((r) => requestAnimationFrame(r));
}

export function heapBytes(): number {
  return (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN;
}
