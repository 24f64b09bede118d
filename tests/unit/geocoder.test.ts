import { describe, expect, it } from 'vitest';
import { geocoderRequestUrl, parsePlaces } from '../../src/api/geocoder.ts';

describe('geocoder client (SPEC §2 search, places)', () => {
  it('asks Nominatim for JSON and keeps the configured parameters', () => {
    const url = new URL(geocoderRequestUrl('https://nominatim.example.org/search?countrycodes=fr', 'Lyon'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ countrycodes: 'fr', q: 'Lyon', limit: '5', format: 'jsonv2' });
    expect(new URL(geocoderRequestUrl('https://photon.example.org/api/', 'Lyon')).searchParams.has('format')).toBe(false);
  });

  it('reads Nominatim rows (bounding box south, north, west, east)', () => {
    const places = parsePlaces([
      { display_name: 'Lyon, France', lat: '45.76', lon: '4.83', boundingbox: ['45.70', '45.81', '4.77', '4.90'] },
      { display_name: 'no position' },
    ]);
    expect(places).toEqual([{ name: 'Lyon, France', lon: 4.83, lat: 45.76, extent: [4.77, 45.7, 4.9, 45.81] }]);
  });

  it('reads Photon features (extent west, north, east, south)', () => {
    const places = parsePlaces({
      type: 'FeatureCollection',
      features: [
        {
          geometry: { coordinates: [4.83, 45.76] },
          properties: { name: 'Lyon', state: 'Auvergne-Rhône-Alpes', country: 'France', extent: [4.77, 45.81, 4.9, 45.7] },
        },
      ],
    });
    expect(places).toEqual([{ name: 'Lyon, Auvergne-Rhône-Alpes, France', lon: 4.83, lat: 45.76, extent: [4.77, 45.7, 4.9, 45.81] }]);
  });
});
