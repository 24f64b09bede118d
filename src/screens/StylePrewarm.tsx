// Issue 17: a Fluent component inserts its CSS rules the first time it renders, and each insertion
// makes the browser compute every element's style again. The first tap on a feature paid for the
// prompt's card, tabs, table, buttons and spinner in the task that showed it (traced at 4× CPU: 137 ms
// of CPU, 52 of them in the style and layout its focus forced, against 48 ms for a later tap). Rendered
// once, hidden, when the page is idle after the features are drawn and the chunks are fetched, their
// rules are in before the first tap. Griffel never removes a rule, so each hidden part goes once the next is in.
// The prompt's own styles (its sheet, its layout, the property table, the values' renderers and the
// export menu) too:
// 25 rules went in with the first tap without them.
// The confirmation's and the notification's parts too (issue 14): the first toast's entrance measures
// its height, and with its rules just inserted that forced layout restyled much more than the toast.
import { useCallback, useState } from 'react';
import { lazyNamed } from '../config/lazy.ts';
import { whenInputQuiet } from '../config/idle.ts';
import { type IdleSchedule, useReadyWhen } from './after_chunks.ts';

interface PrewarmPartsProps {
  next: (task: () => void) => void;
  onDone: () => void;
}

const PrewarmParts = lazyNamed<PrewarmPartsProps>(() => import('./PrewarmParts.tsx'), 'PrewarmParts');

/**
 * Once `when` says and the chunk is here, the parts go in one per `next` (an idle period with the input
 * quiet), each inserting its rules in its own commit, and the last one goes at once.
 */
export function StylePrewarm({ when, next = whenInputQuiet }: { when: IdleSchedule; next?: (task: () => void) => void }) {
  const ready = useReadyWhen(PrewarmParts, when);
  const [done, setDone] = useState(false);
  const finish = useCallback(() => setDone(true), []);
  return ready && !done ? <PrewarmParts next={next} onDone={finish} /> : null;
}
