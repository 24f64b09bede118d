// Issue 17: what the first screen does not need but the first tap should find ready (the lazy chunks,
// the prompt's CSS rules, the prompt's mounted surface) happens in idle time once the features are drawn.
import { prefetchLazyChunks, whenIdle } from '../config/lazy.ts';
import { afterMark } from '../config/after_mark.ts';
import { FEATURES_DRAWN_MARK } from '../map/layer_session.ts';

/**
 * Where no features are ever drawn (every layer failed): prefetch after this long. Long enough never to
 * compete with a slow first load (a phone at 4× opening 135k features); a surface opened before it
 * loads its own chunk.
 */
export const PREFETCH_FALLBACK_MS = 120_000;

/** Runs `go` when the page is idle after the lazy chunks were prefetched; returns the cancel. */
export function afterChunks(go: () => void): () => void {
  let cancelled = false;
  const stop = afterMark(FEATURES_DRAWN_MARK, PREFETCH_FALLBACK_MS, () =>
    prefetchLazyChunks().then(() =>
      whenIdle(() => {
        if (!cancelled) go();
      }),
    ),
  );
  return () => {
    cancelled = true;
    stop();
  };
}
