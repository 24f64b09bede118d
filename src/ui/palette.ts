// The colours of suggestions and comparisons, in one place. A suggestion wears the model's stroke
// colour (SPEC §9 DEFAULT_STROKE_COLOR, orange) wherever it shows: the comparison overlay, the pending
// `_diff` layers on the main map, the shape being drawn. The original it would replace is dark grey
// and dashed. In tables, a changed property is highlighted yellow, a chosen row and a tag chip in a brand
// tint: theme tokens, so the text on them keeps its contrast in the dark theme too (issue 19).
import { tokens } from '@fluentui/react-components';
import { DEFAULT_FILL_COLOR, DEFAULT_STROKE_COLOR } from '../model/index.ts';

/** `#rrggbb` → `rgba(r,g,b,alpha)`: the translucent fills derive from the model's colours. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${alpha})`;
}

export const PALETTE = {
  /** A suggestion's outline and point; a pending feature's fill on the map. */
  suggestion: DEFAULT_STROKE_COLOR,
  suggestionFill: withAlpha(DEFAULT_STROKE_COLOR, 0.2),
  /** The original of a comparison (dashed). */
  original: '#4a4a4a',
  originalFill: 'rgba(0,0,0,0.05)',
  /** The outline of a pending `_diff` feature on the main map. */
  pendingOutline: '#3a3a3a',
  /** The shape being drawn or modified (the edit template, SPEC §9). */
  template: DEFAULT_STROKE_COLOR,
  templatePoint: DEFAULT_FILL_COLOR,
  templateFill: withAlpha(DEFAULT_FILL_COLOR, 0.25),
  /** A changed property or geometry row of a comparison. */
  changed: tokens.colorPaletteYellowBackground2,
  /** The chosen entry of a list, and a tag chip. */
  selected: tokens.colorBrandBackground2,
} as const;
