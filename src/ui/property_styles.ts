// The property table's and the value renderers' (PropertyTable.tsx, renderers.tsx) own styles, apart
// so that StylePrewarm can insert their rules before the first tap (issue 17).
import { makeStyles, tokens } from '@fluentui/react-components';
import { PALETTE } from './palette.ts';

export const usePropertyTableStyles = makeStyles({
  changed: { background: PALETTE.changed },
  name: { fontWeight: tokens.fontWeightSemibold, width: '40%' },
});

export const useRendererStyles = makeStyles({
  image: { maxWidth: '96px', maxHeight: '96px', objectFit: 'cover' },
  object: { margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalS },
  objectValue: { margin: 0 },
  color: { display: 'inline-flex', gap: tokens.spacingHorizontalSNudge, alignItems: 'center' },
  swatch: { width: '14px', height: '14px', borderRadius: '3px', border: '1px solid #888' },
  chips: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chip: { padding: `0 ${tokens.spacingHorizontalS}`, borderRadius: '10px', background: PALETTE.selected, fontSize: tokens.fontSizeBase200 },
});
