import { describe, expect, it } from 'vitest';
import type { Feature, Geometry } from 'geojson';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { removeFeatures, upsertFeatures } from '../../workers/batch/batch_patch.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { featureParts, featureVertexRange } from '../../workers/batch/feature_batch.ts';
import { square } from './shapes.ts';

const feature = (id: number, geometry: Geometry, name = `f${id}`): Feature => ({ type: 'Feature', id, geometry, properties: { name } });
const pack = (layerId: string, ...features: Feature[]) =>
  packFeatureCollection({ type: 'FeatureCollection', features }, { layerId, labelProperty: 'name' });

/** Feature f of a batch as plain data: its id, label, parts' vertices and (polygons) polygon ends, relative. */
function featureOf(b: FeatureBatch, f: number) {
  const [p0, p1] = featureParts(b, f);
  const [v0, v1] = featureVertexRange(b, f);
  const parts = [...b.partEnds.subarray(p0, p1)].map((e) => e - v0);
  const polys = b.polygonEnds ? [...b.polygonEnds].filter((e) => e > p0 && e <= p1).map((e) => e - p0) : undefined;
  return { id: b.ids[f], label: b.labels?.[f], coords: b.coords.slice(2 * v0, 2 * v1), parts, polys };
}

describe('upsertFeatures / removeFeatures', () => {
  const points = pack(
    'cities',
    feature(1, { type: 'Point', coordinates: [1, 1] }),
    feature(2, { type: 'Point', coordinates: [2, 2] }),
    feature(3, { type: 'Point', coordinates: [3, 3] }),
  );

  it("replaces one feature's coordinates and label, in place, and copies the others bit for bit", () => {
    const out = upsertFeatures(points, pack('cities', feature(2, { type: 'Point', coordinates: [20.5, -7] }, 'moved')));
    expect(out.count).toBe(3);
    expect([...out.ids]).toEqual([1, 2, 3]);
    expect(featureOf(out, 1)).toMatchObject({ id: 2, label: 'moved', coords: new Float64Array([20.5, -7]) });
    expect(featureOf(out, 0)).toEqual(featureOf(points, 0));
    expect(featureOf(out, 2)).toEqual(featureOf(points, 2));
    // The input is never mutated.
    expect([...points.coords]).toEqual([1, 1, 2, 2, 3, 3]);
    expect(points.labels).toEqual(['f1', 'f2', 'f3']);
  });

  it('appends a feature whose id is new', () => {
    const out = upsertFeatures(
      points,
      pack(
        'cities',
        feature(9, {
          type: 'MultiPoint',
          coordinates: [
            [5, 5],
            [6, 6],
          ],
        }),
      ),
    );
    expect(out.count).toBe(4);
    expect([...out.ids]).toEqual([1, 2, 3, 9]);
    expect(featureOf(out, 3)).toMatchObject({ coords: new Float64Array([5, 5, 6, 6]), parts: [1, 2], label: 'f9' });
    expect([...out.partEnds]).toEqual([1, 2, 3, 4, 5]);
    expect([...out.featureEnds]).toEqual([1, 2, 3, 5]);
  });

  it('removes one feature and keeps the others in order', () => {
    const out = removeFeatures(points, [2, 42]);
    expect([...out.ids]).toEqual([1, 3]);
    expect([...out.coords]).toEqual([1, 1, 3, 3]);
    expect([...out.partEnds]).toEqual([1, 2]);
    expect([...out.featureEnds]).toEqual([1, 2]);
    expect(out.labels).toEqual(['f1', 'f3']);
  });

  describe('polygons with holes', () => {
    const withHole: Geometry = { type: 'Polygon', coordinates: [square(0, 0, 10), square(2, 2, 2)] };
    const multi: Geometry = {
      type: 'MultiPolygon',
      coordinates: [[square(20, 0, 10), square(22, 2, 2), square(25, 5, 2)], [square(40, 0, 5)]],
    };
    const plain: Geometry = { type: 'Polygon', coordinates: [square(60, 0, 3)] };
    const layer = pack('parks', feature(1, withHole), feature(2, multi), feature(3, plain));

    /** Every polygon end is a part end within its feature, ascending, and the last of each feature ends it. */
    function expectConsistent(b: FeatureBatch) {
      const ends = [...b.polygonEnds!];
      expect(ends).toEqual([...ends].sort((x, y) => x - y));
      expect(ends[ends.length - 1]).toBe(b.partEnds.length);
      for (const e of b.featureEnds) expect(ends).toContain(e);
      expect(b.partEnds[b.partEnds.length - 1] * 2).toBe(b.coords.length);
    }

    it('replaces a multipolygon by one with a different number of polygons and holes', () => {
      const replaced: Geometry = {
        type: 'MultiPolygon',
        coordinates: [[square(30, 30, 4)], [square(50, 50, 8), square(51, 51, 1)], [square(70, 0, 1)]],
      };
      const out = upsertFeatures(layer, pack('parks', feature(2, replaced, 'new')));
      expectConsistent(out);
      expect(featureOf(out, 1)).toMatchObject({ id: 2, parts: [5, 10, 15, 20], polys: [1, 3, 4] });
      expect(featureOf(out, 1).coords.slice(0, 2)).toEqual(new Float64Array([30, 30]));
      expect(featureOf(out, 0)).toEqual(featureOf(layer, 0));
      expect(featureOf(out, 2)).toEqual(featureOf(layer, 2));
    });

    it('removes the feature with holes, and adds one with a hole', () => {
      const removed = removeFeatures(layer, [1]);
      expectConsistent(removed);
      expect([...removed.ids]).toEqual([2, 3]);
      expect(featureOf(removed, 0)).toEqual(featureOf(layer, 1));
      expect(featureOf(removed, 1)).toEqual(featureOf(layer, 2));
      const added = upsertFeatures(removed, pack('parks', feature(4, withHole)));
      expectConsistent(added);
      expect([...added.polygonEnds!]).toEqual([3, 4, 5, 7]);
      expect(featureOf(added, 2)).toMatchObject({ id: 4, parts: [5, 10], polys: [2] });
    });
  });

  it('refuses features of another geometry type', () => {
    expect(() =>
      upsertFeatures(
        points,
        pack(
          'x',
          feature(1, {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          }),
        ),
      ),
    ).toThrow();
  });
});

describe('category icons through patches (SPEC §9)', () => {
  const packKinds = (...kinds: [number, string][]) =>
    packFeatureCollection(
      {
        type: 'FeatureCollection',
        features: kinds.map(([id, kind]) => ({
          type: 'Feature',
          id,
          geometry: { type: 'Point', coordinates: [id, id] },
          properties: { kind },
        })),
      },
      { layerId: 'poi', categoryProperty: 'kind' },
    );
  const base = packKinds([1, 'hospitals'], [2, 'cafes'], [3, 'parks']);

  it("moves the edited feature's category with it, keeps the others and drops the removed", () => {
    const out = upsertFeatures(base, packKinds([2, 'schools'], [9, 'banks']));
    expect([...out.ids]).toEqual([1, 2, 3, 9]);
    expect([...out.categories!]).toEqual([8, 12, 14, 1]);
    expect([...removeFeatures(out, [1, 3]).categories!]).toEqual([12, 1]);
    expect([...base.categories!]).toEqual([8, 11, 14]);
  });

  it('gives no icon to a feature patched in without categories', () => {
    const plain = pack('poi', feature(2, { type: 'Point', coordinates: [2, 2] }));
    expect([...upsertFeatures(base, plain).categories!]).toEqual([8, 255, 14]);
  });
});
