// Issues 14 and 17: work that follows an action but is not what the action shows (writing the address
// after a tap, a toast after a decision, the tapped feature's request) waits until that frame is on
// screen, instead of delaying it.

/** Runs `task` once the next frame is painted (a task queued from its animation frame); returns the cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Resolves once the next frame is painted; at once in a hidden page, which paints no frame. */
export function nextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => afterNextPaint(resolve));
}
