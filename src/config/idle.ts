// Issue 17: the page's own background work (the lazy chunks' prefetch, the first prompt's set-up)
// runs in idle periods. Between a pan's frames the main thread is idle too: the prompt's surface
// mounted ahead there was a script of 54–81 ms at 4× CPU slowdown in the middle of the gesture (a pan
// begun soon after the open). So that work also waits until the user's hands have been off the page for a moment.

/** How long after the last press, drag, wheel turn or key the user counts as no longer moving the map. */
export const INPUT_QUIET_MS = 500;

/**
 * The longest an idle period is waited for. A page that never idles (another frame's animation on the
 * same thread, a busy CI browser) still gets its background work done; a gesture going on then is
 * still waited out, since the task checks the input again when it starts.
 */
export const IDLE_TIMEOUT_MS = 1_000;

let lastInputAt = Number.NEGATIVE_INFINITY;

/** A pointer that moves with no button pressed (a mouse passing over) is not a gesture. */
function noteInput(e: Event): void {
  if (e.type === 'pointermove' && (e as PointerEvent).buttons === 0) return;
  lastInputAt = performance.now();
}

if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown'])
    window.addEventListener(type, noteInput, { capture: true, passive: true });
}

/** Runs `task` when the main thread is idle, or after IDLE_TIMEOUT_MS (a timer where requestIdleCallback is missing). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, 50);
}

const holds = new Set<() => boolean>();

/** How often a held wait asks its holds again: the quiet after a hold ends starts this late at most. */
export const HOLD_CHECK_MS = 100;

/**
 * Counts `busy()` as input while it says so, so that background work waits for it and for the quiet
 * after: the map's own movement (a drag, a pinch, a zoom's animation; src/map/hold_idle.ts). Between a
 * pan's long frames on a slow phone the handled events can come further apart than INPUT_QUIET_MS
 * (frames of 400–700 ms at 4× CPU here), and the lazy chunks' evaluation then ran amid the gesture.
 * Returns the release.
 */
export function holdWhile(busy: () => boolean): () => void {
  holds.add(busy);
  return () => {
    holds.delete(busy);
  };
}

/** Whether a hold says busy now; if so, now is the input's last moment. */
function held(): boolean {
  for (const busy of holds) {
    if (!busy()) continue;
    lastInputAt = performance.now();
    return true;
  }
  return false;
}

/** Runs `task` in an idle period that comes `quietMs` or more after the user's last input. */
export function whenInputQuiet(task: () => void, quietMs = INPUT_QUIET_MS): void {
  if (held()) {
    setTimeout(() => whenInputQuiet(task, quietMs), HOLD_CHECK_MS);
    return;
  }
  const wait = lastInputAt + quietMs - performance.now();
  if (wait > 0) {
    setTimeout(() => whenInputQuiet(task, quietMs), wait);
    return;
  }
  // An input may come between the idle period's request and its start: wait for quiet again then.
  whenIdle(() => (held() || performance.now() - lastInputAt < quietMs ? whenInputQuiet(task, quietMs) : task()));
}
