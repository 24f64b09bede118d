// Import rules (issue 15 part 5): which CSV columns hold the coordinates, how file values become the
// layer's property types (with the reason when they cannot), and what a new layer's columns become.
import { describe, expect, it } from 'vitest';
import {
  coerceImportValue,
  defaultPropertyMapping,
  detectLonLatColumns,
  inferPropertyType,
  mapImportProperties,
  propertyNameForColumn,
} from '../../src/model/index.ts';

describe('detectLonLatColumns', () => {
  it.each([
    [['name', 'lon', 'lat'], 'lon', 'lat'],
    [['Name', 'Longitude', 'Latitude'], 'Longitude', 'Latitude'],
    [['id', 'LNG', 'LAT'], 'LNG', 'LAT'],
    [['X', 'Y', 'z'], 'X', 'Y'],
    [['x_coord', 'y_coord'], 'x_coord', 'y_coord'],
    [['Länge', 'Breite'], 'Länge', 'Breite'],
    [['longitud', 'latitud'], 'longitud', 'latitud'],
  ])('finds the coordinate columns of %j', (columns, lon, lat) => {
    expect(detectLonLatColumns(columns)).toEqual({ lon, lat });
  });

  it('prefers an explicit longitude over an x column, and leaves what it cannot find undefined', () => {
    expect(detectLonLatColumns(['x', 'lon', 'y', 'lat'])).toEqual({ lon: 'lon', lat: 'lat' });
    expect(detectLonLatColumns(['name', 'place', 'lat'])).toEqual({ lon: undefined, lat: 'lat' });
    expect(detectLonLatColumns(['colony', 'platform'])).toEqual({ lon: undefined, lat: undefined });
  });
});

describe('coerceImportValue', () => {
  it('reads numbers, with a lone decimal comma, and refuses text and thousands separators', () => {
    expect(coerceImportValue('12', 'NUMBER')).toEqual({ ok: true, value: 12 });
    expect(coerceImportValue(' -1.5e2 ', 'NUMBER')).toEqual({ ok: true, value: -150 });
    expect(coerceImportValue('3,25', 'NUMBER')).toEqual({ ok: true, value: 3.25 });
    expect(coerceImportValue(7, 'NUMBER')).toEqual({ ok: true, value: 7 });
    expect(coerceImportValue('12 m', 'NUMBER')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_NUMBER' });
    expect(coerceImportValue('1,234.5', 'NUMBER')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_NUMBER' });
  });

  it('reads yes/no words in the four languages and refuses anything else', () => {
    for (const yes of ['true', 'Yes', '1', 'oui', 'ja', 'sí', true])
      expect(coerceImportValue(yes, 'BOOLEAN')).toEqual({ ok: true, value: true });
    for (const no of ['FALSE', 'no', '0', 'non', 'nein', false])
      expect(coerceImportValue(no, 'BOOLEAN')).toEqual({ ok: true, value: false });
    expect(coerceImportValue('maybe', 'BOOLEAN')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_BOOLEAN' });
  });

  it('keeps ISO dates of real days and refuses other spellings', () => {
    expect(coerceImportValue('2024-02-29', 'DATE')).toEqual({ ok: true, value: '2024-02-29' });
    expect(coerceImportValue('2024-05-01T10:30:00Z', 'DATE')).toEqual({ ok: true, value: '2024-05-01T10:30:00Z' });
    expect(coerceImportValue('2023-02-29', 'DATE')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_DATE' });
    expect(coerceImportValue('01/05/2024', 'DATE')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_DATE' });
  });

  it('splits tags, reads JSON objects, writes everything else as text, and treats blanks as no value', () => {
    expect(coerceImportValue('oak; tall ,old', 'TAGS')).toEqual({ ok: true, value: ['oak', 'tall', 'old'] });
    expect(coerceImportValue('{"a":1}', 'OBJECT')).toEqual({ ok: true, value: { a: 1 } });
    expect(coerceImportValue('not json', 'OBJECT')).toEqual({ ok: false, error: 'IMPORT_VALUE_NOT_OBJECT' });
    expect(coerceImportValue(42, 'TEXT')).toEqual({ ok: true, value: '42' });
    expect(coerceImportValue('  ', 'NUMBER')).toEqual({ ok: true, value: null });
    expect(coerceImportValue(null, 'DATE')).toEqual({ ok: true, value: null });
  });
});

describe('inferPropertyType', () => {
  it('gives NUMBER, BOOLEAN, DATE or TEXT from the non-blank values', () => {
    expect(inferPropertyType(['1', '2.5', '', 3])).toBe('NUMBER');
    expect(inferPropertyType(['yes', 'no', true])).toBe('BOOLEAN');
    expect(inferPropertyType(['2024-01-01', '2023-12-31'])).toBe('DATE');
    expect(inferPropertyType(['12', 'twelve'])).toBe('TEXT');
    expect(inferPropertyType(['', null])).toBe('TEXT');
  });
});

describe('mapping file columns to layer properties', () => {
  it('maps, coerces, skips columns mapped to nothing and reports values that do not fit', () => {
    const result = mapImportProperties(
      { Name: 'Oak', Height: '12,5', Planted: 'last spring', Notes: 'skip me' },
      { Name: 'name', Height: 'height', Planted: 'planted', Notes: null },
      { name: 'TEXT', height: 'NUMBER', planted: 'DATE' },
    );
    expect(result.properties).toEqual({ name: 'Oak', height: 12.5 });
    expect(result.errors).toEqual([{ column: 'Planted', property: 'planted', error: 'IMPORT_VALUE_NOT_DATE' }]);
  });

  it('names a new layer’s properties after the columns, unique and safe', () => {
    expect(propertyNameForColumn('Höhe (m)')).toBe('Hohe_m');
    expect(propertyNameForColumn('***')).toBe('column');
    expect(defaultPropertyMapping(['Name', 'name', 'Höhe (m)'])).toEqual({ Name: 'Name', name: 'name_2', 'Höhe (m)': 'Hohe_m' });
  });

  it('maps an existing layer’s properties by name, case aside, and skips the others', () => {
    expect(defaultPropertyMapping(['NAME', 'colour'], ['name', 'height'])).toEqual({ NAME: 'name', colour: null });
  });
});
