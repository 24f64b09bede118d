import { describe, expect, inject, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { ADMIN, USER, call, expectError } from './helpers.ts';

// SPEC §7 layers/{layer}/species, layers/{layer}/observations?search, features/{gfid}/observations over
// the labelled demo set (server/seed/demo_observations.ts); SPEC §5: an empty search gives an empty list.

const paris = async (): Promise<number> => {
  const res = await call('/api/features?workspace=ws_demo&layer=cities');
  const found = (res.body.features as { properties: { gfid: number; name: string; population: number } }[])
    .filter((f) => f.properties.name === 'Paris')
    .sort((a, b) => b.properties.population - a.properties.population);
  return found[0].properties.gfid;
};

describe('species and observations (SPEC §7)', () => {
  it("lists a layer's species with their threat status, its source and the demo label", async () => {
    const res = await call('/api/layers/cities/species?workspace=ws_demo');
    expect(res.status).toBe(200);
    const eel = res.body.find((s: { scientificName: string }) => s.scientificName === 'Anguilla anguilla');
    expect(eel).toMatchObject({ commonName: 'European eel', status: 'CR', endangered: true, demo: true });
    expect(eel.statusSource).toContain('IUCN Red List');
    expect(res.body.find((s: { scientificName: string }) => s.scientificName === 'Apus apus')).toMatchObject({
      status: 'LC',
      endangered: false,
    });
    expect((await call('/api/layers/countries/species?workspace=ws_demo')).body).toEqual([]);
  });

  it('answers an empty search with an empty list, and a search by either name, any case', async () => {
    for (const search of ['', '   ']) {
      const res = await call(`/api/layers/cities/observations?workspace=ws_demo&search=${encodeURIComponent(search)}`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: [] });
    }
    expect((await call('/api/layers/cities/observations?workspace=ws_demo')).body).toEqual([]);
    const byCommon = await call('/api/layers/cities/observations?workspace=ws_demo&search=FALCON');
    expect(byCommon.body.map((o: { species: { scientificName: string } }) => o.species.scientificName)).toEqual([
      'Falco peregrinus',
      'Falco peregrinus',
    ]);
    // Newest first.
    expect(byCommon.body[0].observedAt > byCommon.body[1].observedAt).toBe(true);
    const byScientific = await call('/api/layers/cities/observations?workspace=ws_demo&search=anguilla');
    expect(byScientific.body).toHaveLength(1);
    expect(byScientific.body[0]).toMatchObject({ count: 1, observer: 'admin', species: { status: 'CR' } });
    // Wildcards typed by the user are plain characters.
    expect((await call('/api/layers/cities/observations?workspace=ws_demo&search=%25')).body).toEqual([]);
  });

  it("lists a feature's observations, and none for a feature without any", async () => {
    const gfid = await paris();
    const res = await call(`/api/features/${gfid}/observations`);
    expect(res.status).toBe(200);
    expect(res.body.map((o: { species: { commonName: string } }) => o.species.commonName).sort()).toEqual([
      'Common swift',
      'European eel',
      'Peregrine falcon',
    ]);
    expect(res.body.every((o: { gfid: number }) => o.gfid === gfid)).toBe(true);
    const list = await call('/api/features?workspace=ws_demo&layer=countries');
    const country = list.body.features[0].properties.gfid;
    expect((await call(`/api/features/${country}/observations`)).body).toEqual([]);
  });

  it('refuses what the caller may not read or what does not exist (SPEC §5/§6)', async () => {
    expectError(await call('/api/layers/cities/species'), 400, 'WORKSPACE_REQUIRED');
    expectError(await call('/api/layers/nope/species?workspace=ws_demo'), 404, 'LAYER_NOT_FOUND');
    expectError(await call('/api/layers/cities/observations?workspace=nope&search=falcon'), 404, 'INVALID_WORKSPACE');
    // The diff workspace holds pending suggestions: not for visitors, readable by members.
    expectError(await call('/api/layers/cities_diff/species?workspace=ws_demo_diff'), 401, 'UNAUTHORIZED');
    expect((await call('/api/layers/cities_diff/species?workspace=ws_demo_diff', { auth: USER })).status).toBe(200);
    expectError(await call('/api/features/999999999/observations'), 404, 'FEATURE_NOT_FOUND');
    expectError(await call(`/api/features/${inject('diffGfid')}/observations`, { auth: ADMIN }), 400, 'DIFF_LAYER_LOOKUP_REFUSED');
    const bad = await call('/api/features/abc/observations');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(ERRORS.NUMERIC_REQUIRED);
  });
});
