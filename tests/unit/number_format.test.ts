// Issue 19: a NUMBER property that names an identifier (a GeoNames id, a code, a year) is shown as
// stored; a quantity is grouped by the language's thousands separator.
import { describe, expect, it } from 'vitest';
import { formatNumberValue, isIdentifierNumber } from '../../src/ui/number_format.ts';

describe('NUMBER property format', () => {
  it('recognises identifiers by the last word of the name or label', () => {
    expect(isIdentifierNumber({ name: 'cityId', label: 'GeoNames id' })).toBe(true);
    expect(isIdentifierNumber({ name: 'geoname_id' })).toBe(true);
    expect(isIdentifierNumber({ name: 'featureCode' })).toBe(true);
    expect(isIdentifierNumber({ name: 'x', label: 'Year' })).toBe(true);
    expect(isIdentifierNumber({ name: 'population', label: 'Population' })).toBe(false);
    // "valid" or "paid" end in the letters i-d but are not the word id.
    expect(isIdentifierNumber({ name: 'paid' })).toBe(false);
    expect(isIdentifierNumber({ name: 'isValid' })).toBe(false);
  });

  it('shows an id raw and a quantity grouped', () => {
    expect(formatNumberValue(2988507, { name: 'cityId', label: 'GeoNames id' }, 'en-US')).toBe('2988507');
    expect(formatNumberValue(2988507, { name: 'population' }, 'en-US')).toBe('2,988,507');
    expect(formatNumberValue(2988507, { name: 'population' }, 'de-DE')).toBe('2.988.507');
    expect(formatNumberValue(null, { name: 'population' }, 'en-US')).toBe('');
    expect(formatNumberValue('n/a', { name: 'population' }, 'en-US')).toBe('n/a');
  });
});
