// Scenario 12 contenders without an index: a linear scan over every feature's name per query.
// Baseline: on GeoJSON objects, normalising each name per query (what a quick main-thread search does);
// ceiling: over names normalised once, word-prefix test only (the least a full scan can cost).
import type { Feature } from 'geojson';
import { normalizeSearchText } from '../../../src/model/index.ts';

export const SEARCH_LIMIT = 8;

export function naiveScan(features: readonly Feature[], query: string): string[] {
  const q = normalizeSearchText(query);
  const found: string[] = [];
  for (const f of features) {
    const name = String((f.properties as { name?: unknown } | null)?.name ?? '');
    if (normalizeSearchText(name).includes(q)) found.push(name);
  }
  return found.slice(0, SEARCH_LIMIT);
}

export function normalisedNames(names: readonly string[]): string[] {
  return names.map((n) => ` ${normalizeSearchText(n)}`);
}

export function prefixScan(normalised: readonly string[], query: string): number[] {
  const q = ` ${normalizeSearchText(query)}`;
  const found: number[] = [];
  for (let i = 0; i < normalised.length && found.length < SEARCH_LIMIT; i++) if (normalised[i].includes(q)) found.push(i);
  return found;
}

/** `words` names of at least 4 letters spread over the layer: what a person looks for. */
export function pickedNames(names: readonly string[], words = 20): string[] {
  const picked: string[] = [];
  const step = Math.max(1, Math.floor(names.length / words));
  for (let i = 0; i < names.length && picked.length < words; i += step) if (names[i].length >= 4) picked.push(names[i]);
  return picked;
}

/** What a person types: 20 city names spread over the layer, each from its first two letters to the whole. */
export function typedQueries(names: readonly string[], words = 20): string[] {
  return pickedNames(names, words).flatMap((name) => Array.from({ length: name.length - 1 }, (_, k) => name.slice(0, k + 2)));
}
