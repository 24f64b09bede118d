// workers/data/hit_testing.ts: select by geometry within 3 px (SPEC §4/§9), nearest first.
import { describe, it, expect } from 'vitest';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';
import { buildSpatialIndex } from '../../workers/batch/spatial_index.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { hitTest, mergeHits } from '../../workers/data/hit_testing.ts';

const fc = (geometries: Geometry[], ids = geometries.map((_, i) => i + 1)): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry, i): Feature => ({ type: 'Feature', id: ids[i], properties: {}, geometry })),
});
function layer(layerId: string, geometries: Geometry[]) {
  const batch = packFeatureCollection(fc(geometries), { layerId });
  return { batch, index: buildSpatialIndex(batch) };
}
/** A tap at lon/lat, 1 m per pixel unless told. */
const tap = (lon: number, lat: number, resolution = 1, tolerancePx?: number) => ({
  x: lonToX(lon),
  y: latToY(lat),
  resolution,
  tolerancePx,
});
const M = 1 / 111319.49; // about one metre of longitude at the equator, in degrees
const square = (x0: number, y0: number, s: number): Position[] => [
  [x0, y0],
  [x0 + s, y0],
  [x0 + s, y0 + s],
  [x0, y0 + s],
  [x0, y0],
];

describe('hitTest: points', () => {
  it('hits a point within 3 px by default', () => {
    const { batch, index } = layer('p', [{ type: 'Point', coordinates: [0, 0] }]);
    expect(hitTest(index, batch, tap(2.9 * M, 0)).map((h) => h.id)).toEqual([1]);
  });
  it('misses a point beyond 3 px', () => {
    const { batch, index } = layer('p', [{ type: 'Point', coordinates: [0, 0] }]);
    expect(hitTest(index, batch, tap(3.1 * M, 0))).toEqual([]);
  });
  it('scales the tolerance with the resolution', () => {
    const { batch, index } = layer('p', [{ type: 'Point', coordinates: [0, 0] }]);
    expect(hitTest(index, batch, tap(25 * M, 0, 10))).toHaveLength(1);
  });
  it('takes a tolerance in pixels', () => {
    const { batch, index } = layer('p', [{ type: 'Point', coordinates: [0, 0] }]);
    expect(hitTest(index, batch, tap(5 * M, 0, 1, 6))).toHaveLength(1);
  });
  it('returns indices and ids nearest first', () => {
    const { batch, index } = layer('p', [
      { type: 'Point', coordinates: [2 * M, 0] },
      { type: 'Point', coordinates: [0, 0] },
      { type: 'Point', coordinates: [1 * M, 0] },
    ]);
    expect(hitTest(index, batch, tap(0, 0)).map((h) => [h.index, h.id])).toEqual([
      [1, 2],
      [2, 3],
      [0, 1],
    ]);
  });
  it('puts the later feature first at equal distance (drawn on top)', () => {
    const { batch, index } = layer('p', [
      { type: 'Point', coordinates: [0, 0] },
      { type: 'Point', coordinates: [0, 0] },
    ]);
    expect(hitTest(index, batch, tap(0, 0)).map((h) => h.index)).toEqual([1, 0]);
  });
});

describe('hitTest: lines', () => {
  it('hits the middle of a segment, far from its vertices', () => {
    const { batch, index } = layer('l', [
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
        ],
      },
    ]);
    const [hit] = hitTest(index, batch, tap(0.5, 2 * M));
    expect(hit.distance).toBeGreaterThan(1.5);
    expect(hit.distance).toBeLessThan(2.5);
  });
  it('misses beyond the tolerance from every segment', () => {
    const { batch, index } = layer('l', [
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
      },
    ]);
    expect(hitTest(index, batch, tap(0.5, 0.5))).toEqual([]);
  });
  it('hits any part of a MultiLineString', () => {
    const { batch, index } = layer('l', [
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 0],
          ],
          [
            [0, 1],
            [1, 1],
          ],
        ],
      },
    ]);
    expect(hitTest(index, batch, tap(0.5, 1))).toHaveLength(1);
  });
  it('hits a line unwrapped across the antimeridian from the other side', () => {
    // 179 → -179 is unwrapped to 179 → 181 (antimeridian.ts); the map shows it at -179 too.
    const { batch, index } = layer('l', [
      {
        type: 'LineString',
        coordinates: [
          [179, 0],
          [-179, 0],
        ],
      },
    ]);
    expect(hitTest(index, batch, tap(-179.5, 0))).toHaveLength(1);
  });
});

