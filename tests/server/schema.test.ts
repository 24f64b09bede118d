import { describe, expect, inject, it } from 'vitest';
import { DEMO, call, newOwnedApp, unique } from './helpers.ts';

describe('database schema and seed', () => {
  it('stores geometries in PostGIS columns of SRID 4326 with GiST indexes', () => {
    const facts = inject('spatial');
    expect(facts.postgis).toMatch(/^3\./);
    expect(facts.geometryColumns).toContainEqual({ table: 'features', column: 'geom', type: 'GEOMETRY', srid: 4326 });
    expect(facts.gistIndexes).toContainEqual({ table: 'features', index: 'features_geom_gist' });
  });

  it('migrates and seeds the demo only once', () => {
    expect(inject('remigrated')).toEqual([]);
    expect(inject('reseeded')).toBe(false);
  });
});

describe('concurrency', () => {
  // PGlite is one connection: transactions (workspace creation) must not interleave with the
  // reads and writes of other requests (server/db/pglite.ts queue).
  it('keeps parallel transactions and reads apart', async () => {
    const { owner, appKey } = await newOwnedApp();
    const names = Array.from({ length: 6 }, () => unique('ws_par'));
    const creates = names.map((name) =>
      call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name, managed: true } }),
    );
    const reads = Array.from({ length: 6 }, () => call('/api/features?workspace=ws_demo&layer=countries'));
    const results = await Promise.all([...creates, ...reads]);
    expect(results.map((r) => r.status)).toEqual([...names.map(() => 201), ...reads.map(() => 200)]);
    for (const r of results.slice(names.length)) expect(r.body.features).toHaveLength(177);
    const list = await call('/api/workspaces', { appKey, auth: owner });
    expect(list.body.map((w: { name: string }) => w.name).sort()).toEqual([...names].sort());
    expect((await call(`/api/apps?appkey=${DEMO}`)).status).toBe(200);
  });
});
