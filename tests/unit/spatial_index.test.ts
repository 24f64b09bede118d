// workers/batch/spatial_index.ts: one rbush per layer in EPSG:3857 metres (DESIGN.md, SPEC §4 fit).
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { buildSpatialIndex, combineExtents, extentOf, searchExtent } from '../../workers/batch/spatial_index.ts';
import { latToY, lonToX, MAX_MERCATOR_LAT } from '../../workers/batch/mercator.ts';

const HALF_WORLD = 20037508.342789244; // EPSG:3857 x of 180°

function fc(features: FeatureCollection['features']): FeatureCollection {
  return { type: 'FeatureCollection', features };
}
const pt = (id: number, lon: number, lat: number) => ({
  type: 'Feature' as const,
  id,
  properties: {},
  geometry: { type: 'Point' as const, coordinates: [lon, lat] },
});

describe('projection', () => {
  it('maps lon ±180 to the world edge', () => {
    expect(lonToX(180)).toBeCloseTo(HALF_WORLD, 6);
    expect(lonToX(-180)).toBeCloseTo(-HALF_WORLD, 6);
  });
  it('maps the Mercator limit latitude to a square world', () => {
    expect(latToY(MAX_MERCATOR_LAT)).toBeCloseTo(HALF_WORLD, 0);
  });
  it('clamps the poles instead of giving infinity', () => {
    expect(latToY(90)).toBe(latToY(MAX_MERCATOR_LAT));
    expect(latToY(-90)).toBe(latToY(-MAX_MERCATOR_LAT));
  });
  it('matches a known value (lat 45 → 5621521.49 m)', () => {
    expect(latToY(45)).toBeCloseTo(5621521.486, 2);
  });
});

describe('buildSpatialIndex', () => {
  it('stores one EPSG:3857 box per feature', () => {
    const batch = packFeatureCollection(
      fc([
        {
          type: 'Feature',
          id: 7,
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 2],
              [3, -4],
            ],
          },
        },
      ]),
      { layerId: 'roads' },
    );
    const index = buildSpatialIndex(batch);
    expect(Array.from(index.boxes)).toEqual([lonToX(1), latToY(-4), lonToX(3), latToY(2)]);
  });
  it("stores a layer of single points as one position each, half a box's numbers, and finds them as before", () => {
    const batch = packFeatureCollection(fc([pt(10, 0, 0), pt(11, 10, 10), pt(12, 20, 20)]), { layerId: 'p' });
    const index = buildSpatialIndex(batch);
    expect(index.stride).toBe(2);
    expect(Array.from(index.boxes)).toEqual([lonToX(0), latToY(0), lonToX(10), latToY(10), lonToX(20), latToY(20)]);
    expect(index.extent).toEqual([lonToX(0), latToY(0), lonToX(20), latToY(20)]);
    expect(searchExtent(index, [lonToX(9), latToY(9), lonToX(11), latToY(11)])).toEqual([1]);
  });
  it('keeps whole boxes for a point layer with a multi-point', () => {
    const multi = {
      type: 'Feature' as const,
      id: 2,
      properties: {},
      geometry: {
        type: 'MultiPoint' as const,
        coordinates: [
          [0, 0],
          [4, 6],
        ],
      },
    };
    const batch = packFeatureCollection(fc([pt(1, -5, -5), multi]), { layerId: 'p' });
    const index = buildSpatialIndex(batch);
    expect(index.stride).toBe(4);
    expect(searchExtent(index, [lonToX(1), latToY(1), lonToX(2), latToY(2)])).toEqual([1]);
  });
  it('finds features by box and returns feature indices', () => {
    const batch = packFeatureCollection(fc([pt(10, 0, 0), pt(11, 10, 10), pt(12, 20, 20)]), { layerId: 'p' });
    const index = buildSpatialIndex(batch);
    const found = searchExtent(index, [lonToX(5), latToY(5), lonToX(25), latToY(25)]).sort();
    expect(found).toEqual([1, 2]);
  });
  it('finds the first feature of a small layer (rbush skips a falsy item 0)', () => {
    const index = buildSpatialIndex(packFeatureCollection(fc([pt(1, 0, 0)]), { layerId: 'p' }));
    expect(searchExtent(index, [-1, -1, 1, 1])).toEqual([0]);
  });
  it('keeps the layer id, geometry type and count', () => {
    const index = buildSpatialIndex(packFeatureCollection(fc([pt(1, 0, 0)]), { layerId: 'cities' }));
    expect([index.layerId, index.geometryType, index.count]).toEqual(['cities', 'Point', 1]);
  });
  it('indexes an empty layer without error', () => {
    const index = buildSpatialIndex(packFeatureCollection(fc([]), { layerId: 'empty', geometryType: 'Polygon' }));
    expect(index.extent).toBeNull();
    expect(searchExtent(index, [-1e9, -1e9, 1e9, 1e9])).toEqual([]);
  });
  it('indexes real country polygons (Natural Earth 110m)', () => {
    const require = createRequire(import.meta.url);
    const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as Topology;
    const countries = feature(topo, topo.objects.countries) as FeatureCollection;
    const batch = packFeatureCollection(countries, { layerId: 'countries', labelProperty: 'name' });
    const index = buildSpatialIndex(batch);
    const paris = [lonToX(2.35), latToY(48.86)];
    const names = searchExtent(index, [paris[0], paris[1], paris[0], paris[1]]).map((f) => batch.labels![f]);
    expect(names).toContain('France');
    expect(names).not.toContain('Brazil');
  });
});

describe('extentOf (SPEC §4 fit to the extent of layers with features)', () => {
  it('is the projected extent of all features', () => {
    const batch = packFeatureCollection(fc([pt(1, -10, -20), pt(2, 30, 40)]), { layerId: 'p' });
    expect(extentOf(batch)).toEqual([lonToX(-10), latToY(-20), lonToX(30), latToY(40)]);
  });
  it('is null for a layer without features', () => {
    expect(extentOf(packFeatureCollection(fc([]), { layerId: 'p' }))).toBeNull();
  });
  it('combines layers, skipping those without features', () => {
    expect(combineExtents([[0, 0, 1, 1], null, [-5, 2, 0, 8]])).toEqual([-5, 0, 1, 8]);
    expect(combineExtents([null, undefined])).toBeNull();
  });
});
