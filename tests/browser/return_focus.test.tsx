// Issue 19 (keyboard): a surface gives the focus back to the control that opened it when it closes
// (src/state/use_return_focus.ts), and a closed surface's late attempts never take the focus from a
// surface opened after it (the keyboard journey's comparison lost its focus to the pending button).
import { afterEach, describe, expect, it } from 'vitest';
import { act, useEffect, useRef } from 'react';
import { create } from 'zustand';
import { useReturnFocus } from '../../src/state/use_return_focus.ts';
import { byTestId, render, unmount } from './shell_harness.tsx';

const press = (id: string) => {
  const button = byTestId(id);
  if (!button) throw new Error(`no ${id}`);
  button.focus();
  act(() => button.click());
};

afterEach(unmount);

const useOpen = create<{ a: boolean; b: boolean }>(() => ({ a: false, b: false }));

/** A surface that focuses itself `focusAfterMs` after it opens (a lazily loaded panel is late). */
function Surface({ name, focusAfterMs }: { name: string; focusAfterMs: number }) {
  useReturnFocus(true);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const timer = setTimeout(() => ref.current?.focus(), focusAfterMs);
    return () => clearTimeout(timer);
  }, [focusAfterMs]);
  return (
    <div ref={ref} tabIndex={-1} data-testid={`surface-${name}`}>
      {name}
    </div>
  );
}

function Screen({ bFocusAfterMs = 0 }: { bFocusAfterMs?: number }) {
  const { a, b } = useOpen();
  return (
    <>
      <button type="button" data-testid="open-a" onClick={() => useOpen.setState({ a: true })}>
        A
      </button>
      {/* B takes A's place, as one panel replaces another (a comparison opened over a feature prompt). */}
      <button type="button" data-testid="open-b" onClick={() => useOpen.setState({ a: false, b: true })}>
        B
      </button>
      {a && <Surface name="a" focusAfterMs={0} />}
      {b && <Surface name="b" focusAfterMs={bFocusAfterMs} />}
    </>
  );
}

const focused = () => document.activeElement?.getAttribute('data-testid') ?? null;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('focus given back by a closing surface', () => {
  it('goes back to the control that opened the surface', async () => {
    useOpen.setState({ a: false, b: false });
    await render(<Screen />);
    press('open-a');
    await expect.poll(focused).toBe('surface-a');
    act(() => useOpen.setState({ a: false }));
    await expect.poll(focused).toBe('open-a');
  });

  it('leaves the focus on the control that replaced the surface with another, slow to take the focus', async () => {
    useOpen.setState({ a: false, b: false });
    const bFocusAfterMs = 2000;
    await render(<Screen bFocusAfterMs={bFocusAfterMs} />);
    press('open-a');
    await expect.poll(focused).toBe('surface-a');
    // The user tabs out of A (not modal) to B's button and presses it: A closes as B opens.
    press('open-b');
    // Watched on the clock, not by counting sleeps: a loaded machine stretches each sleep, and a
    // look taken after B's own focus would see B, rightly.
    const closedAt = performance.now();
    while (performance.now() - closedAt < 500) {
      await sleep(50);
      const seenAt = performance.now() - closedAt;
      if (seenAt >= bFocusAfterMs - 100) break; // B's timer started just before closedAt
      expect(focused(), `${Math.round(seenAt)} ms after the close`).toBe('open-b');
    }
    await expect.poll(focused, { timeout: bFocusAfterMs + 3000 }).toBe('surface-b');
    act(() => useOpen.setState({ b: false }));
    await expect.poll(focused).toBe('open-b');
  });
});
