// Issue 17: background work waits for an idle period that comes after the user's input has been
// quiet for a moment (src/config/idle.ts), so a chunk is never evaluated between a drag's frames;
// while the map moves (src/map/hold_idle.ts) too, whose long frames can space a pan's events apart.
import { describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { HOLD_CHECK_MS, IDLE_TIMEOUT_MS, holdWhile, whenInputQuiet } from '../../src/config/idle.ts';
import { holdIdleWhileMoving } from '../../src/map/hold_idle.ts';

// Longer than the idle timeout: a task that did not wait for quiet runs before QUIET_MS even when
// the test page never idles (other test files' maps animate on the same thread in CI).
const QUIET_MS = 2 * IDLE_TIMEOUT_MS;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function press(type: string, buttons: number) {
  document.body.dispatchEvent(new PointerEvent(type, { bubbles: true, buttons }));
}

/** When `whenInputQuiet` ran its task: ms after the call, and the time itself (undefined: not yet). */
function started(): { ranAfter: () => number | undefined; ranAt: () => number | undefined } {
  const t0 = performance.now();
  let ranAt: number | undefined;
  whenInputQuiet(() => (ranAt = performance.now()), QUIET_MS);
  return { ranAfter: () => (ranAt === undefined ? undefined : ranAt - t0), ranAt: () => ranAt };
}

describe('whenInputQuiet', () => {
  it('runs in the next idle period when the user has not touched the page lately', async () => {
    await sleep(QUIET_MS);
    const task = started();
    await expect.poll(task.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
    expect(task.ranAfter()).toBeLessThan(QUIET_MS);
  });

  it('waits while a drag goes on, and runs once the input has been quiet', async () => {
    press('pointerdown', 1);
    const task = started();
    // A drag: the pointer moves with its button pressed, for twice the quiet time.
    for (let i = 0; i < 4; i++) {
      await sleep(QUIET_MS / 2);
      press('pointermove', 1);
      expect(task.ranAfter()).toBeUndefined();
    }
    const upAt = performance.now();
    press('pointerup', 0);
    await expect.poll(task.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
    expect((task.ranAt() ?? 0) - upAt).toBeGreaterThanOrEqual(QUIET_MS);
  });

  it('does not wait for a mouse that only passes over the page, nor for a wheel turn long ago', async () => {
    document.body.dispatchEvent(new WheelEvent('wheel', { bubbles: true, deltaY: 100 }));
    await sleep(QUIET_MS);
    const task = started();
    press('pointermove', 0);
    await expect.poll(task.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
    expect(task.ranAfter()).toBeLessThan(QUIET_MS);
  });

  it('runs within the idle timeout on a page that never idles', async () => {
    await sleep(QUIET_MS);
    // A stream of tasks with no gap between them: the browser never gets an idle period.
    const channel = new MessageChannel();
    let busy = true;
    channel.port1.onmessage = () => busy && channel.port2.postMessage(null);
    channel.port2.postMessage(null);
    try {
      const task = started();
      await expect.poll(task.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
      expect(task.ranAfter()).toBeLessThan(QUIET_MS);
    } finally {
      busy = false;
    }
  });

  it('waits after a key press', async () => {
    const keyAt = performance.now();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, key: 'ArrowLeft' }));
    const task = started();
    await sleep(QUIET_MS / 2);
    expect(task.ranAfter()).toBeUndefined();
    await expect.poll(task.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
    expect((task.ranAt() ?? 0) - keyAt).toBeGreaterThanOrEqual(QUIET_MS);
  });

  it('waits while a hold says busy, with no input event meanwhile, and for the quiet after; a released hold counts no more', async () => {
    await sleep(QUIET_MS);
    let busy = true;
    const release = holdWhile(() => busy);
    try {
      const task = started();
      await sleep(2 * QUIET_MS);
      expect(task.ranAfter()).toBeUndefined();
      const freeAt = performance.now();
      busy = false;
      await expect.poll(task.ranAfter, { timeout: 4 * QUIET_MS, interval: 10 }).toBeDefined();
      expect((task.ranAt() ?? 0) - freeAt).toBeGreaterThanOrEqual(QUIET_MS - HOLD_CHECK_MS);
      busy = true;
      release();
      await sleep(QUIET_MS);
      const after = started();
      await expect.poll(after.ranAfter, { timeout: 3 * QUIET_MS, interval: 10 }).toBeDefined();
      expect(after.ranAfter()).toBeLessThan(QUIET_MS);
    } finally {
      release();
    }
  });

  it("waits while the map's view animates, and runs once it has stopped", async () => {
    await sleep(QUIET_MS);
    const target = document.createElement('div');
    target.style.cssText = 'width: 200px; height: 200px';
    document.body.append(target);
    const map = new OlMap({ target, view: new View({ center: [0, 0], zoom: 2 }) });
    const release = holdIdleWhileMoving(map);
    try {
      let endedAt: number | undefined;
      map.getView().animate({ zoom: 4, duration: 2 * QUIET_MS }, () => (endedAt = performance.now()));
      const task = started();
      await expect.poll(() => endedAt, { timeout: 6 * QUIET_MS, interval: 10 }).toBeDefined();
      expect(task.ranAfter()).toBeUndefined();
      await expect.poll(task.ranAfter, { timeout: 4 * QUIET_MS, interval: 10 }).toBeDefined();
      expect((task.ranAt() ?? 0) - endedAt!).toBeGreaterThanOrEqual(QUIET_MS - HOLD_CHECK_MS);
    } finally {
      release();
      map.setTarget(undefined);
      target.remove();
    }
  });
});
