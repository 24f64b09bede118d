// SPEC §2 feature-properties prompt, as the feature layer mounts it: a lazy chunk of its own (issue 17),
// shown while a feature is selected.
import { useEffect, useState } from 'react';
import { lazyNamed, type LazyComponent } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { useSelection } from '../state/selection_store.ts';
import { afterChunks } from './after_chunks.ts';

const FeaturePrompt = lazyNamed(() => import('../features/FeaturePrompt.tsx'), 'FeaturePrompt');
const clearSelection = () => useSelection.getState().clear();

/**
 * True once the page is idle after the lazy chunks and `surface`'s chunk is here. Issue 17: the first
 * tap on a feature mounted the prompt's surface (its boundaries, the prompt's hooks and its queries'
 * observers) in the task that showed the sheet — a third of that task, traced at 4× CPU. Mounted
 * ahead, showing nothing, a tap only updates it. A chunk that did not load is left to the first opening.
 */
function useMountedAhead(surface: LazyComponent<object>): boolean {
  const [ahead, setAhead] = useState(false);
  useEffect(
    () =>
      afterChunks(() =>
        surface.preload().then(
          () => setAhead(true),
          () => undefined,
        ),
      ),
    [surface],
  );
  return ahead;
}

/** A tap re-renders the prompt alone, not every surface of the feature layer. */
export function FeaturePromptSurface() {
  const selected = useSelection((s) => s.selected !== null);
  const ahead = useMountedAhead(FeaturePrompt);
  return (
    <LazySurface open={selected || ahead} onFailed={clearSelection}>
      <FeaturePrompt />
    </LazySurface>
  );
}
