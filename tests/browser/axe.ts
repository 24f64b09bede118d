// axe-core in the browser tests (issue 19): the critical and serious violations of a piece of UI,
// as "rule: selectors" lines, so a failing assertion names what to fix.
import axe from 'axe-core';

export async function seriousViolations(context: Element | Document = document): Promise<string[]> {
  const result = await axe.run(context, { resultTypes: ['violations'] });
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
