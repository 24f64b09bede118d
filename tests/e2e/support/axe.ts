// axe-core in an e2e page (issue 19): injected once per page, run over the page or a part of it;
// the critical and serious violations come back as "rule: selector <html…>" lines.
// Tabster's focus-redirect sentinels (`<i data-tabster-dummy aria-hidden tabindex=0>`, added by Fluent
// UI around focus groups and the page) are left out: they are focusable and aria-hidden on purpose,
// to hand the focus on at once (microsoft/tabster#288, suppressed the same way by Accessibility
// Insights); every other aria-hidden-focus is still a failure.
// A surface still in its entrance motion (a dialog fading in on a loaded machine) has colours between
// the page's and its own: the scan waits for every finite animation to end, as a reader's eye would.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async (sel) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const context = { include: [sel ?? 'html'], exclude: ['[data-tabster-dummy]'] };
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`);
  }, selector);
}
