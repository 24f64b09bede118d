import { describe, expect, it } from 'vitest';
import {
  featureSearchProperties,
  featureSearchText,
  layerSchema,
  matchLayersByTitle,
  nameMatchBoost,
  normalizeSearchText,
  SEARCH_FIELD_SEPARATOR,
  searchWords,
} from '../../src/model/index.ts';

const layer = (input: Record<string, unknown>) => layerSchema.parse({ id: 'l', name: 'L', type: 'Point', ...input });

describe('search rules (SPEC §2 search)', () => {
  it('compares text without case or diacritics', () => {
    expect(normalizeSearchText('Zürich')).toBe('zurich');
    expect(normalizeSearchText('SÃO PAULO')).toBe('sao paulo');
    expect(normalizeSearchText('Ærøskøbing')).toBe('ærøskøbing'); // letters, not accents, stay
  });

  it('splits a name into the same words whether it is plain ASCII or not', () => {
    expect(searchWords('Saint-Étienne')).toBe('saint etienne');
    expect(searchWords("  St. John's (NL) #2 ")).toBe('st john s nl 2');
    expect(searchWords('Dar es-Salaam_Tanzania')).toBe('dar es salaam tanzania');
    // the ASCII fast path keeps what the Unicode rule keeps: every printable ASCII character agrees
    for (let c = 0x20; c < 0x7f; c++) {
      const ch = String.fromCharCode(c);
      expect(searchWords(`a${ch}b`)).toBe(searchWords(`a${ch}b\u00e9`).slice(0, -1));
    }
  });

  it('searches the name first, then tags and the category; a searchable layer adds its text properties', () => {
    const props = [
      { name: 'name', type: 'TEXT' },
      { name: 'population', type: 'NUMBER' },
      { name: 'country', type: 'TEXT' },
    ];
    expect(featureSearchProperties(layer({ nameProperty: 'name', properties: props }))).toEqual(['name', 'tags']);
    expect(
      featureSearchProperties(layer({ labelAttribute: 'name', categoryProperty: 'kind', searchable: true, properties: props })),
    ).toEqual(['name', 'tags', 'kind', 'country']);
    expect(featureSearchProperties(layer({ properties: props }))).toBeUndefined();
  });

  it('joins a feature text as name, separator, the other values (lists flattened, blanks dropped)', () => {
    expect(featureSearchText(['Paris', ['capital', 'river'], null, 'FR'])).toBe(`Paris${SEARCH_FIELD_SEPARATOR}capital river FR`);
    expect(featureSearchText([undefined])).toBe(SEARCH_FIELD_SEPARATOR);
    // Empty values are left out (no double space); zero is a value.
    expect(featureSearchText(['X', '', 'a', [], 0])).toBe(`X${SEARCH_FIELD_SEPARATOR}a 0`);
  });

  it('ranks an exact name above a name starting with the query above any other match', () => {
    const exact = nameMatchBoost('París', 'paris');
    const prefix = nameMatchBoost('Parisot', 'Paris');
    const word = nameMatchBoost('Villa Paris-Ouest', 'paris');
    const elsewhere = nameMatchBoost('Lyon', 'paris');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(word);
    expect(word).toBeGreaterThan(elsewhere);
  });

  it('finds map layers by title words in any order, best first', () => {
    const layers = [
      { id: 'a', name: 'Demo roads' },
      { id: 'b', name: 'Roads' },
      { id: 'c', name: 'Cities' },
    ];
    expect(matchLayersByTitle(layers, 'ROADS').map((l) => l.id)).toEqual(['b', 'a']);
    expect(matchLayersByTitle(layers, 'roads demo').map((l) => l.id)).toEqual(['a']);
    expect(matchLayersByTitle(layers, '  ')).toEqual([]);
  });
});
