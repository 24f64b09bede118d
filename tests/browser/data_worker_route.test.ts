// SPEC §1 routing through the real data worker in Chromium, over the generated demo roads served by
// the real server: a route between two road ends with distance, time and named steps, and "no route"
// with its reason when an end is far from every road.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY, haversineDistance, type LonLat } from '../../src/model/index.ts';
import { closeWorkerSessions, openWorkerSession, type WorkerSession } from './fixtures/data_worker_session.ts';

const apiBase = inject('apiBase');
afterEach(closeWorkerSessions);

async function showRoads(s: WorkerSession) {
  const shown = await s.api.showLayer({
    apiBase,
    appKey: DEMO_APP_KEY,
    appName: `Route ${crypto.randomUUID()}`,
    workspace: 'ws_demo',
    layer: 'roads',
    geometryType: 'LineString',
    labelProperty: 'name',
    requestId: 'roads',
  });
  await expect.poll(() => s.messages.some((m) => m.ticket === shown.ticket)).toBe(true);
  const m = s.messages.find((d) => d.ticket === shown.ticket)!;
  if (m.type !== 'batch') throw new Error('expected a batch');
  return m.batch;
}

describe('data worker route (embedded router)', () => {
  it('routes between two road ends over the demo roads, with distance, time and steps', async () => {
    const s = await openWorkerSession();
    const roads = await showRoads(s);
    expect(roads.count).toBeGreaterThan(3);
    const first: LonLat = [roads.coords[0], roads.coords[1]];
    const n = roads.coords.length / 2;
    const last: LonLat = [roads.coords[2 * (n - 1)], roads.coords[2 * (n - 1) + 1]];
    // A few hundred metres off the road's end: the route walks there first.
    const near: LonLat = [first[0] + 0.003, first[1]];
    const out = await s.api.route({ origin: near, destination: last, roadLayerIds: ['roads'] });
    if (!out.ok) throw new Error(out.reason);
    expect(out.route.distance).toBeGreaterThanOrEqual(haversineDistance(near, last));
    expect(out.route.time).toBeGreaterThan(0);
    expect(out.route.steps[0].kind).toBe('depart');
    expect(out.route.steps.filter((st) => st.kind === 'road').every((st) => st.name?.startsWith('Demo road '))).toBe(true);
    expect(out.route.coordinates?.at(-1)).toEqual(last);
  });

  it('says which end is not near a road, and that there are no roads when none is loaded', async () => {
    const s = await openWorkerSession();
    const roads = await showRoads(s);
    const onRoad: LonLat = [roads.coords[0], roads.coords[1]];
    const sydney: LonLat = [151.2, -33.87];
    expect(await s.api.route({ origin: onRoad, destination: sydney, roadLayerIds: ['roads'] })).toMatchObject({
      ok: false,
      reason: 'destinationFarFromRoad',
    });
    expect(await s.api.route({ origin: sydney, destination: onRoad, roadLayerIds: ['roads'] })).toMatchObject({
      ok: false,
      reason: 'originFarFromRoad',
    });
    expect(await s.api.route({ origin: onRoad, destination: onRoad, roadLayerIds: ['not-loaded'] })).toEqual({
      ok: false,
      reason: 'noRoads',
    });
  });

  it('tells where a loaded feature is and its name (a route end from a selection)', async () => {
    const s = await openWorkerSession();
    const roads = await showRoads(s);
    const at = await s.api.featurePosition({ layerId: 'roads', gfid: roads.ids[0] });
    expect(at?.name).toBe(roads.labels![0]);
    expect(at?.at[0]).toBeCloseTo((roads.coords[0] + roads.coords[2]) / 2, 6);
    expect(await s.api.featurePosition({ layerId: 'roads', gfid: -1 })).toBeNull();
  });
});
