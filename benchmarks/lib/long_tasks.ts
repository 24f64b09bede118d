// The page's main-thread long tasks (over 50 ms) during an open, counted one way by every tool: from the
// first paint (the shell on screen; issue 17 target 4) to a mark such as "features drawn".
// The page-side parts are strings: added and evaluated as they are (tsx would wrap a named function in
// a helper the page does not have).

/** Added before the app loads: [startTime, duration] of every long task since navigation, in `window.__benchLongTasks`. */
export const LONG_TASK_RECORDER = `(() => {
  const tasks = (window.__benchLongTasks = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})()`;

export interface LongTaskRecord {
  /** The first paint (the first contentful one where the browser reports no other). */
  firstPaintMs: number;
  markMs: number;
  /** [startTime, duration] of every long task since navigation. */
  tasks: [number, number][];
}

/** An expression for `page.evaluate` (CDP's, which the app's CSP allows) once mark `mark` is set: the page's `LongTaskRecord`. */
export const longTaskRecordAt = (mark: string): string => `(() => {
  const mark = performance.getEntriesByName(${JSON.stringify(mark)})[0];
  const paints = performance.getEntriesByType('paint');
  const paint = paints.find((p) => p.name === 'first-paint') ?? paints[0];
  return { firstPaintMs: paint ? paint.startTime : 0, markMs: mark.startTime, tasks: window.__benchLongTasks ?? [] };
})()`;

/** The long tasks that end after the first paint and start before the mark. */
export const afterFirstPaint = (r: LongTaskRecord): [number, number][] =>
  r.tasks.filter(([start, ms]) => start + ms >= r.firstPaintMs && start <= r.markMs);

/** "n long tasks ≤ L ms (S ms in all)". */
export function describeLongTasks(tasks: [number, number][]): string {
  const ms = tasks.map(([, d]) => Math.round(d));
  return `${tasks.length} long tasks${tasks.length ? ` ≤ ${Math.max(...ms)} ms (${ms.reduce((a, b) => a + b, 0)} ms in all)` : ''}`;
}
