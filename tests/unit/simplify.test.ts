// workers/data/simplify.ts: Douglas-Peucker per zoom band, tolerances in EPSG:3857 metres.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { Topology } from 'topojson-specification';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { simplifyBatch, simplifyBatchSliced } from '../../workers/data/simplify.ts';
import { bandForZoom, resolutionForZoom, toleranceForZoom, ZOOM_BANDS } from '../../workers/batch/zoom_levels.ts';

const M = 1 / 111319.49; // about one metre of longitude (EPSG:3857 x) in degrees
function pack(geometries: Geometry[], layerId = 'l'): FeatureBatch {
  const features = geometries.map((geometry, i): Feature => ({ type: 'Feature', id: i + 1, properties: {}, geometry }));
  return packFeatureCollection({ type: 'FeatureCollection', features }, { layerId });
}
const line = (coordinates: Position[]): Geometry => ({ type: 'LineString', coordinates });
const vertices = (b: FeatureBatch) => Array.from({ length: b.coords.length / 2 }, (_, i) => [b.coords[2 * i], b.coords[2 * i + 1]]);
/** Every part of a polygon batch has ≥ 4 vertices and ends where it starts. */
function ringsValid(b: FeatureBatch): boolean {
  for (let p = 0; p < b.partEnds.length; p++) {
    const v0 = p === 0 ? 0 : b.partEnds[p - 1],
      v1 = b.partEnds[p];
    if (v1 - v0 < 4) return false;
    if (b.coords[2 * v0] !== b.coords[2 * (v1 - 1)] || b.coords[2 * v0 + 1] !== b.coords[2 * (v1 - 1) + 1]) return false;
  }
  return true;
}
/** A zig-zag along the equator: `n` teeth of height `h` degrees. */
const zigzag = (n: number, h: number): Position[] => Array.from({ length: n }, (_, i) => [i * 0.01, i % 2 ? h : 0]);

describe('simplifyBatch: lines', () => {
  it('reduces a straight line with collinear vertices to its 2 ends', () => {
    const out = simplifyBatch(
      pack([
        line([
          [0, 10],
          [1, 10],
          [2, 10],
          [3, 10],
          [4, 10],
        ]),
      ]),
      1,
    );
    expect(vertices(out)).toEqual([
      [0, 10],
      [4, 10],
    ]);
  });
  it('flattens a zig-zag within the tolerance', () => {
    const out = simplifyBatch(pack([line(zigzag(11, 5 * M))]), 10);
    expect(vertices(out)).toEqual([
      [0, 0],
      [0.1, 0],
    ]);
  });
  it('keeps every peak of a zig-zag beyond the tolerance', () => {
    const out = simplifyBatch(pack([line(zigzag(11, 50 * M))]), 10);
    expect(out.coords.length / 2).toBe(11);
  });
  it('keeps both ends of a line however large the tolerance', () => {
    const out = simplifyBatch(pack([line(zigzag(50, 1))]), 1e9);
    expect(out.partEnds[0]).toBe(2);
  });
  it('keeps ids, parts, featureEnds and labels, sharing no buffer with the input', () => {
    const input = packFeatureCollection(
      {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            id: 7,
            properties: { n: 'a' },
            geometry: { type: 'MultiLineString', coordinates: [zigzag(5, 0), zigzag(6, 0)] },
          },
          { type: 'Feature', id: 8, properties: { n: 'b' }, geometry: line(zigzag(4, 0)) },
        ],
      },
      { layerId: 'roads', labelProperty: 'n' },
    );
    const out = simplifyBatch(input, 1);
    expect([Array.from(out.ids), Array.from(out.featureEnds), Array.from(out.partEnds), out.labels]).toEqual([
      [7, 8],
      [2, 3],
      [2, 4, 6],
      ['a', 'b'],
    ]);
    expect(out.coords.buffer).not.toBe(input.coords.buffer);
    expect(out.ids.buffer).not.toBe(input.ids.buffer);
  });
  it('handles a 200k-vertex zig-zag (equal distances split mid-range)', () => {
    const out = simplifyBatch(pack([line(zigzag(200_001, 50 * M))]), 10);
    expect(out.coords.length / 2).toBe(200_001);
  });
});

describe('simplifyBatch: polygons', () => {
  const circle = (n: number, r: number): Position[] => {
    const pts = Array.from({ length: n }, (_, i) => [r * Math.cos((2 * Math.PI * i) / n), r * Math.sin((2 * Math.PI * i) / n)]);
    return [...pts, pts[0]];
  };
  it('keeps a ring closed with at least 4 vertices however large the tolerance', () => {
    const out = simplifyBatch(pack([{ type: 'Polygon', coordinates: [circle(100, 1)] }]), 1e9);
    expect(out.partEnds[0]).toBe(4);
    expect(ringsValid(out)).toBe(true);
  });
  it('keeps a small ring as it is', () => {
    const ring = [
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 0],
    ];
    expect(vertices(simplifyBatch(pack([{ type: 'Polygon', coordinates: [ring] }]), 1e9))).toEqual(ring);
  });
  it('keeps holes and polygonEnds', () => {
    const input = pack([{ type: 'MultiPolygon', coordinates: [[circle(50, 2), circle(50, 1)], [circle(50, 0.5)]] }]);
    const out = simplifyBatch(input, 1000);
    expect([out.partEnds.length, Array.from(out.polygonEnds!)]).toEqual([3, [2, 3]]);
    expect(ringsValid(out)).toBe(true);
  });
  it('keeps more of a ring at a small tolerance', () => {
    const input = pack([{ type: 'Polygon', coordinates: [circle(200, 1)] }]);
    expect(simplifyBatch(input, 100).coords.length).toBeGreaterThan(simplifyBatch(input, 10_000).coords.length);
  });
});