describe('hitTest: polygons', () => {
  it('hits inside a polygon at distance 0', () => {
    const { batch, index } = layer('a', [{ type: 'Polygon', coordinates: [square(0, 0, 1)] }]);
    expect(hitTest(index, batch, tap(0.5, 0.5))).toMatchObject([{ index: 0, distance: 0 }]);
  });
  it('misses inside a hole', () => {
    const { batch, index } = layer('a', [{ type: 'Polygon', coordinates: [square(0, 0, 1), square(0.25, 0.25, 0.5)] }]);
    expect(hitTest(index, batch, tap(0.5, 0.5))).toEqual([]);
  });
  it('hits just outside the boundary within the tolerance', () => {
    const { batch, index } = layer('a', [{ type: 'Polygon', coordinates: [square(0, 0, 1)] }]);
    const [hit] = hitTest(index, batch, tap(1 + 2 * M, 0.5));
    expect(hit.distance).toBeGreaterThan(0);
  });
  it('misses outside beyond the tolerance', () => {
    const { batch, index } = layer('a', [{ type: 'Polygon', coordinates: [square(0, 0, 1)] }]);
    expect(hitTest(index, batch, tap(1.01, 0.5))).toEqual([]);
  });
  it('applies even-odd per polygon, so overlapping parts of a MultiPolygon both count', () => {
    // Even-odd over all four rings at once would call the overlap outside.
    const { batch, index } = layer('a', [{ type: 'MultiPolygon', coordinates: [[square(0, 0, 2)], [square(1, 1, 2)]] }]);
    expect(hitTest(index, batch, tap(1.5, 1.5))).toHaveLength(1);
  });
  it('keeps holes with their own shell in a MultiPolygon', () => {
    const { batch, index } = layer('a', [
      { type: 'MultiPolygon', coordinates: [[square(0, 0, 1), square(0.25, 0.25, 0.5)], [square(5, 5, 1)]] },
    ]);
    expect(hitTest(index, batch, tap(0.5, 0.5))).toEqual([]);
    expect(hitTest(index, batch, tap(5.5, 5.5))).toHaveLength(1);
  });
});

describe('mergeHits (SPEC §9 z-order: points over lines over polygons)', () => {
  it('orders equal distances points, then lines, then polygons', () => {
    const p = layer('p', [{ type: 'Point', coordinates: [0, 0] }]);
    const l = layer('l', [
      {
        type: 'LineString',
        coordinates: [
          [-1, 0],
          [1, 0],
        ],
      },
    ]);
    const a = layer('a', [{ type: 'Polygon', coordinates: [square(-1, -1, 2)] }]);
    const t = tap(0, 0);
    const merged = mergeHits([hitTest(a.index, a.batch, t), hitTest(l.index, l.batch, t), hitTest(p.index, p.batch, t)]);
    expect(merged.map((h) => h.layerId)).toEqual(['p', 'l', 'a']);
  });
  it('puts a point or line tapped a little off before the polygon the tap is inside', () => {
    const city = layer('city', [{ type: 'Point', coordinates: [0, 2 * M] }]);
    const road = layer('road', [
      {
        type: 'LineString',
        coordinates: [
          [-1, -2.5 * M],
          [1, -2.5 * M],
        ],
      },
    ]);
    const country = layer('country', [{ type: 'Polygon', coordinates: [square(-1, -1, 2)] }]);
    const t = tap(0, 0);
    const merged = mergeHits([
      hitTest(country.index, country.batch, t),
      hitTest(city.index, city.batch, t),
      hitTest(road.index, road.batch, t),
    ]);
    expect(merged.map((h) => h.layerId)).toEqual(['city', 'road', 'country']);
    expect(merged[2].distance).toBe(0);
  });
  it('puts a nearer line before a farther point', () => {
    const p = layer('p', [{ type: 'Point', coordinates: [0, 2 * M] }]);
    const l = layer('l', [
      {
        type: 'LineString',
        coordinates: [
          [-1, 0],
          [1, 0],
        ],
      },
    ]);
    const t = tap(0, 0);
    expect(mergeHits([hitTest(p.index, p.batch, t), hitTest(l.index, l.batch, t)]).map((h) => h.layerId)).toEqual(['l', 'p']);
  });
});

