// workers/data/simplify.ts against its rules written the plain way (recursion, one part at a time,
// arrays of points): both variants must keep exactly the same vertices on random lines and rings,
// closed and degenerate ones included, and on Natural Earth's countries.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { FeatureCollection } from 'geojson';
import type { Topology } from 'topojson-specification';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import type { FeatureBatch } from '../../workers/batch/feature_batch.ts';
import { segDist2 } from '../../workers/batch/flat_geometry.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { simplifyBatch, simplifyBatchSliced } from '../../workers/data/simplify.ts';
import { ZOOM_BANDS } from '../../workers/batch/zoom_levels.ts';
import { prng } from '../../benchmarks/data/generate.ts'; // seeded: a failure can be replayed

type Part = [number, number][];

/** Which vertices of one part (lon/lat) survive: Douglas-Peucker in EPSG:3857 with the module's rules. */
function referenceKeep(part: Part, tolerance: number, ring: boolean): boolean[] {
  const n = part.length;
  if (n <= (ring ? 4 : 2)) return part.map(() => true);
  const p = part.map(([lon, lat]) => [lonToX(lon), latToY(lat)]);
  const toSegment = (i: number, a: number, b: number) => segDist2(p[i][0], p[i][1], p[a][0], p[a][1], p[b][0], p[b][1]);
  const keep = part.map(() => false);
  keep[0] = keep[n - 1] = true;
  const douglasPeucker = (s: number, e: number): void => {
    let far = -1,
      farD = tolerance * tolerance;
    for (let i = s + 1; i < e; i++) {
      const d = toSegment(i, s, e);
      // Equal distances: the vertex nearest the middle of the range.
      if (d > farD || (d === farD && far >= 0 && Math.abs(2 * i - s - e) < Math.abs(2 * far - s - e))) (far = i), (farD = d);
    }
    if (far < 0) return;
    keep[far] = true;
    douglasPeucker(s, far);
    douglasPeucker(far, e);
  };
  if (!ring) {
    douglasPeucker(0, n - 1);
    return keep;
  }
  // A ring: split at the first vertex farthest from the start, both halves simplified.
  let split = 1;
  for (let i = 1, farD = -1; i < n - 1; i++) {
    const d = (p[i][0] - p[0][0]) ** 2 + (p[i][1] - p[0][1]) ** 2;
    if (d > farD) (split = i), (farD = d);
  }
  keep[split] = true;
  douglasPeucker(0, split);
  douglasPeucker(split, n - 1);
  if (keep.filter(Boolean).length < 4) {
    // Start, split vertex, end: add the first vertex farthest from the chord start–split vertex.
    let far = -1;
    for (let i = 1, farD = -1; i < n - 1; i++) {
      if (!keep[i] && toSegment(i, 0, split) > farD) (far = i), (farD = toSegment(i, 0, split));
    }
    if (far >= 0) keep[far] = true;
  }
  return keep;
}

function partsOf(batch: FeatureBatch): Part[] {
  return Array.from(batch.partEnds, (end, p) => {
    const start = p === 0 ? 0 : batch.partEnds[p - 1];
    return Array.from({ length: end - start }, (_, i): [number, number] => [
      batch.coords[2 * (start + i)],
      batch.coords[2 * (start + i) + 1],
    ]);
  });
}

/** The surviving vertices of each part, as the reference keeps them. */
function reference(batch: FeatureBatch, tolerance: number): Part[] {
  const ring = batch.geometryType === 'Polygon';
  return partsOf(batch).map((part) => {
    if (batch.geometryType === 'Point') return part;
    const keep = referenceKeep(part, tolerance, ring);
    return part.filter((_, i) => keep[i]);
  });
}

function batchOf(geometryType: 'LineString' | 'Polygon', parts: Part[]): FeatureBatch {
  let end = 0;
  return {
    layerId: 'random',
    geometryType,
    count: parts.length,
    ids: Float64Array.from(parts, (_, i) => i + 1),
    coords: Float64Array.from(parts.flat(2)),
    partEnds: Uint32Array.from(parts, (part) => (end += part.length)),
    featureEnds: Uint32Array.from(parts, (_, i) => i + 1),
  };
}

/** A random walk (steps of about `step` degrees) with repeated vertices here and there. */
function walk(rand: () => number, n: number, step: number): Part {
  let lon = -170 + rand() * 340,
    lat = -80 + rand() * 160;
  return Array.from({ length: n }, (): [number, number] => {
    if (rand() > 0.05) (lon += (rand() - 0.5) * step), (lat += (rand() - 0.5) * step);
    return [lon, lat];
  });
}

