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

declare global {
  interface Window {
    __benchFrames?: LongFrame[];
  }
}

/** Starts collecting the page's long animation frames in `window.__benchFrames`. */
export async function observeFrames(page: Page): Promise<void> {
  await page.evaluate(() => {
    const frames: LongFrame[] = [];
    window.__benchFrames = frames;
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
    }).observe({ type: 'long-animation-frame' });
  });
}

/**
 * Prints each frame of at least `limitMs`, its scripts and where its rendering began; with `windows`
 * (an interaction's start and end in the page's clock), each frame names the one it overlaps.
 */
export function printFrames(frames: LongFrame[], limitMs: number, windows: [number, number][] = []): void {
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
