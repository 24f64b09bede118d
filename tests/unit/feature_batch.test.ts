// packFeatureCollection on tiny inline data: the FeatureBatch layout of workers/batch/feature_batch.ts.
import { describe, expect, it } from 'vitest';
import type { FeatureCollection, Point } from 'geojson';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { featureParts } from '../../workers/batch/feature_batch.ts';
import { batchTransferables } from '../../workers/batch/transfer.ts';
import { CATEGORY_ICONS, categoryIconIndex, isValidLonLat, NO_CATEGORY } from '../../src/model/index.ts';

const fc = (features: FeatureCollection['features']): FeatureCollection => ({ type: 'FeatureCollection', features });

describe('packFeatureCollection', () => {
  it('drops points with out-of-range coordinates (SPEC §5)', () => {
    const b = packFeatureCollection(
      fc([
        { type: 'Feature', id: 1, properties: { name: 'a' }, geometry: { type: 'Point', coordinates: [10, 20] } },
        { type: 'Feature', id: 2, properties: { name: 'b' }, geometry: { type: 'Point', coordinates: [200, 20] } },
        { type: 'Feature', id: 3, properties: { name: 'c' }, geometry: { type: 'Point', coordinates: [-5, -91] } },
        { type: 'Feature', id: 4, properties: { name: 'd' }, geometry: { type: 'Point', coordinates: [-5, 5] } },
      ]),
      { layerId: 'p', labelProperty: 'name', isValidPoint: isValidLonLat },
    );
    expect(b.count).toBe(2);
    expect([...b.ids]).toEqual([1, 4]);
    expect([...b.coords]).toEqual([10, 20, -5, 5]);
    expect(b.labels).toEqual(['a', 'd']);
  });

  it('keeps shells and holes of a MultiPolygon apart with polygonEnds', () => {
    const sq = (x: number, s: number) => [
      [x, 0],
      [x + s, 0],
      [x + s, s],
      [x, s],
      [x, 0],
    ];
    const b = packFeatureCollection(
      fc([
        {
          type: 'Feature',
          id: 7,
          properties: {},
          geometry: { type: 'MultiPolygon', coordinates: [[sq(0, 10), sq(2, 2)], [sq(20, 5)]] },
        },
        { type: 'Feature', id: 8, properties: {}, geometry: { type: 'Polygon', coordinates: [sq(40, 1)] } },
      ]),
      { layerId: 'poly' },
    );
    expect(b.geometryType).toBe('Polygon');
    expect(b.count).toBe(2);
    expect([...b.partEnds]).toEqual([5, 10, 15, 20]);
    expect([...b.featureEnds]).toEqual([3, 4]);
    expect([...b.polygonEnds!]).toEqual([2, 3, 4]);
    expect(featureParts(b, 1)).toEqual([3, 4]);
  });

  it('skips features of another geometry type than the layer', () => {
    const b = packFeatureCollection(
      fc([
        {
          type: 'Feature',
          id: 1,
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
        },
        { type: 'Feature', id: 2, properties: {}, geometry: { type: 'Point', coordinates: [0, 0] } },
        { type: 'Feature', id: 3, properties: {}, geometry: null as unknown as Point },
      ]),
      { layerId: 'l', geometryType: 'LineString' },
    );
    expect(b.count).toBe(1);
    expect([...b.partEnds]).toEqual([2]);
  });

  it('unwraps a ring crossing the antimeridian; a ring around the pole closes along the pole instead', () => {
    const fiji = [
      [179, -16],
      [-179, -16],
      [-179, -17],
      [179, -17],
      [179, -16],
    ];
    const polar = [
      [-180, -80],
      [-90, -70],
      [0, -70],
      [90, -70],
      [180, -80],
      [-180, -80],
    ];
    const b = packFeatureCollection(
      fc([
        { type: 'Feature', id: 1, properties: {}, geometry: { type: 'Polygon', coordinates: [fiji] } },
        { type: 'Feature', id: 2, properties: {}, geometry: { type: 'Polygon', coordinates: [polar] } },
      ]),
      { layerId: 'am' },
    );
    const lons = [...b.coords].filter((_, i) => i % 2 === 0);
    const lats = [...b.coords].filter((_, i) => i % 2 === 1);
    expect(lons.slice(0, 5)).toEqual([179, 181, 181, 179, 179]);
    // Not unwrapped (it fills the cap), and its crossing runs down to the pole and along it: a ring
    // reaching nearer the pole than −80° elsewhere would otherwise cross its own closing edge.
    expect(lons.slice(5)).toEqual([-180, -90, 0, 90, 180, 180, -180, -180]);
    expect(lats.slice(5)).toEqual([-80, -70, -70, -70, -80, -90, -90, -80]);
  });

  it('lists each buffer once for transfer', () => {
    const b = packFeatureCollection(fc([]), { layerId: 'e', geometryType: 'Polygon' });
    expect(b.count).toBe(0);
    expect(batchTransferables(b)).toHaveLength(5);
  });
});

describe('category icons in a batch (SPEC §9)', () => {
  const point = (id: number, kind: unknown) => ({
    type: 'Feature' as const,
    id,
    properties: { kind },
    geometry: { type: 'Point' as const, coordinates: [id, id] },
  });
  const places = fc([point(1, 'Hospitals'), point(2, 'car_parks'), point(3, 'bakery'), point(4, null), point(5, ' Cafe '), point(6, 7)]);

  it('names each of the 18 categories by its index, whatever the case, separators or plural; others get none', () => {
    CATEGORY_ICONS.forEach((name, i) => expect(categoryIconIndex(name.toUpperCase())).toBe(i));
    expect(categoryIconIndex('police-station')).toBe(CATEGORY_ICONS.indexOf('police stations'));
    for (const other of ['bakery', '', undefined, 12, 'parkss']) expect(categoryIconIndex(other)).toBe(NO_CATEGORY);
  });

  it("packs the layer's category property as one byte per feature, 255 for none, moved with the batch", () => {
    const b = packFeatureCollection(places, { layerId: 'p', categoryProperty: 'kind' });
    const idx = (name: (typeof CATEGORY_ICONS)[number]) => CATEGORY_ICONS.indexOf(name);
    expect(b.categories).toBeInstanceOf(Uint8Array);
    expect([...b.categories!]).toEqual([idx('hospitals'), idx('car parks'), 255, 255, idx('cafes'), 255]);
    expect(batchTransferables(b)).toContain(b.categories!.buffer);
    // A dropped feature (SPEC §5 out of range) takes its category with it.
    const kept = packFeatureCollection(
      fc([point(1, 'parks'), { ...point(2, 'schools'), geometry: { type: 'Point', coordinates: [500, 0] } }]),
      {
        layerId: 'p',
        categoryProperty: 'kind',
        isValidPoint: isValidLonLat,
      },
    );
    expect([...kept.categories!]).toEqual([idx('parks')]);
  });

  it('has no categories for a layer without a category property', () => {
    expect(packFeatureCollection(places, { layerId: 'p' }).categories).toBeUndefined();
  });
});
