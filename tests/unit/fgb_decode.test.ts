// workers/data/fgb_decode.ts on small FlatGeobuf files written by flatgeobuf's own JS serializer:
// the batch must be bit for bit what packFeatureCollection makes of the same GeoJSON.
import { describe, expect, it } from 'vitest';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { serialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { decodeFlatGeobuf, decodeFlatGeobufStream, FgbBatchDecoder } from '../../workers/data/fgb_decode.ts';
import { packFeatureCollection, type PackOptions } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { isValidLonLat } from '../../src/model/index.ts';
import { square } from './shapes.ts';

let nextId = 1;
/** gfid as the feature id and as a column, like the server writes it. */
function feature(geometry: Geometry, name: string | null = 'f'): Feature {
  const gfid = nextId++;
  return { type: 'Feature', id: gfid, geometry, properties: { gfid, name, rank: gfid * 1.5 } };
}
const fc = (...features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
const bits = (a: ArrayBufferView | undefined) => (a ? Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex') : a);

/** Equal arrays bit for bit (NaN ids included), not only numerically. */
function expectSameBatch(actual: FeatureBatch, expected: FeatureBatch) {
  const { ids, coords, partEnds, featureEnds, polygonEnds, categories, ...rest } = actual;
  const e = expected;
  expect(rest).toEqual({ layerId: e.layerId, geometryType: e.geometryType, count: e.count, ...(e.labels ? { labels: e.labels } : {}) });
  expect([bits(ids), bits(coords), bits(partEnds), bits(featureEnds), bits(polygonEnds), bits(categories)]).toEqual([
    bits(e.ids),
    bits(e.coords),
    bits(e.partEnds),
    bits(e.featureEnds),
    bits(e.polygonEnds),
    bits(e.categories),
  ]);
  expect(coords).toBeInstanceOf(Float64Array);
  expect(partEnds).toBeInstanceOf(Uint32Array);
}

function expectAsPack(collection: FeatureCollection, opts: PackOptions): FeatureBatch {
  const bytes = serialize(collection);
  const batch = decodeFlatGeobuf(bytes, opts);
  expectSameBatch(batch, packFeatureCollection(collection, opts));
  return batch;
}

const points = fc(
  feature({ type: 'Point', coordinates: [10, 20] }, 'a'),
  feature({ type: 'Point', coordinates: [200, 20] }, 'out of range'),
  feature({ type: 'Point', coordinates: [-5, -91] }, 'out of range'),
  feature({ type: 'Point', coordinates: [-5.123456789012, 5.987654321098] }, null),
  feature({ type: 'Point', coordinates: [180, -90] }, 'edge'),
);

describe('decodeFlatGeobuf', () => {
  it('packs points like packFeatureCollection, dropping out-of-range ones (SPEC §5)', () => {
    const b = expectAsPack(points, { layerId: 'p', labelProperty: 'name', isValidPoint: isValidLonLat });
    expect(b.count).toBe(3);
    expect(b.labels).toEqual(['a', '', 'edge']);
  });

  it('reads MultiPoints beside Points (a mixed file: geometry type per feature)', () => {
    expectAsPack(
      fc(
        feature({ type: 'Point', coordinates: [1, 2] }),
        feature({
          type: 'MultiPoint',
          coordinates: [
            [3, 4],
            [500, 4],
            [5, 6],
          ],
        }),
        feature({ type: 'MultiPoint', coordinates: [[500, 4]] }), // nothing valid left: dropped
      ),
      { layerId: 'mp', labelProperty: 'name', isValidPoint: isValidLonLat },
    );
  });

  it('packs lines, unwrapping one that crosses the antimeridian, skipping one-vertex parts', () => {
    const b = expectAsPack(
      fc(
        feature({
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
            [2, 0],
          ],
        }),
        feature({
          type: 'LineString',
          coordinates: [
            [170, 10],
            [179, 12],
            [-175, 14],
            [-170, 15],
          ],
        }),
        feature({
          type: 'MultiLineString',
          coordinates: [
            [
              [5, 5],
              [6, 6],
            ],
            [[7, 7]],
            [
              [8, 8],
              [9, 9],
              [10, 8],
            ],
          ],
        }),
      ),
      { layerId: 'l', labelProperty: 'name' },
    );
    expect(b.geometryType).toBe('LineString');
    // Unwrapped by continuity, then recentred (mean past 180): 170 → -190, -175 stays.
    expect([b.coords[6], b.coords[8], b.coords[10]]).toEqual([-190, -181, -175]);
  });

  it('packs polygons and multipolygons with holes, keeping polygonEnds', () => {
    const b = expectAsPack(
      fc(
        feature({ type: 'Polygon', coordinates: [square(0, 0, 10), square(2, 2, 2), square(6, 6, 2)] }),
        feature({ type: 'MultiPolygon', coordinates: [[square(20, 0, 10), square(22, 2, 3)], [square(40, 0, 5)]] }),
        // Fiji-like: crosses the antimeridian twice, so it is unwrapped.
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [178, -17],
              [-179, -17],
              [-179, -16],
              [178, -16],
              [178, -17],
            ],
          ],
        }),
        // Antarctica-like: one crossing, left as it is to fill the polar cap.
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [-180, -90],
              [-180, -80],
              [0, -75],
              [180, -80],
              [180, -90],
              [-180, -90],
            ],
          ],
        }),
        // Natural Earth's Antarctica: one crossing at −84.7°, some vertices nearer the pole; it closes
        // along the pole (two corners inserted at the crossing), the same from either decoder.
        feature({
          type: 'Polygon',
          coordinates: [
            [
              [-180, -84.7],
              [-90, -85.6],
              [0, -70],
              [180, -84.7],
              [-180, -84.7],
            ],
          ],
        }),
      ),
      { layerId: 'poly', labelProperty: 'name' },
    );
    expect(b.count).toBe(5);
    expect(b.polygonEnds!.length).toBe(6);
    const last = [...b.coords.slice(b.partEnds[b.partEnds.length - 2] * 2, b.partEnds[b.partEnds.length - 1] * 2)];
    expect(last).toEqual([-180, -84.7, -90, -85.6, 0, -70, 180, -84.7, 180, -90, -180, -90, -180, -84.7]);
  });

  it('reads a single-type polygon file (geometry type in the header) without the layer type given', () => {
    const b = expectAsPack(
      fc(
        feature({ type: 'Polygon', coordinates: [square(0, 0, 1)] }),
        feature({ type: 'Polygon', coordinates: [square(5, 5, 1), square(5.2, 5.2, 0.1)] }),
      ),
      {
        layerId: 'q',
      },
    );
    expect(b.geometryType).toBe('Polygon');
  });

  it('skips features of another family than the layer type', () => {
    expectAsPack(
      fc(
        feature({ type: 'Point', coordinates: [1, 1] }),
        feature({
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        }),
      ),
      { layerId: 'x', geometryType: 'LineString' },
    );
  });

  it('gives the same batch whatever the chunking, with progress ending at the feature count', async () => {
    const bytes = serialize(points);
    const opts = { layerId: 'p', labelProperty: 'name', isValidPoint: isValidLonLat };
    const whole = decodeFlatGeobuf(bytes, opts);
    for (const size of [1, 7, 64, 1000]) {
      const calls: [number, number | undefined, number][] = [];
      const stream = new ReadableStream<Uint8Array>({
        start(ctl) {
          for (let i = 0; i < bytes.length; i += size) ctl.enqueue(bytes.slice(i, i + size));
          ctl.close();
        },
      });
      const b = await decodeFlatGeobufStream(stream, { ...opts, progressIntervalMs: 0, onProgress: (...a) => calls.push(a) });
      expectSameBatch(b, whole);
      expect(calls.at(-1)).toEqual([5, 5, bytes.length]); // 5 read, 3 kept: progress counts what was read
      expect(calls.every(([n], i) => i === 0 || n >= calls[i - 1][0])).toBe(true);
      expect(calls.length).toBeGreaterThan(size === 1000 ? 0 : 2);
    }
  });

  it('reports the header total when the file has one, and refuses what is not FlatGeobuf or is cut short', () => {
    const bytes = serialize(points);
    const d = new FgbBatchDecoder({ layerId: 'p' });
    d.push(bytes.subarray(0, bytes.length - 3));
    expect(d.total).toBe(5); // the JS writer counts its features
    expect(() => d.finish()).toThrow(/ended inside a feature/);
    expect(() => decodeFlatGeobuf(new TextEncoder().encode('{"type":"FeatureCollection"}'), { layerId: 'j' })).toThrow(/Not a FlatGeobuf/);
    expect(() => decodeFlatGeobuf(bytes.subarray(0, 10), { layerId: 'h' })).toThrow(/incomplete header/);
  });
});

