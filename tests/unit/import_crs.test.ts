// SPEC §3 "Data is in EPSG:4326": which CRS names an import accepts, and how a refusal names one.
import { describe, expect, it } from 'vitest';
import { crsLabel, isWgs84, reprojectGeometry, transformToWgs84 } from '../../workers/import/crs.ts';

describe('import CRS names', () => {
  it.each([
    'EPSG:4326',
    'urn:ogc:def:crs:EPSG::4326',
    'http://www.opengis.net/def/crs/EPSG/0/4326',
    'urn:ogc:def:crs:OGC:1.3:CRS84',
    'EPSG:4979',
    'CRS84',
  ])('accepts %s', (name) => expect(isWgs84(name)).toBe(true));
  it.each(['EPSG:2056', 'urn:ogc:def:crs:EPSG::3857', 'EPSG:43260'])('refuses %s', (name) => expect(isWgs84(name)).toBe(false));
  it('names the refused system shortly', () => {
    expect(crsLabel('urn:ogc:def:crs:EPSG::2056')).toBe('EPSG:2056');
    expect(crsLabel('http://www.opengis.net/def/crs/EPSG/0/31467')).toBe('EPSG:31467');
    expect(crsLabel('Local grid')).toBe('Local grid');
  });

  it('reprojects what proj4 knows (WGS 84 needs nothing) and refuses the rest by name', () => {
    expect(transformToWgs84('EPSG:4326')).toBeUndefined();
    const to = transformToWgs84('urn:ogc:def:crs:EPSG::3857');
    const line = reprojectGeometry(
      {
        type: 'LineString',
        coordinates: [
          [0, 0, 5],
          [111319.49079327357, 0],
        ],
      },
      to!,
    );
    expect(line.type).toBe('LineString');
    expect((line.coordinates as number[][])[0]).toEqual([0, 0, 5]);
    expect((line.coordinates as number[][])[1][0]).toBeCloseTo(1, 9);
    expect(() => transformToWgs84('urn:ogc:def:crs:EPSG::2056')).toThrow(/EPSG:2056/);
  });
});
