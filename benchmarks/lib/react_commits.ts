// React's commits in a page, without React's developer tools: a stand-in for their global hook
// (React calls `onCommitFiberRoot` after each commit) records when each commit happened and which
// components rendered in it. A component rendered when its fiber has React's "performed work" flag;
// a subtree whose child pointer did not change was not visited (React skipped it), so it is not walked
// — the check React's developer tools make. Component names need an unminified build
// (`npx vite build --minify false`). A string, added with `page.addInitScript` before the app loads.
export interface ReactCommit {
  /** `performance.now()` when the commit finished. */
  at: number;
  /** The components that rendered, the most often first (`Name×count` when more than once). */
  rendered: string[];
}

export const REACT_COMMITS_HOOK = `(() => {
  const commits = [];
  window.__reactCommits = commits;
  const FUNCTION = 0, CLASS = 1, FORWARD_REF = 11, MEMO = 14, SIMPLE_MEMO = 15, PERFORMED_WORK = 1;
  const components = new Set([FUNCTION, CLASS, FORWARD_REF, MEMO, SIMPLE_MEMO]);
  const nameOf = (f) => {
    const t = f.type;
    if (!t || typeof t === 'string') return null;
    if (typeof t === 'function') return t.displayName || t.name || null;
    const inner = t.type || t.render;
    return t.displayName || (inner && (inner.displayName || inner.name)) || null;
  };
  const walk = (first, names) => {
    for (let f = first; f; f = f.sibling) {
      const prev = f.alternate;
      if ((f.flags & PERFORMED_WORK) && components.has(f.tag)) {
        const n = nameOf(f);
        if (n) names.set(n, (names.get(n) || 0) + 1);
      }
      if (f.child && (prev === null || f.child !== prev.child)) walk(f.child, names);
    }
  };
  let renderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(r) { renderers += 1; this.renderers.set(renderers, r); return renderers; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const names = new Map();
      const top = root.current;
      if (top.child && (top.alternate === null || top.child !== top.alternate.child)) walk(top.child, names);
      const rendered = [...names].sort((a, b) => b[1] - a[1]).map(([n, c]) => (c > 1 ? n + '×' + c : n));
      commits.push({ at: performance.now(), rendered });
    },
  };
})();`;
