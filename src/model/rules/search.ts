// SPEC §2 search (map layers, deep search, tags): which properties of a layer are searched, and
// how text is compared. Pure, so the data worker's index, the layer-title search and the tests
// share one definition of "matches".
import type { Layer } from '../entities/layer.ts';
import type { PropertyType } from '../entities/property_definition.ts';

/** Separates a feature's name from the rest of its searchable text in a batch's `searchTexts`. */
export const SEARCH_FIELD_SEPARATOR = '\u001f';

/** Results shown per layer group, and how long typing must pause before a search runs (ms). */
export const SEARCH_RESULTS_PER_LAYER = 8;
export const SEARCH_DEBOUNCE_MS = 150;

/** Property types whose values are words a person would type (deep search, SPEC §2). */
const TEXT_TYPES: ReadonlySet<PropertyType> = new Set(['TEXT', 'OPTIONS', 'TAGS', 'EDITOR', 'EMAIL', 'URL']);

const ASCII = /^[ -~\t\n\r]*$/;

/** Case- and diacritics-insensitive form: "Zürich" and "ZURICH" both become "zurich". */
export function normalizeSearchText(text: string): string {
  // Most names are printable ASCII: no accents to take off (a third of an index build's normalising).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The normalised words of a text, joined by single spaces ("Saint-Étienne" → "saint etienne"). */
export function searchWords(text: string): string {
  // Most names are ASCII, where letters and digits are [a-z0-9] once lower-cased: a plain character
  // class is several times cheaper than the Unicode property escapes (an index build splits 135k names).
  if (ASCII.test(text))
    return text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return normalizeSearchText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Best first beyond the text score, on normalised words (`searchWords`): a name equal to the query
 * (4) outranks one starting with it (2), which outranks one where every typed word starts a word of
 * the name (1.5), then a match elsewhere (1): "Paris" before "Parisot" before "Le Pré-Saint-Paris"
 * before a city whose country is Paris.
 */
export function nameTier(nameWords: string, queryWords: string): number {
  if (!queryWords) return 1;
  if (nameWords === queryWords) return 4;
  if (nameWords.startsWith(queryWords)) return 2;
  const name = ` ${nameWords}`;
  return queryWords.split(' ').every((w) => name.includes(` ${w}`)) ? 1.5 : 1;
}

/**
 * The properties searched in a layer's features, the name first (nameProperty, else labelAttribute);
 * undefined when nothing is searchable. Tags and the category are always searched; a layer flagged
 * `searchable` adds every text property it defines (deep search).
 */
export function featureSearchProperties(
  layer: Pick<Layer, 'nameProperty' | 'labelAttribute' | 'searchable' | 'properties' | 'categoryProperty'>,
): string[] | undefined {
  const name = layer.nameProperty ?? layer.labelAttribute;
  const rest = new Set<string>(['tags']);
  if (layer.categoryProperty) rest.add(layer.categoryProperty);
  if (layer.searchable) for (const p of layer.properties) if (TEXT_TYPES.has(p.type)) rest.add(p.name);
  if (name) rest.delete(name);
  if (!name && !layer.searchable) return undefined;
  return [name ?? '', ...rest];
}

const searchValueText = (v: unknown): string => (v == null ? '' : Array.isArray(v) ? v.map(searchValueText).join(' ') : String(v));

/**
 * One feature's searchable text: the name, the separator, then the other values joined by spaces
 * (empty ones left out). A loop, not array methods: it runs once per feature of every loaded layer.
 */
export function featureSearchText(values: readonly unknown[]): string {
  let rest = '';
  for (let i = 1; i < values.length; i++) {
    const text = searchValueText(values[i]);
    if (text) rest = rest ? `${rest} ${text}` : text;
  }
  return searchValueText(values[0]) + SEARCH_FIELD_SEPARATOR + rest;
}

/** `nameTier` of a raw name against a raw query. */
export const nameMatchBoost = (name: string, query: string): number => nameTier(searchWords(name), searchWords(query));

/** SPEC §2 "map layers": layers whose title contains every typed word (any word order), best first. */
export function matchLayersByTitle<L extends { id: string; name: string }>(layers: readonly L[], query: string): L[] {
  const words = normalizeSearchText(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const scored: { layer: L; boost: number }[] = [];
  for (const layer of layers) {
    const title = normalizeSearchText(layer.name);
    if (words.every((w) => title.includes(w))) scored.push({ layer, boost: nameMatchBoost(layer.name, query) });
  }
  return scored.sort((a, b) => b.boost - a.boost).map((s) => s.layer);
}
