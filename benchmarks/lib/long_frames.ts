// Where an untraced interaction's time goes: Chromium's Long Animation Frames (LoAF) name the scripts
// of each frame over 50 ms, with their forced style and layout, at no profiler's cost (a trace
// inflates a tap's figures, profile_taps.ts). Frames under 50 ms are not reported by the browser.
import type { Page } from 'playwright';

export interface FrameScript {
  invoker: string;
  source: string;
  durationMs: number;
  forcedStyleLayoutMs: number;
}

export interface LongFrame {
  startMs: number;
  durationMs: number;
  blockingMs: number;
  /** From the frame's start to its rendering (the update's style, layout and paint). */
  renderStartMs: number;
  styleLayoutStartMs: number;
  scripts: FrameScript[];
}

/** An input event as Event Timing saw it (only those of at least 16 ms, the API's floor). */
export interface InputEvent {
  name: string;
  startMs: number;
  /** From the event to its handlers' start (the main thread busy before). */
  delayMs: number;
  processingMs: number;
  /** From the event to the next paint after its handlers. */
  durationMs: number;
}

declare global {
  interface Window {
    __benchFrames?: LongFrame[];
    __benchEvents?: InputEvent[];
  }
}

/**
 * Starts collecting the page's long animation frames and slow input events (`window.__benchFrames`,
 * `__benchEvents`); `buffered`: the frames since the page opened too (the browser keeps the last 200).
 */
export async function observeFrames(page: Page, { buffered = false } = {}): Promise<void> {
  await page.evaluate((buffered) => {
    const frames: LongFrame[] = [];
    window.__benchFrames = frames;
    const events: InputEvent[] = [];
    window.__benchEvents = events;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[]) {
        events.push({
          name: e.name,
          startMs: e.startTime,
          delayMs: e.processingStart - e.startTime,
          processingMs: e.processingEnd - e.processingStart,
          durationMs: e.duration,
        });
      }
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
    interface Loaf extends PerformanceEntry {
      blockingDuration: number;
      renderStart: number;
      styleAndLayoutStart: number;
      scripts: {
        invoker: string;
        sourceURL: string;
        sourceFunctionName: string;
        duration: number;
        forcedStyleAndLayoutDuration: number;
      }[];
    }
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Loaf[]) {
        frames.push({
          startMs: e.startTime,
          durationMs: e.duration,
          blockingMs: e.blockingDuration,
          renderStartMs: e.renderStart ? e.renderStart - e.startTime : Number.NaN,
          styleLayoutStartMs: e.styleAndLayoutStart ? e.styleAndLayoutStart - e.startTime : Number.NaN,
          scripts: e.scripts.map((s) => ({
            invoker: s.invoker,
            source: `${s.sourceFunctionName || '(anonymous)'} ${s.sourceURL.split('/').pop()}`,
            durationMs: s.duration,
            forcedStyleLayoutMs: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered });
  }, buffered);
}

/**
 * Prints each frame of at least `limitMs`, its scripts and where its rendering began; with `windows`
 * (an interaction's start and end in the page's clock), each frame names the one it overlaps.
 */
export function printFrames(frames: LongFrame[], limitMs: number, windows: [number, number][] = [], events: InputEvent[] = []): void {
  windows.forEach(([from, to], i) => {
    const seen = events.filter((e) => e.startMs >= from - 1 && e.startMs < to);
    const each = seen.map(
      (e) =>
        `${e.name} +${(e.startMs - from).toFixed(0)} (delay ${e.delayMs.toFixed(0)}, handlers ${e.processingMs.toFixed(0)}, to paint ${e.durationMs.toFixed(0)})`,
    );
    console.log(`tap #${i + 1} ${(to - from).toFixed(0)} ms: ${each.join('; ') || 'no input event ≥ 16 ms'}`);
  });
  const long = frames.filter((f) => f.durationMs >= limitMs);
  console.log(`\n== long animation frames ≥ ${limitMs} ms: ${long.length}`);
  for (const f of long) {
    const i = windows.findIndex(([from, to]) => f.startMs < to && f.startMs + f.durationMs > from);
    if (i >= 0) {
      const [from, to] = windows[i];
      console.log(`\n-- #${i + 1} (${from.toFixed(0)}–${to.toFixed(0)}, ${(to - from).toFixed(0)} ms)`);
    }
    console.log(
      `\n${f.durationMs.toFixed(0)} ms at ${f.startMs.toFixed(0)} (blocking ${f.blockingMs.toFixed(0)}; render from ${f.renderStartMs.toFixed(0)}, style/layout from ${f.styleLayoutStartMs.toFixed(0)})`,
    );
    for (const s of f.scripts) {
      console.log(
        `  ${s.durationMs.toFixed(0).padStart(4)} ms (forced style/layout ${s.forcedStyleLayoutMs.toFixed(0)})  ${s.invoker} → ${s.source}`,
      );
    }
  }
}