// ---- 100k features of each type against a brute force written apart from the module ----

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type XY = [number, number];
const proj = (p: Position): XY => [lonToX(p[0]), latToY(p[1])];
function dist(p: XY, a: XY, b: XY): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l));
  return Math.hypot(a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
}
function inRing(p: XY, ring: XY[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i],
      [xj, yj] = ring[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
/** Each geometry as projected polygons (rings) or paths, for the brute force. */
function projected(g: Geometry): XY[][][] {
  if (g.type === 'Point') return [[[proj(g.coordinates)]]];
  if (g.type === 'LineString') return [[g.coordinates.map(proj)]];
  if (g.type === 'Polygon') return [g.coordinates.map((r) => r.map(proj))];
  if (g.type === 'MultiPolygon') return g.coordinates.map((poly) => poly.map((r) => r.map(proj)));
  throw new Error(g.type);
}
interface BruteFeature {
  polys: XY[][][];
  box: [number, number, number, number];
}
function bruteFeature(g: Geometry): BruteFeature {
  const polys = projected(g);
  const xy = polys.flat(2);
  const xs = xy.map((p) => p[0]),
    ys = xy.map((p) => p[1]);
  return { polys, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
}
/**
 * Brute force: a linear scan of every feature (a box test first only to keep the scan quick),
 * every segment; returns index → distance.
 */
function bruteForceHitTest(features: BruteFeature[], type: string, p: XY, tol: number): Map<number, number> {
  const hits = new Map<number, number>();
  features.forEach(({ polys, box }, f) => {
    if (p[0] < box[0] - tol || p[0] > box[2] + tol || p[1] < box[1] - tol || p[1] > box[3] + tol) return;
    let best = Infinity;
    for (const rings of polys) {
      if (type === 'Polygon' && rings.reduce((n, r) => n + (inRing(p, r) ? 1 : 0), 0) % 2 === 1) best = 0;
      for (const r of rings) {
        if (r.length === 1) best = Math.min(best, Math.hypot(r[0][0] - p[0], r[0][1] - p[1]));
        for (let i = 1; i < r.length; i++) best = Math.min(best, dist(p, r[i - 1], r[i]));
      }
    }
    if (best <= tol) hits.set(f, best);
  });
  return hits;
}

/** A random feature near (10–11°E, 45–46°N) and a spot worth tapping: inside, in a hole, in an overlap. */
function randomFeature(type: string, rnd: () => number): { geometry: Geometry; spot: Position } {
  const lon = 10 + rnd(),
    lat = 45 + rnd();
  return { geometry: randomGeometry(type, rnd, lon, lat), spot: [lon, lat] };
}
function randomGeometry(type: string, rnd: () => number, lon: number, lat: number): Geometry {
  if (type === 'Point') return { type: 'Point', coordinates: [lon, lat] };
  if (type === 'LineString') {
    const line: Position[] = [[lon, lat]];
    for (let n = 1 + Math.floor(rnd() * 4); n > 0; n--) {
      const [x, y] = line[line.length - 1];
      line.push([x + (rnd() - 0.5) * 0.006, y + (rnd() - 0.5) * 0.006]);
    }
    return { type: 'LineString', coordinates: line };
  }
  const ring = (cx: number, cy: number, r: number): Position[] => {
    const angles = Array.from({ length: 4 + Math.floor(rnd() * 5) }, () => rnd() * 2 * Math.PI).sort((a, b) => a - b);
    const pts = angles.map((a) => [cx + r * (0.5 + rnd() / 2) * Math.cos(a), cy + r * (0.5 + rnd() / 2) * Math.sin(a)]);
    return [...pts, pts[0]];
  };
  const r = 0.001 + rnd() * 0.004;
  const polygon = (cx: number, cy: number): Position[][] =>
    rnd() < 0.3 ? [ring(cx, cy, r), ring(cx, cy, r / 4).reverse()] : [ring(cx, cy, r)];
  // Overlapping polygons of one feature: the spot (lon, lat) often lies in both, or in a hole of one.
  if (rnd() < 0.2) return { type: 'MultiPolygon', coordinates: [polygon(lon - 0.3 * r, lat), polygon(lon + 0.3 * r, lat)] };
  return { type: 'Polygon', coordinates: polygon(lon, lat) };
}

describe('hitTest matches a brute force on 100k random features', () => {
  for (const [type, seed] of [
    ['Point', 1],
    ['LineString', 2],
    ['Polygon', 3],
  ] as const) {
    it(`${type}: same hits, nearest first, for 300 taps`, () => {
      const rnd = mulberry32(seed);
      const features = Array.from({ length: 100_000 }, () => randomFeature(type, rnd));
      const { batch, index } = layer(
        type,
        features.map((f) => f.geometry),
      );
      const brute = features.map((f) => bruteFeature(f.geometry));
      let hitTaps = 0;
      for (let t = 0; t < 300; t++) {
        // A third anywhere in the area, a third near a random feature's first vertex (its boundary),
        // a third on a random feature's spot (inside, in a hole, in an overlap of its polygons).
        const f = Math.floor(rnd() * brute.length);
        const g = t % 3 === 1 ? brute[f].polys[0][0][0] : proj(features[f].spot);
        const resolution = 0.5 + rnd() * 30;
        const p: XY =
          t % 3 === 0 ? proj([10 + rnd(), 45 + rnd()]) : [g[0] + (rnd() - 0.5) * 6 * resolution, g[1] + (rnd() - 0.5) * 6 * resolution];
        const expected = bruteForceHitTest(brute, type, p, 3 * resolution);
        const hits = hitTest(index, batch, { x: p[0], y: p[1], resolution });
        expect(hits.map((h) => h.index).sort((a, b) => a - b)).toEqual([...expected.keys()].sort((a, b) => a - b));
        for (let i = 0; i < hits.length; i++) {
          expect(hits[i].distance).toBeCloseTo(expected.get(hits[i].index)!, 6);
          expect(hits[i].id).toBe(hits[i].index + 1);
          if (i > 0) expect(hits[i].distance).toBeGreaterThanOrEqual(hits[i - 1].distance);
        }
        if (hits.length) hitTaps++;
      }
      expect(hitTaps).toBeGreaterThan(100); // the check is only worth something if taps do hit
    }, 120_000);
  }
});
