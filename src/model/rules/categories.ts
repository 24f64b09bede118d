// SPEC §9 category icons: a point feature of a layer with a `categoryProperty` is drawn with the icon
// of its category, one of the 18 of CATEGORY_ICONS. The feature's value names the category; case,
// spacing, "_" / "-" and a trailing plural "s" do not matter ("Car_Parks", "car park", "HOSPITAL").
import { CATEGORY_ICONS } from '../constants.ts';

export type CategoryIcon = (typeof CATEGORY_ICONS)[number];

/** The per-feature index of "no category icon" (FeatureBatch.categories is a Uint8Array). */
export const NO_CATEGORY = 255;

/**
 * How each category is drawn: a disc of `color` (distinct, dark enough for a white mark) with a short
 * white `glyph`; the map's icon atlas and the legend draw the same.
 */
export const CATEGORY_ICON_STYLES: Readonly<Record<CategoryIcon, { color: string; glyph: string }>> = {
  mosque: { color: '#1B7F3B', glyph: '☪' },
  banks: { color: '#1F5FA8', glyph: '$' },
  'tourist attraction': { color: '#C2410C', glyph: '★' },
  'car parks': { color: '#2B50C8', glyph: 'P' },
  retailer: { color: '#9D174D', glyph: '€' },
  hotels: { color: '#6D28D9', glyph: 'H' },
  estate: { color: '#7C5A2E', glyph: '⌂' },
  universities: { color: '#0F4C5C', glyph: 'U' },
  hospitals: { color: '#C81E1E', glyph: '+' },
  crossroads: { color: '#4B5563', glyph: '✕' },
  'shopping malls': { color: '#B4236B', glyph: 'M' },
  cafes: { color: '#8A4B08', glyph: 'C' },
  schools: { color: '#A16207', glyph: 'S' },
  pharmacies: { color: '#15803D', glyph: '✚' },
  parks: { color: '#3F7D20', glyph: '♣' },
  kindergarten: { color: '#DB2777', glyph: 'K' },
  'police stations': { color: '#1E3A8A', glyph: '✪' },
  'worship places': { color: '#5B21B6', glyph: '✝' },
};

const key = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .replace(/s$/, '');

const INDEX_BY_KEY = new Map<string, number>(CATEGORY_ICONS.map((name, i) => [key(name), i]));

/** Index into CATEGORY_ICONS of a feature's category value, or NO_CATEGORY when it names none of them. */
export function categoryIconIndex(value: unknown): number {
  if (typeof value !== 'string' || value === '') return NO_CATEGORY;
  return INDEX_BY_KEY.get(key(value)) ?? NO_CATEGORY;
}
