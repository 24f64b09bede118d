// Issue 17: the service worker (its precache of every chunk) is registered once the features are
// drawn, not at the window's load where it competed with the first open; where they never draw it is
// registered after a fallback all the same, so one visit still makes the app open offline (SPEC §1).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { registerServiceWorkerOnceDrawn } from '../../src/pwa/register_sw.ts';

const cancels: (() => void)[] = [];
afterEach(() => {
  for (const cancel of cancels.splice(0)) cancel();
  performance.clearMarks(FEATURES_DRAWN_MARK);
});

describe('service worker registration', () => {
  it('waits for the features to be drawn, and registers once', async () => {
    const register = vi.fn();
    cancels.push(registerServiceWorkerOnceDrawn(register, 60_000));
    await new Promise((r) => setTimeout(r, 30));
    expect(register).not.toHaveBeenCalled();
    performance.mark(FEATURES_DRAWN_MARK);
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
    performance.mark(FEATURES_DRAWN_MARK); // a later load of the same page
    await new Promise((r) => setTimeout(r, 30));
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('registers after the fallback where the features never draw (an empty app, a failed load)', async () => {
    const register = vi.fn();
    cancels.push(registerServiceWorkerOnceDrawn(register, 40));
    await vi.waitFor(() => expect(register).toHaveBeenCalledTimes(1));
  });
});
