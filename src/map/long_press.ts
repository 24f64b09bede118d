// SPEC §4/§9 long press: a press held 600 ms acts as a context menu (iPhone Safari has none of its
// own), cancelled when the finger moves more than 20 px or lifts. Plain logic over pointer
// positions and a timer, so it is tested without a browser; MapContextMenu.tsx wires it to the map.
import { LONG_PRESS_MOVE_TOLERANCE_PX, LONG_PRESS_MS } from '../model/index.ts';

export type Pixel = [number, number];

interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
  /** Runs `fn` once the input already queued has been dispatched (the next animation frame). */
  afterInput: (fn: () => void) => void;
  /** The clock events' times are on (performance.now()). */
  now: () => number;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  afterInput: (fn) => requestAnimationFrame(() => fn()),
  now: () => performance.now(),
};

/** A timer later than this was held by a busy page. */
const BUSY_LATENESS_MS = 50;
/** How long a page that was busy takes input before a press is judged: the moves it held come meanwhile. */
const SETTLE_MS = 100;

export class LongPress {
  private start: Pixel | null = null;
  private pointerId: number | null = null;
  private timer: unknown = null;
  /** When the press is long (the press's event time + 600 ms). */
  private due = 0;
  /**
   * When the press may be judged, once its timer fired: at once on a page that was not busy, else
   * SETTLE_MS on, pushed on by every move made before `due` that the page takes after the timer.
   */
  private settledAt = 0;

  constructor(
    private readonly onLongPress: (pixel: Pixel) => void,
    private readonly timers: Timers = realTimers,
  ) {}

  /** `time`: the event's own time (Event.timeStamp, when the finger did it, not when the page took it). A second finger (a pinch) is not a long press. */
  down(pointerId: number, pixel: Pixel, time: number): void {
    if (this.pointerId !== null) {
      this.cancel();
      return;
    }
    this.pointerId = pointerId;
    this.start = pixel;
    this.due = time + LONG_PRESS_MS;
    this.timer = this.timers.set(() => {
      this.timer = null;
      const now = this.timers.now();
      this.settledAt = now - this.due > BUSY_LATENESS_MS ? now + SETTLE_MS : now;
      this.judge(pointerId);
    }, LONG_PRESS_MS);
  }

  move(pointerId: number, pixel: Pixel, time: number): void {
    if (pointerId !== this.pointerId || !this.start) return;
    if (Math.hypot(pixel[0] - this.start[0], pixel[1] - this.start[1]) > LONG_PRESS_MOVE_TOLERANCE_PX) this.cancel();
    else if (this.timer === null && time < this.due) this.settledAt = this.timers.now() + SETTLE_MS;
  }

  up(pointerId: number): void {
    if (pointerId === this.pointerId) this.cancel();
  }

  cancel(): void {
    this.reset();
  }

  /**
   * A busy page (issue 17: a pan at 4× CPU, a phone still loading) may still hold the moves of a
   * drag that began with this press, and the browser hands them over a frame or more apart (it
   * sends a finger's next moves once the page took the last): the press is judged at the next frame
   * on a page that was not busy, else once the page has taken input for SETTLE_MS with no move made
   * before the 600 ms were up.
   */
  private judge(pointerId: number): void {
    this.timers.afterInput(() => {
      if (this.pointerId !== pointerId || this.timer !== null) return;
      if (this.timers.now() < this.settledAt) {
        this.judge(pointerId);
        return;
      }
      const at = this.start;
      this.reset();
      if (at) this.onLongPress(at);
    });
  }

  private reset(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.start = null;
    this.pointerId = null;
  }
}
