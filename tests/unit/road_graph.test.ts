import { describe, expect, it } from 'vitest';
import type { Feature } from 'geojson';
import { formatDistance, formatDuration, haversineDistance, ROUTE_ROAD_SPEED_KMH } from '../../src/model/index.ts';
import { buildRoadGraph, findRoute } from '../../workers/data/road_graph.ts';
import { packFeatureCollection } from '../../workers/data/pack_geojson.ts';

function road(name: string, ...coords: [number, number][]): Feature {
  return { type: 'Feature', properties: { name }, geometry: { type: 'LineString', coordinates: coords } };
}

const roads = (...features: Feature[]) =>
  packFeatureCollection({ type: 'FeatureCollection', features }, { layerId: 'roads', labelProperty: 'name', geometryType: 'LineString' });

// A square of four roads meeting at shared corners, and a short cut from (0,0) to (1,1) along the diagonal.
const A: [number, number] = [0, 0];
const B: [number, number] = [0.1, 0];
const C: [number, number] = [0.1, 0.1];
const D: [number, number] = [0, 0.1];

describe('road graph (embedded router)', () => {
  it('joins lines at shared vertices, one node per distinct vertex', () => {
    const g = buildRoadGraph([roads(road('South', A, B), road('East', B, C), road('North', C, D), road('West', D, A))]);
    expect(g.nodeCount).toBe(4);
    expect(g.linkCount).toBe(4);
  });

  it('keeps crossing lines apart when they share no vertex', () => {
    const g = buildRoadGraph([roads(road('H', [0, 0.05], [0.1, 0.05]), road('V', [0.05, 0], [0.05, 0.1]))]);
    expect(g.nodeCount).toBe(4);
    expect(findRoute(g, [0, 0.05], [0.05, 0], { maxSnapM: 10 })).toEqual({ ok: false, reason: 'notConnected' });
  });

  it('takes the shortest way, with one step per named road and the distance and time summed', () => {
    const g = buildRoadGraph([roads(road('South', A, B), road('East', B, C), road('Long way', A, [-0.1, 0.05], D, [0.05, 0.2], C))]);
    const out = findRoute(g, A, C);
    if (!out.ok) throw new Error(out.reason);
    expect(out.route.steps.map((s) => [s.kind, s.name])).toEqual([
      ['road', 'South'],
      ['road', 'East'],
    ]);
    const expected = haversineDistance(A, B) + haversineDistance(B, C);
    expect(out.route.distance).toBeCloseTo(expected, 6);
    expect(out.route.time).toBeCloseTo(expected / (ROUTE_ROAD_SPEED_KMH / 3.6), 6);
    expect(out.route.coordinates).toEqual([A, A, B, C, C]);
    expect(formatDistance(out.route.distance)).toBe('22.2 km');
  });

  it('merges consecutive segments of the same road into one step', () => {
    const g = buildRoadGraph([roads(road('Main street', A, [0.05, 0], B, [0.15, 0]))]);
    const out = findRoute(g, A, [0.15, 0]);
    expect(out.ok && out.route.steps.map((s) => s.name)).toEqual(['Main street']);
  });

  it('walks to and from the nearest road vertex and counts those legs', () => {
    const g = buildRoadGraph([roads(road('South', A, B))]);
    const out = findRoute(g, [0, 0.001], [0.1, -0.001]);
    if (!out.ok) throw new Error(out.reason);
    expect(out.route.steps.map((s) => s.kind)).toEqual(['depart', 'road', 'arrive']);
    expect(out.route.steps[0].distance).toBeCloseTo(111.2, 0);
    expect(formatDuration(out.route.steps[0].duration)).toBe('1 min');
  });

  it('refuses an end that is not near a road, saying which and how far (SPEC §8)', () => {
    const g = buildRoadGraph([roads(road('South', A, B))]);
    expect(findRoute(g, [1, 1], B)).toMatchObject({ ok: false, reason: 'originFarFromRoad' });
    const far = findRoute(g, A, [0.1, 0.1]);
    expect(far).toMatchObject({ ok: false, reason: 'destinationFarFromRoad' });
    expect(!far.ok && far.distanceToRoad).toBeCloseTo(11_120, -2);
    expect(findRoute(buildRoadGraph([]), A, B)).toEqual({ ok: false, reason: 'noRoads' });
  });
});
