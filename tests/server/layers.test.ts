import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { USER, call, expectError } from './helpers.ts';

describe('layers (SPEC §7)', () => {
  it('lists the demo workspace layers as SPEC §3 Layers', async () => {
    const res = await call('/api/workspaces/ws_demo/layers');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.map((l: { id: string }) => [l.id, l]));
    expect(Object.keys(byId).sort()).toEqual(['borders', 'cities', 'countries', 'roads']);
    expect(byId.cities).toMatchObject({ type: 'Point', edit: true, workspace: 'ws_demo', zIndex: 7 });
    expect(byId.countries).toMatchObject({ type: 'Polygon', edit: false });
    expect(byId.borders).toMatchObject({ type: 'LineString', edit: true });
    // Generated demo data for the embedded router, labelled as such (SPEC §1 routing).
    expect(byId.roads).toMatchObject({ type: 'LineString', edit: false, roads: true, name: 'Demo roads (generated)' });
  });

  it('serves the generated demo roads, joined at shared city vertices', async () => {
    const res = await call('/api/features?workspace=ws_demo&layer=roads');
    expect(res.status).toBe(200);
    const roads = res.body.features as { geometry: { coordinates: number[][] }; properties: { name: string } }[];
    expect(roads.length).toBeGreaterThan(3);
    expect(roads.every((r) => r.properties.name.startsWith('Demo road '))).toBe(true);
    const ends = roads.flatMap((r) => [r.geometry.coordinates[0], r.geometry.coordinates.at(-1)!].map((c) => c.join(',')));
    // Every road shares an end with another road: a network, not loose lines.
    expect(ends.every((e) => ends.filter((x) => x === e).length >= 2)).toBe(true);
  });

  it('hides the diff workspace from visitors and shows it to members', async () => {
    expectError(await call('/api/workspaces/ws_demo_diff/layers'), 401, 'UNAUTHORIZED');
    const res = await call('/api/workspaces/ws_demo_diff/layers', { auth: USER });
    expect(res.status).toBe(200);
    expect(res.body.map((l: { id: string; name: string }) => [l.id, l.name])).toEqual([
      ['borders_diff', 'Borders updates'],
      ['cities_diff', 'Cities updates'],
    ]);
  });

  it('gives a layer feature type', async () => {
    const res = await call('/api/layers/cities/featuretype?workspace=ws_demo');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ workspace: 'ws_demo', layer: 'cities', geometryType: 'Point', editable: true, diffOf: null });
    expect(res.body.properties.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['name', 'population', 'country']));
    const diff = await call('/api/layers/cities_diff/featuretype?workspace=ws_demo_diff', { auth: USER });
    expect(diff.body.diffOf).toBe('cities');
  });

  it('needs a workspace (SPEC §5) and a known layer', async () => {
    expectError(await call('/api/layers/cities/featuretype'), 400, 'WORKSPACE_REQUIRED', ERRORS.WORKSPACE_REQUIRED);
    expectError(await call('/api/layers/nope/featuretype?workspace=ws_demo'), 404, 'LAYER_NOT_FOUND');
  });

  it('lists categories of the category property, optionally one by name', async () => {
    const all = await call('/api/layers/cities/categories?workspace=ws_demo');
    expect(all.status).toBe(200);
    const capitals = all.body.find((c: { name: string }) => c.name === 'PPLC');
    expect(capitals).toMatchObject({ property: 'featureCode' });
    expect(capitals.count).toBeGreaterThan(50);
    const one = await call('/api/layers/cities/categories?workspace=ws_demo&categoryname=PPLC');
    expect(one.body).toEqual([capitals]);
  });

  it('answers an empty list for a layer without a category property', async () => {
    const res = await call('/api/layers/countries/categories?workspace=ws_demo');
    expect(res.body).toEqual([]);
  });
});