describe('simplifyBatch: points', () => {
  it('leaves points untouched', () => {
    const input = pack([
      { type: 'Point', coordinates: [1, 2] },
      {
        type: 'MultiPoint',
        coordinates: [
          [3, 4],
          [3, 4.000001],
        ],
      },
    ]);
    const out = simplifyBatch(input, 1e9);
    expect([vertices(out), Array.from(out.partEnds)]).toEqual([vertices(input), [1, 2, 3]]);
  });
});

describe('zoom bands', () => {
  it('has 5 bands covering zoom 0 to 24 without gaps', () => {
    expect(ZOOM_BANDS).toHaveLength(5);
    expect(ZOOM_BANDS[0].minZoom).toBe(0);
    expect(ZOOM_BANDS[4].maxZoom).toBe(24);
    for (let b = 1; b < 5; b++) expect(ZOOM_BANDS[b].minZoom).toBe(ZOOM_BANDS[b - 1].maxZoom + 1);
  });
  it("derives the tolerance from half a pixel at the band's most detailed zoom", () => {
    expect(toleranceForZoom(1)).toBeCloseTo(resolutionForZoom(2) / 2, 9);
    expect(toleranceForZoom(3)).toBeCloseTo(resolutionForZoom(5) / 2, 9);
    expect(resolutionForZoom(0)).toBeCloseTo(156543.034, 3);
  });
  it('gives the world view (zooms 0–2) its own, coarser band', () => {
    expect([0, 2, 3, 5].map(bandForZoom)).toEqual([0, 0, 1, 1]);
    expect(toleranceForZoom(2)).toBe(8 * toleranceForZoom(5));
  });
  it('lowers the tolerance as the zoom rises', () => {
    const tolerances = [0, 3, 6, 10, 14].map(toleranceForZoom);
    expect([...tolerances].sort((a, b) => b - a)).toEqual(tolerances);
  });
  it('puts fractional and out-of-range zooms in the nearest band', () => {
    expect([bandForZoom(-1), bandForZoom(2.5), bandForZoom(5.5), bandForZoom(9), bandForZoom(30)]).toEqual([0, 1, 2, 2, 4]);
  });
});

describe('simplifyBatchSliced', () => {
  const big = () => pack(Array.from({ length: 200 }, (_, i) => line(zigzag(500, ((i % 7) * 20 + 1) * M))));
  it('gives the same batch as simplifyBatch', async () => {
    const input = big();
    const out = await simplifyBatchSliced(input, 50, { sliceMs: 0, yield: () => Promise.resolve() });
    expect(out).toEqual(simplifyBatch(input, 50));
  });
  it('yields between slices', async () => {
    let yields = 0;
    await simplifyBatchSliced(big(), 50, { sliceMs: 0, yield: async () => void yields++ });
    expect(yields).toBeGreaterThan(10);
  });
  it('yields inside a long part, with the same result', async () => {
    const input = pack([line(zigzag(100_001, 50 * M))]);
    let yields = 0;
    const out = await simplifyBatchSliced(input, 10, { sliceMs: 0, yield: async () => void yields++ });
    expect(yields).toBeGreaterThan(10);
    expect(out).toEqual(simplifyBatch(input, 10));
  });
  it('rejects once aborted', async () => {
    const controller = new AbortController();
    const run = simplifyBatchSliced(big(), 50, { sliceMs: 0, signal: controller.signal, yield: async () => controller.abort() });
    await expect(run).rejects.toThrow();
  });
  it('rejects at once with an aborted signal', async () => {
    const run = simplifyBatchSliced(big(), 50, { signal: AbortSignal.abort(), yield: () => Promise.resolve() });
    await expect(run).rejects.toThrow();
  });
});

describe('Natural Earth countries (110m) per band', () => {
  const require = createRequire(import.meta.url);
  const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as Topology;
  const batch = packFeatureCollection(feature(topo, topo.objects.countries) as FeatureCollection, { layerId: 'countries' });
  const outs = ZOOM_BANDS.map((b) => simplifyBatch(batch, b.toleranceMeters));
  it('keeps every ring valid (closed, ≥ 4 vertices) in every band', () => {
    expect(outs.map(ringsValid)).toEqual(outs.map(() => true));
    expect(outs.map((o) => o.partEnds.length)).toEqual(outs.map(() => batch.partEnds.length));
  });
  it('keeps fewer vertices at lower zoom bands', () => {
    const counts = outs.map((o) => o.coords.length / 2);
    expect(counts[0]).toBeLessThan(counts[1]);
    expect(counts[1]).toBeLessThan(batch.coords.length / 2);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
  });
  it('drops a good part of them at the world view (zoom 2), where zooms 0–5 as one band kept 97%', () => {
    expect(outs[bandForZoom(2)].coords.length).toBeLessThan(0.8 * batch.coords.length);
  });
});
