// Issue 17: work that follows a tap but is not what the tap shows (writing the address) waits until
// the prompt is on screen, instead of delaying its first frame.

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
