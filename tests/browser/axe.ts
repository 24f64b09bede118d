// axe-core in the browser tests (issue 19): the critical and serious violations of a piece of UI,
// as "rule: selectors" lines, so a failing assertion names what to fix. Tabster's focus sentinels
// are left out, as in tests/e2e/support/axe.ts (why there).
import axe from 'axe-core';

export async function seriousViolations(element: Element = document.documentElement): Promise<string[]> {
  const result = await axe.run({ include: [element], exclude: ['[data-tabster-dummy]'] }, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
