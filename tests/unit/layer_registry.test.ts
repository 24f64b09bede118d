import { describe, expect, it } from 'vitest';
import { cloneBatch, LayerRegistry } from '../../workers/data/layer_registry.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { lonToX, latToY } from '../../workers/batch/mercator.ts';

/** `points` with names to search (model featureSearchText: the name alone). */
function named(layerId: string, names: string[], firstId = 1): FeatureBatch {
  return {
    ...points(
      layerId,
      names.map((_, i) => [i / 10, 0] as [number, number]),
      firstId,
    ),
    searchTexts: names,
  };
}

function points(layerId: string, lonLats: [number, number][], firstId = 1): FeatureBatch {
  const n = lonLats.length;
  return {
    layerId,
    geometryType: 'Point',
    count: n,
    ids: Float64Array.from(lonLats, (_, i) => firstId + i),
    coords: Float64Array.from(lonLats.flat()),
    partEnds: Uint32Array.from(lonLats, (_, i) => i + 1),
    featureEnds: Uint32Array.from(lonLats, (_, i) => i + 1),
  };
}

const tap = (lon: number, lat: number, resolution = 10) => ({ x: lonToX(lon), y: latToY(lat), resolution });

describe('layer registry', () => {
  it('answers a tap with the feature under it, from any registered layer', () => {
    const reg = new LayerRegistry();
    reg.set(
      points('cities', [
        [10, 50],
        [11, 51],
      ]),
    );
    reg.set(points('sites', [[20, 40]], 100));
    expect(reg.hitTest(tap(11, 51)).map((h) => [h.layerId, h.id])).toEqual([['cities', 2]]);
    expect(reg.hitTest(tap(20, 40)).map((h) => [h.layerId, h.id])).toEqual([['sites', 100]]);
  });

  it('misses beyond the 3 px tolerance', () => {
    const reg = new LayerRegistry();
    reg.set(points('cities', [[10, 50]]));
    // 10 m per pixel: 3 px = 30 m; a tap 100 m east is a miss, 20 m east a hit.
    const q = tap(10, 50);
    expect(reg.hitTest({ ...q, x: q.x + 100 })).toEqual([]);
    expect(reg.hitTest({ ...q, x: q.x + 20 })).toHaveLength(1);
  });

  it('limits the search to the layers asked for', () => {
    const reg = new LayerRegistry();
    reg.set(points('a', [[0, 0]]));
    reg.set(points('b', [[0, 0]], 7));
    expect(reg.hitTest(tap(0, 0), ['b']).map((h) => h.layerId)).toEqual(['b']);
  });

  it('lists first the layer whose best match is the whole name, whether or not its search index is built yet', async () => {
    const reg = new LayerRegistry();
    reg.set(named('cities', ['Paris', 'Lyon', 'Parisot']));
    reg.set(named('roads', ['Demo road Paris – Argenteuil', ...Array.from({ length: 50 }, (_, i) => `Demo road ${i}`)], 100));
    // The roads' index is built (its scores are MiniSearch's); the cities' is not (their scan answers).
    await reg.prepareSearch('roads');
    const groups = await reg.search('Paris', 5);
    expect(groups.map((g) => [g.layerId, g.hits[0].name])).toEqual([
      ['cities', 'Paris'],
      ['roads', 'Demo road Paris – Argenteuil'],
    ]);
  });

  it('forgets a replaced or deleted layer', () => {
    const reg = new LayerRegistry();
    reg.set(points('cities', [[10, 50]]));
    reg.set(points('cities', [[30, 30]]));
    expect(reg.hitTest(tap(10, 50))).toEqual([]);
    reg.delete('cities');
    expect(reg.hitTest(tap(30, 30))).toEqual([]);
    expect(reg.count('cities')).toBe(0);
  });

  it('clones a batch into buffers of its own', () => {
    const b = points('cities', [[1, 2]]);
    const c = cloneBatch(b);
    expect(c.coords).toEqual(b.coords);
    expect(c.coords.buffer).not.toBe(b.coords.buffer);
    expect(c.ids.buffer).not.toBe(b.ids.buffer);
  });
});

describe('layer registry patch (one feature, not the layer)', () => {
  // Enough features for a tree of several levels, so renumbering inside nodes is exercised.
  const grid = (): [number, number][] => Array.from({ length: 300 }, (_, i) => [(i % 20) * 0.5, Math.floor(i / 20) * 0.5]);
  const ids = (hits: { id: number }[]) => hits.map((h) => h.id);

  // The spatial index is built after the load is drawn (`prepare`) or at the first tap; an edit may come before or after.
  const WHEN = [
    ['before the layer is indexed', false],
    ['after the layer is indexed', true],
  ] as const;

  it.each(WHEN)('moves one feature %s: found at its new place, no longer at the old one; others unchanged', (_, indexed) => {
    const reg = new LayerRegistry();
    reg.set(points('cities', grid()));
    if (indexed) reg.prepare();
    const before = reg.get('cities')!;
    reg.patch('cities', points('cities', [[30, 30]], 5), []);
    expect(reg.get('cities')).not.toBe(before);
    expect(ids(reg.hitTest(tap(30, 30)))).toEqual([5]);
    expect(reg.hitTest(tap(2, 0))).toEqual([]); // feature 5 was at (2, 0)
    expect(ids(reg.hitTest(tap(2.5, 0)))).toEqual([6]);
    expect(reg.count('cities')).toBe(300);
  });

  it.each(WHEN)('makes one point a multi-point %s: a tap finds it at each of its points; every other point still found', (_, indexed) => {
    // A layer of single points is indexed by one position per feature (issue 17 target 6); the
    // multi-point needs a whole box, and its points far apart must not make a hit between them.
    const reg = new LayerRegistry();
    const all = grid();
    reg.set(points('cities', all));
    if (indexed) reg.prepare();
    const multi: FeatureBatch = {
      layerId: 'cities',
      geometryType: 'Point',
      count: 1,
      ids: Float64Array.of(5),
      coords: Float64Array.of(-40, -40, 40, 40),
      partEnds: Uint32Array.of(1, 2),
      featureEnds: Uint32Array.of(2),
    };
    reg.patch('cities', multi, [17]);
    expect(ids(reg.hitTest(tap(-40, -40)))).toEqual([5]);
    expect(ids(reg.hitTest(tap(40, 40)))).toEqual([5]);
    expect(reg.hitTest(tap(-20, -20))).toEqual([]);
    all.forEach(([lon, lat], i) => {
      const id = i + 1;
      expect(ids(reg.hitTest(tap(lon, lat)))).toEqual(id === 5 || id === 17 ? [] : [id]);
    });
  });

  it.each(WHEN)('adds a new feature and removes others %s; every remaining feature is still found', (_, indexed) => {
    const reg = new LayerRegistry();
    const all = grid();
    reg.set(points('cities', all));
    if (indexed) expect(reg.hitTest(tap(0, 0))).toHaveLength(1); // a tap builds the index
    reg.patch('cities', points('cities', [[-40, -40]], 1000), [1, 77, 150, 300]);
    expect(reg.count('cities')).toBe(297);
    expect(ids(reg.hitTest(tap(-40, -40)))).toEqual([1000]);
    all.forEach(([lon, lat], i) => {
      const id = i + 1;
      expect(ids(reg.hitTest(tap(lon, lat)))).toEqual([1, 77, 150, 300].includes(id) ? [] : [id]);
    });
  });
});
