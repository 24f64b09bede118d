// SPEC §2 feature-properties prompt, as the feature layer mounts it: a lazy chunk of its own (issue 17),
// shown while a feature is selected.
import { lazyNamed, prefetchModule } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { useSelection } from '../state/selection_store.ts';
import { type IdleSchedule, useReadyWhen } from './after_chunks.ts';

// Issue 17: DOMPurify builds its allow-lists as its module is evaluated, most of the prompt chunk's
// evaluation (profiled at 4× CPU): prefetched first, in an idle period of its own (rich_text.ts uses it).
prefetchModule(() => import('dompurify'));
const FeaturePrompt = lazyNamed(() => import('../features/FeaturePrompt.tsx'), 'FeaturePrompt');
const clearSelection = () => useSelection.getState().clear();

/**
 * Issue 17: the first tap on a feature mounted this surface (its boundaries, the prompt's hooks and its
 * queries' observers) in the task that showed the sheet — a third of that task, traced at 4× CPU. Once
 * `when` says (the page idle after the lazy chunks) it is mounted ahead, showing nothing, and a tap
 * only updates it; it re-renders the prompt alone, not every surface of the feature layer.
 */
export function FeaturePromptSurface({ when }: { when: IdleSchedule }) {
  const selected = useSelection((s) => s.selected !== null);
  const ahead = useReadyWhen(FeaturePrompt, when);
  return (
    <LazySurface open={selected || ahead} onFailed={clearSelection}>
      <FeaturePrompt />
    </LazySurface>
  );
}
