// Issue 17: work that must not compete with the first open (the lazy chunks' prefetch, the service
// worker's precache) starts once a User Timing mark says the features are drawn, or after a
// fallback time where the mark never comes (an app without vector layers, a failed load, another screen).

/** Runs `task` once, when `mark` is set (or was already) or after `fallbackMs`; returns the cancel. */
export function afterMark(mark: string, fallbackMs: number, task: () => unknown): () => void {
  let done = false;
  const stop = () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
  const fire = () => {
    if (done) return;
    stop();
    task();
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(mark).length) fire();
  });
  observer.observe({ type: 'mark', buffered: true });
  const timer = setTimeout(fire, fallbackMs);
  return stop;
}
