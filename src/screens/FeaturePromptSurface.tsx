// SPEC §2 feature-properties prompt, as the feature layer mounts it: a lazy chunk of its own (issue 17),
// shown while a feature is selected.
import { useEffect, useState } from 'react';
import { lazyNamed, type LazyComponent } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { useSelection } from '../state/selection_store.ts';
import type { PrewarmSchedule } from './StylePrewarm.tsx';

const FeaturePrompt = lazyNamed(() => import('../features/FeaturePrompt.tsx'), 'FeaturePrompt');
const clearSelection = () => useSelection.getState().clear();

/**
 * True once `when` says (the page idle after the lazy chunks, `afterChunks`) and `surface`'s chunk is here. Issue 17: the first
 * tap on a feature mounted the prompt's surface (its boundaries, the prompt's hooks and its queries'
 * observers) in the task that showed the sheet — a third of that task, traced at 4× CPU. Mounted
 * ahead, showing nothing, a tap only updates it. A chunk that did not load is left to the first opening.
 */
function useMountedAhead(surface: LazyComponent<object>, when: PrewarmSchedule): boolean {
  const [ahead, setAhead] = useState(false);
  useEffect(
    () =>
      when(() =>
        surface.preload().then(
          () => setAhead(true),
          () => undefined,
        ),
      ),
    [surface, when],
  );
  return ahead;
}

/** A tap re-renders the prompt alone, not every surface of the feature layer. */
export function FeaturePromptSurface({ when }: { when: PrewarmSchedule }) {
  const selected = useSelection((s) => s.selected !== null);
  const ahead = useMountedAhead(FeaturePrompt, when);
  return (
    <LazySurface open={selected || ahead} onFailed={clearSelection}>
      <FeaturePrompt />
    </LazySurface>
  );
}
