// SPEC §2 search through the real data worker in Chromium, over the demo cities served by the real
// server (FlatGeobuf): names as typed, without accents, from the stored copy with the server
// stopped, and never cloned to the render worker.
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_APP_KEY, featureSearchProperties, layerSchema, normalizeSearchText } from '../../src/model/index.ts';
import { closeWorkerSessions, openWorkerSession, type WorkerSession } from './fixtures/data_worker_session.ts';
import { DEMO_LAYERS } from '../../server/seed/demo_config.ts';

const apiBase = inject('apiBase');
const DEAD_SERVER = 'http://127.0.0.1:9';
afterEach(closeWorkerSessions);

const cities = layerSchema.parse(DEMO_LAYERS.find((l) => l.id === 'cities'));

const show = (s: WorkerSession, appName: string, requestId: string, base = apiBase) =>
  s.api.showLayer({
    apiBase: base,
    appKey: DEMO_APP_KEY,
    appName,
    workspace: 'ws_demo',
    layer: 'cities',
    labelProperty: 'name',
    searchProperties: featureSearchProperties(cities),
    requestId,
  });

async function labelsOf(s: WorkerSession, ticket: string) {
  await expect.poll(() => s.messages.some((m) => m.ticket === ticket)).toBe(true);
  const m = s.messages.find((d) => d.ticket === ticket)!;
  if (m.type !== 'batch') throw new Error('expected a batch');
  return m.batch;
}

describe('data worker search', () => {
  it('finds a city by its name as typed, by a prefix and without accents, and keeps the texts off the render port', async () => {
    const s = await session();
    await show(s, `Search ${crypto.randomUUID()}`, 's1');
    const batch = await labelsOf(s, 's1:network');
    expect(batch.searchTexts).toBeUndefined();
    const f = batch.labels!.findIndex((name) => name.length >= 5 && /^[A-Za-z]+$/.test(name));
    const name = batch.labels![f];

    const exact = await s.api.searchFeatures({ query: name.toUpperCase() });
    expect(exact[0].layerId).toBe('cities');
    expect(exact[0].hits[0]).toMatchObject({ id: batch.ids[f], name });
    expect(exact[0].hits[0].extent.slice(0, 2)).toEqual([batch.coords[2 * f], batch.coords[2 * f + 1]]);

    const typing = await s.api.searchFeatures({ query: name.slice(0, 3).toLowerCase() });
    expect(typing[0].hits.map((h) => h.name).every((n) => normalizeSearchText(n).includes(normalizeSearchText(name.slice(0, 3))))).toBe(
      true,
    );

    // World cities include accented names (São Paulo, Zürich…): typed without the accents, still found.
    const accented = batch.labels!.findIndex((n) => normalizeSearchText(n) !== n.toLowerCase());
    expect(accented).toBeGreaterThanOrEqual(0);
    const found = await s.api.searchFeatures({ query: normalizeSearchText(batch.labels![accented]) });
    expect(found[0].hits.map((h) => h.id)).toContain(batch.ids[accented]);
    expect(await s.api.searchFeatures({ query: 'zzqqxx' })).toEqual([]);
  });

  it('searches the stored copy with the server stopped (offline)', async () => {
    const appName = `Search offline ${crypto.randomUUID()}`;
    const first = await session();
    await show(first, appName, 'v1');
    const batch = await labelsOf(first, 'v1:network');
    await first.api.layersStored({ appName });
    first.worker.terminate();

    const later = await session();
    const result = await show(later, appName, 'v2', DEAD_SERVER);
    expect(result.source).toBe('local');
    const name = batch.labels![7];
    const found = await later.api.searchFeatures({ query: name });
    expect(found[0].hits.map((h) => h.id)).toContain(batch.ids[7]);
  });
});

const session = openWorkerSession;
