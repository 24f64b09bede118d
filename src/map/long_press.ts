// SPEC §4/§9 long press: a press held 600 ms acts as a context menu (iPhone Safari has none of its
// own), cancelled when the finger moves more than 20 px or lifts. Plain logic over pointer
// positions and a timer, so it is tested without a browser; use_long_press.ts wires it to the map.
import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS } from '../model/index.ts';

export type Pixel = [number, number];

interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
  /** Runs `fn` once the input already queued has been dispatched (the next animation frame). */
  afterInput: (fn: () => void) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  afterInput: (fn) => requestAnimationFrame(() => fn()),
};

export class LongPress {
  private start: Pixel | null = null;
  private pointerId: number | null = null;
  private timer: unknown = null;

  constructor(
    private readonly onLongPress: (pixel: Pixel) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  /** A second finger (a pinch) is not a long press. */
  down(pointerId: number, pixel: Pixel): void {
    if (this.pointerId !== null) {
      this.cancel();
      return;
    }
    this.pointerId = pointerId;
    this.start = pixel;
    this.timer = this.timers.set(() => {
      // A busy page (issue 17: a pan at 4× CPU) may still hold the moves of a drag that began with
      // this press: the browser dispatches them before the next frame, so the press is judged then.
      this.timer = null;
      this.timers.afterInput(() => {
        if (this.pointerId !== pointerId || this.timer !== null) return;
        const at = this.start;
        this.reset();
        if (at) this.onLongPress(at);
      });
    }, LONG_PRESS_MS);
  }

  move(pointerId: number, pixel: Pixel): void {
    if (pointerId !== this.pointerId || !this.start) return;
    if (Math.hypot(pixel[0] - this.start[0], pixel[1] - this.start[1]) > LONG_PRESS_MOVE_TOLERANCE_PX) this.cancel();
  }

  up(pointerId: number): void {
    if (pointerId === this.pointerId) this.cancel();
  }

  cancel(): void {
    this.reset();
  }

  private reset(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.start = null;
    this.pointerId = null;
  }
}
