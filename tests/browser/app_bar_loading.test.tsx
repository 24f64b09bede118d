// The app bar's loading indicator (what the map holds, AppBar.tsx): named for a screen reader while the
// layers load, gone once they are drawn. Issue 17 target 4: it inserts no style rules when the layers
// begin to load — each insertion restyles the whole page, and Fluent's Spinner inserted its own then,
// a 60 ms task at 4× slowdown between the first paint and the features drawn.
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppBar } from '../../src/screens/AppBar.tsx';
import { useMapStore } from '../../src/state/map_store.ts';
import { render, shellConfig, unmount } from './shell_harness.tsx';

afterEach(async () => {
  await act(async () => useMapStore.getState().finishLoading());
  await unmount();
});

/** Every CSS rule in the document, at-rules' inner rules included. */
function ruleCount(): number {
  const count = (rules: CSSRuleList): number => {
    let n = 0;
    for (const rule of rules) n += 1 + ('cssRules' in rule ? count((rule as CSSGroupingRule).cssRules) : 0);
    return n;
  };
  let n = 0;
  for (const sheet of document.styleSheets) n += count(sheet.cssRules);
  return n;
}

const indicator = () => document.querySelector<HTMLElement>('[data-testid="app-bar"] [role="progressbar"]');

describe("the app bar's loading indicator", () => {
  it('shows while the layers load, named, turning, and without inserting style rules', async () => {
    await render(<AppBar config={shellConfig('')} />);
    expect(indicator()).toBeNull();
    const before = ruleCount();
    await act(async () => useMapStore.getState().startLoading());
    await expect.poll(indicator).not.toBeNull();
    expect(indicator()!.getAttribute('aria-label')).toBe('Loading map…');
    const box = indicator()!.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(10);
    expect(getComputedStyle(indicator()!).animationIterationCount).toBe('infinite');
    expect(ruleCount()).toBe(before);
    await act(async () => useMapStore.getState().finishLoading());
    await expect.poll(indicator).toBeNull();
  });
});
