// The feature prompt's (FeaturePrompt.tsx) own styles, apart so that StylePrewarm can insert their
// rules before the first tap without loading the prompt's code on the first screen (issue 17).
import { makeStyles, tokens } from '@fluentui/react-components';

export const usePromptStyles = makeStyles({
  body: { minHeight: '120px' },
  // Five tabs do not fit 360 px in one row: they wrap rather than scroll the card sideways.
  tabs: { flexWrap: 'wrap' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalSNudge },
});
