// Issue 17: background work waits for an idle period that comes after the user's input has been
// quiet for a moment (src/config/idle.ts), so a chunk is never evaluated between a drag's frames.
import { describe, expect, it } from 'vitest';
import { whenInputQuiet } from '../../src/config/idle.ts';

const QUIET_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function press(type: string, buttons: number) {
  document.body.dispatchEvent(new PointerEvent(type, { bubbles: true, buttons }));
}

/** When `whenInputQuiet` ran its task, ms after the call (undefined: not yet). */
function started(): { ranAfter: () => number | undefined } {
  const t0 = performance.now();
  let ranAt: number | undefined;
  whenInputQuiet(() => (ranAt = performance.now()), QUIET_MS);
  return { ranAfter: () => (ranAt === undefined ? undefined : ranAt - t0) };
}

describe('whenInputQuiet', () => {
  it('runs in the next idle period when the user has not touched the page lately', async () => {
    await sleep(QUIET_MS);
    const task = started();
    await expect.poll(task.ranAfter, { timeout: 2_000, interval: 10 }).toBeDefined();
    expect(task.ranAfter()).toBeLessThan(QUIET_MS);
  });

  it('waits while a drag goes on, and runs once the input has been quiet', async () => {
    press('pointerdown', 1);
    const task = started();
    // A drag: the pointer moves with its button pressed, for twice the quiet time.
    for (let i = 0; i < 6; i++) {
      await sleep(QUIET_MS / 3);
      press('pointermove', 1);
      expect(task.ranAfter()).toBeUndefined();
    }
    press('pointerup', 0);
    const upAt = performance.now();
    await expect.poll(task.ranAfter, { timeout: 2_000, interval: 10 }).toBeDefined();
    expect(performance.now() - upAt).toBeGreaterThanOrEqual(QUIET_MS);
  });

  it('does not wait for a mouse that only passes over the page, nor for a wheel turn long ago', async () => {
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
    await sleep(QUIET_MS);
    const task = started();
    press('pointermove', 0);
    await expect.poll(task.ranAfter, { timeout: 2_000, interval: 10 }).toBeDefined();
    expect(task.ranAfter()).toBeLessThan(QUIET_MS);
  });

  it('waits after a key press', async () => {
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'ArrowLeft' }));
    const task = started();
    await sleep(QUIET_MS / 2);
    expect(task.ranAfter()).toBeUndefined();
    await expect.poll(task.ranAfter, { timeout: 2_000, interval: 10 }).toBeGreaterThanOrEqual(QUIET_MS);
  });
});
