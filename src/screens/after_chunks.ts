// Issue 17: what the first screen does not need but the first tap should find ready (the lazy chunks,
// the prompt's CSS rules, the prompt's mounted surface) happens in idle time once the features are drawn.
import { startTransition, useEffect, useState } from 'react';
import { prefetchLazyChunks, type LazyComponent } from '../config/lazy.ts';
import { whenInputQuiet } from '../config/idle.ts';
import { afterMark } from '../config/after_mark.ts';
import { FEATURES_DRAWN_MARK } from '../map/layer_session.ts';

/**
 * Where no features are ever drawn (every layer failed): prefetch after this long. Long enough never to
 * compete with a slow first load (a phone at 4× opening 135k features); a surface opened before it
 * loads its own chunk.
 */
export const PREFETCH_FALLBACK_MS = 120_000;

/** Schedules `go` (`afterChunks` in the app, the test's own call in tests); returns the cancel. */
export type IdleSchedule = (go: () => void) => () => void;

/** Runs `go` when the page is idle, the user's input quiet, after the lazy chunks were prefetched; returns the cancel. */
export const afterChunks: IdleSchedule = (go) => {
  let cancelled = false;
  const stop = afterMark(FEATURES_DRAWN_MARK, PREFETCH_FALLBACK_MS, () =>
    prefetchLazyChunks().then(() =>
      whenInputQuiet(() => {
        if (!cancelled) go();
      }),
    ),
  );
  return () => {
    cancelled = true;
    stop();
  };
};

/**
 * True once `when` has said so and `chunk`'s code is here; never where the chunk does not load (what
 * waited for it is then left to the chunk's first real use, which shows its error). Set in a
 * transition: what it mounts ahead renders with React yielding between components (an update from an
 * idle task otherwise renders in one task), and a tap meanwhile is answered first.
 */
export function useReadyWhen<P extends object>(chunk: LazyComponent<P>, when: IdleSchedule): boolean {
  const [ready, setReady] = useState(false);
  useEffect(
    () =>
      when(() =>
        chunk.preload().then(
          () => startTransition(() => setReady(true)),
          () => undefined,
        ),
      ),
    [chunk, when],
  );
  return ready;
}