/** Equal distances everywhere: the tie rule decides which vertex splits a range. */
const zigzag = (n: number, h: number): Part => Array.from({ length: n }, (_, i): [number, number] => [i * 0.001, i % 2 ? h : 0]);

/** Vertices on a 5 × 3 grid: many exactly equal distances, to the start and to chords. */
const grid = (rand: () => number, n: number, cell: number): Part =>
  Array.from({ length: n }, (): [number, number] => [cell * (Math.floor(rand() * 5) - 2), cell * Math.floor(rand() * 3)]);

const close = (part: Part): Part => (part.length ? [...part, part[0]] : part);

/** A closed ring around a random centre: `n` distinct vertices, then the first again. */
function star(rand: () => number, n: number, radius: number): Part {
  const lon = -170 + rand() * 340,
    lat = -80 + rand() * 160;
  return close(
    Array.from({ length: n }, (_, i): [number, number] => {
      const r = radius * (0.2 + rand()),
        a = (2 * Math.PI * i) / n;
      return [lon + r * Math.cos(a), lat + r * Math.sin(a)];
    }),
  );
}

function randomLines(rand: () => number): Part[] {
  const step = [1e-6, 1e-4, 1e-2, 1][Math.floor(rand() * 4)];
  const sizes = [1, 2, 3, 4, 5, 17, 100, 300];
  const parts = Array.from({ length: 20 }, () => walk(rand, sizes[Math.floor(rand() * sizes.length)], step));
  return [...parts, zigzag(41, step), grid(rand, 30, step), walk(rand, 3, 0), close(walk(rand, 9, step))];
}

function randomRings(rand: () => number): Part[] {
  const radius = [1e-5, 1e-3, 0.1, 5][Math.floor(rand() * 4)];
  const sizes = [3, 4, 5, 8, 60, 250];
  const parts = Array.from({ length: 20 }, () => star(rand, sizes[Math.floor(rand() * sizes.length)], radius));
  const at: [number, number] = [10 * rand(), 10 * rand()];
  const degenerate: Part[] = [
    Array.from({ length: 7 }, () => at), // every vertex the same
    close([
      [0, 0],
      [radius, 0],
      [2 * radius, 0],
      [radius, 0],
    ]), // there and back: no area
    close(zigzag(30, radius)),
    close(walk(rand, 4, radius)),
    close(grid(rand, 12, radius)),
  ];
  return [...parts, ...degenerate];
}

// From nothing kept between the ends to every vertex kept; 0 keeps every vertex not exactly on a chord.
const TOLERANCES = [0, 0.01, 1, 30, 1000, 50_000, 1e7];

async function expectSameAsReference(batch: FeatureBatch): Promise<void> {
  for (const tolerance of TOLERANCES) {
    const expected = reference(batch, tolerance);
    expect(partsOf(simplifyBatch(batch, tolerance)), `tolerance ${tolerance}`).toEqual(expected);
    const sliced = await simplifyBatchSliced(batch, tolerance, { sliceMs: 0, yield: () => Promise.resolve() });
    expect(partsOf(sliced), `sliced, tolerance ${tolerance}`).toEqual(expected);
  }
}

describe('simplify.ts keeps what the plain Douglas-Peucker keeps', () => {
  it('on random lines, short and repeated vertices included', async () => {
    const rand = prng(1);
    for (let run = 0; run < 20; run++) await expectSameAsReference(batchOf('LineString', randomLines(rand)));
  });
  it('on random closed rings, degenerate ones included', async () => {
    const rand = prng(2);
    for (let run = 0; run < 20; run++) await expectSameAsReference(batchOf('Polygon', randomRings(rand)));
  });
  it("on parts longer than a slice's chunk of work", async () => {
    const rand = prng(3);
    await expectSameAsReference(batchOf('LineString', [walk(rand, 10_000, 1e-3), walk(rand, 2, 1), walk(rand, 9_000, 1)]));
    await expectSameAsReference(batchOf('Polygon', [star(rand, 12_000, 1), star(rand, 4, 1)]));
  });
  it("on Natural Earth's 110m countries at every band", () => {
    const require = createRequire(import.meta.url);
    const topo = JSON.parse(readFileSync(require.resolve('world-atlas/countries-110m.json'), 'utf8')) as Topology;
    const batch = packFeatureCollection(feature(topo, topo.objects.countries) as FeatureCollection, { layerId: 'countries' });
    for (const band of ZOOM_BANDS)
      expect(partsOf(simplifyBatch(batch, band.toleranceMeters))).toEqual(reference(batch, band.toleranceMeters));
  });
});