describe('search texts from FlatGeobuf (SPEC §2 search)', () => {
  it('reads the searched columns into the same texts pack makes, a missing column as empty', () => {
    const data = fc(
      {
        type: 'Feature',
        id: 1,
        geometry: { type: 'Point', coordinates: [2.35, 48.85] },
        properties: { gfid: 1, name: 'Paris', country: 'FR', rank: 1.5 },
      },
      {
        type: 'Feature',
        id: 2,
        geometry: { type: 'Point', coordinates: [4.83, 45.76] },
        properties: { gfid: 2, name: 'Lyon', country: 'FR', rank: 3 },
      },
    );
    const opts: PackOptions = { layerId: 's', searchProperties: ['name', 'country', 'absent'] };
    const batch = decodeFlatGeobuf(serialize(data) as Uint8Array, opts);
    expect(batch.searchTexts).toEqual(packFeatureCollection(data, opts).searchTexts);
    expect(batch.searchTexts).toEqual(['Paris\u001fFR', 'Lyon\u001fFR']);
  });
});

describe('decodeFlatGeobuf texts', () => {
  it('reads every kind of text as pack does, a column used as label, search text and category alike', () => {
    const names = ['', 'Lyon', 'Zürich', '東京', 'São Paulo', 'a'.repeat(32), 'b'.repeat(33), `Long ${'x'.repeat(40)} 🗺️ end`];
    const data = fc(
      ...names.map((name, i) => {
        const f = feature({ type: 'Point', coordinates: [i, i] }, name);
        f.properties!.kind = i % 2 ? 'cafes' : 'Hospitals';
        return f;
      }),
    );
    const opts: PackOptions = { layerId: 't', labelProperty: 'name', categoryProperty: 'kind', searchProperties: ['name', 'kind'] };
    const batch = decodeFlatGeobuf(serialize(data), opts);
    const packed = packFeatureCollection(data, opts);
    expect([batch.labels, batch.searchTexts, bits(batch.categories)]).toEqual([packed.labels, packed.searchTexts, bits(packed.categories)]);
    expect(batch.labels).toEqual(names);
    expect(batch.searchTexts).toEqual(names.map((n, i) => `${n}\u001f${i % 2 ? 'cafes' : 'Hospitals'}`));
  });
});

describe('decodeFlatGeobuf category icons (SPEC §9)', () => {
  it("reads the layer's category column into the same bytes as pack", () => {
    const kinds = ['Hospitals', 'no such kind', 'car parks', 'cafes'];
    const places = fc(
      ...kinds.map((kind, i) => {
        const f = feature({ type: 'Point', coordinates: [i, i] });
        f.properties!.kind = kind;
        return f;
      }),
    );
    const batch = expectAsPack(places, { layerId: 'poi', categoryProperty: 'kind' });
    expect([...batch.categories!]).toEqual([8, 255, 3, 11]);
    // A file without the column: every feature without an icon.
    expect([...decodeFlatGeobuf(serialize(places), { layerId: 'poi', categoryProperty: 'missing' }).categories!]).toEqual([
      255, 255, 255, 255,
    ]);
  });
});
