// A stored layer in chunks (issue 17 target 6): cut by feature within the limits, and put back
// together bit for bit — points, lines, polygons with holes and multipolygons, labels, search texts
// and categories — the way local_store.ts writes and reads them (each chunk's columns as bytes).
import { describe, expect, it } from 'vitest';
import type { Feature, Geometry } from 'geojson';
import { featureSearchProperties, layerSchema } from '../../src/model/index.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { featureRange } from '../../workers/batch/batch_patch.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { decodeBatchExtras, encodeBatchExtras } from '../../workers/data/batch_extras.ts';
import { ChunkJoiner, chunkRanges, type StoredChunk } from '../../workers/data/layer_chunks.ts';
import { square } from './shapes.ts';

const layer = layerSchema.parse({
  id: 'l',
  name: 'L',
  type: 'Polygon',
  nameProperty: 'name',
  searchable: true,
  categoryProperty: 'kind',
  properties: [
    { name: 'name', type: 'TEXT' },
    { name: 'kind', type: 'TEXT' },
  ],
});

function pack(geometries: Geometry[]): FeatureBatch {
  const features: Feature[] = geometries.map((geometry, i) => ({
    type: 'Feature',
    id: i + 1,
    geometry,
    properties: { gfid: i + 1, name: i % 3 ? `Feature ${i} é` : '', kind: i % 2 ? 'school' : undefined },
  }));
  return packFeatureCollection(
    { type: 'FeatureCollection', features },
    { layerId: 'l', labelProperty: 'name', searchProperties: featureSearchProperties(layer), categoryProperty: 'kind' },
  );
}

const bytes = (a: ArrayBufferView | undefined) => (a ? new Uint8Array(a.buffer, a.byteOffset, a.byteLength).slice() : new Uint8Array(0));

/** Writes `batch` in chunks and reads them back as local_store.ts does (each chunk's columns as bytes). */
function roundTrip(batch: FeatureBatch, maxVertices: number, maxFeatures: number) {
  const ranges = chunkRanges(batch, maxVertices, maxFeatures);
  const stored: StoredChunk[] = ranges.map(([f0, f1]) => {
    const c = featureRange(batch, f0, f1);
    const extras = encodeBatchExtras(c);
    return {
      count: c.count,
      ids: bytes(c.ids),
      coords: bytes(c.coords),
      partEnds: bytes(c.partEnds),
      featureEnds: bytes(c.featureEnds),
      polygonEnds: bytes(c.polygonEnds),
      extras: extras ? decodeBatchExtras(extras) : undefined,
    };
  });
  const sum = (f: (c: StoredChunk) => number) => stored.reduce((s, c) => s + f(c), 0);
  const joiner = new ChunkJoiner(batch.layerId, batch.geometryType, {
    count: sum((c) => c.count),
    coordBytes: sum((c) => c.coords.byteLength),
    partBytes: sum((c) => c.partEnds.byteLength),
    polygonBytes: sum((c) => c.polygonEnds.byteLength),
  });
  for (const c of stored) joiner.append(c);
  return { ranges, joined: joiner.finish(), stored, joiner };
}

function expectSame(got: FeatureBatch, want: FeatureBatch) {
  expect(got.count).toBe(want.count);
  for (const key of ['ids', 'coords', 'partEnds', 'featureEnds', 'polygonEnds', 'categories'] as const) {
    expect([key, bytes(got[key])]).toEqual([key, bytes(want[key])]);
  }
  expect(got.labels).toEqual(want.labels);
  expect(got.searchTexts).toEqual(want.searchTexts);
}

describe('a stored layer in chunks', () => {
  it('cuts points into chunks of at most the feature limit and joins them bit for bit', () => {
    const batch = pack(Array.from({ length: 10 }, (_, i) => ({ type: 'Point', coordinates: [i * 1.1, -i / 3] }) as Geometry));
    const { ranges, joined } = roundTrip(batch, 1_000, 4);
    expect(ranges).toEqual([
      [0, 4],
      [4, 8],
      [8, 10],
    ]);
    expectSame(joined, batch);
    expect(joined.categories![1]).not.toBe(joined.categories![0]); // a school and none
  });

  it('cuts polygons (holes, multipolygons) by vertices, a larger feature alone, and joins them bit for bit', () => {
    const batch = pack([
      { type: 'Polygon', coordinates: [square(0, 0, 4), square(1, 1, 1)] }, // 10 vertices, a hole
      { type: 'Polygon', coordinates: [square(10, 0, 1)] }, // 5
      { type: 'MultiPolygon', coordinates: [[square(20, 0, 2), square(20.5, 0.5, 0.5)], [square(30, 0, 1)]] }, // 15
      { type: 'Polygon', coordinates: [square(40, 0, 1)] }, // 5
      { type: 'Polygon', coordinates: [square(50, 0, 1)] }, // 5
    ]);
    const { ranges, joined } = roundTrip(batch, 12, 100);
    expect(ranges).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 5],
    ]);
    expectSame(joined, batch);
    expect([...joined.polygonEnds!]).toEqual([...batch.polygonEnds!]);
  });

  it('cuts lines by vertices and keeps one chunk for a layer within the limits', () => {
    const lines = Array.from({ length: 7 }, (_, i) => ({
      type: 'LineString',
      coordinates: Array.from({ length: i + 2 }, (_, v) => [i + v / 10, v]),
    })) as Geometry[];
    const batch = pack(lines);
    const { ranges, joined } = roundTrip(batch, 9, 100);
    expect(ranges.length).toBeGreaterThan(3);
    for (const [f0, f1] of ranges) {
      const c = featureRange(batch, f0, f1);
      expect(c.coords.length / 2 <= 9 || f1 - f0 === 1).toBe(true);
    }
    expectSame(joined, batch);
    expect(chunkRanges(batch)).toEqual([[0, 7]]);
    expect(chunkRanges(pack([]))).toEqual([]);
  });

  it('refuses chunks that do not add up to the layer (a chunk missing)', () => {
    const batch = pack(Array.from({ length: 6 }, (_, i) => ({ type: 'Point', coordinates: [i, i] }) as Geometry));
    const { stored } = roundTrip(batch, 100, 2);
    const joiner = new ChunkJoiner('l', 'Point', { count: 6, coordBytes: 96, partBytes: 24, polygonBytes: 0 });
    joiner.append(stored[0]);
    joiner.append(stored[2]);
    expect(() => joiner.finish()).toThrow('its chunks do not add up');
    const overfull = new ChunkJoiner('l', 'Point', { count: 2, coordBytes: 32, partBytes: 8, polygonBytes: 0 });
    overfull.append(stored[0]);
    expect(() => overfull.append(stored[1])).toThrow('a chunk does not add up');
  });
});
