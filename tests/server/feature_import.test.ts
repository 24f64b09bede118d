// Bulk import (issue 15 part 5, SPEC §1 "import", §6 roles): the import worker's chunks into an
// existing layer as pending suggestions, or straight into a new layer, with every per-feature check
// of a single suggestion reported by the feature's index in the file, never a 500.
import { describe, expect, it } from 'vitest';
import { ADMIN, call, expectError, newOwnedApp, newUser, unique, type Creds } from './helpers.ts';

async function layerOf(geometryType: 'Point' | 'Polygon', properties = [{ name: 'name', type: 'TEXT' }]) {
  const { owner, appKey } = await newOwnedApp();
  const ws = unique('ws_imp');
  const made = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: ws } });
  expect(made.status).toBe(201);
  const layer = await call(`/api/layers/import?appkey=${appKey}`, {
    method: 'POST',
    auth: owner,
    body: { title: unique('Imported '), geometryType, properties },
  });
  expect(layer.status).toBe(201);
  return { owner, appKey, ws, layer: layer.body.layer.id as string, secret: made.body.workspaceSecret as string };
}

const post = (ws: string, layer: string, who: Creds | undefined, body: unknown, key?: string) =>
  call(`/api/features/import?workspace=${ws}&layer=${layer}`, {
    method: 'POST',
    auth: who,
    body,
    headers: key ? { 'idempotency-key': key } : undefined,
  });

const point = (lon: number, lat: number) => ({ type: 'Point', coordinates: [lon, lat] });
const square = (x: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, 0],
      [x + 1, 0],
      [x + 1, 1],
      [x, 1],
      [x, 0],
    ],
  ],
});
// Self-intersecting ("bow tie"): ST_IsValid is false, its reason names the self-intersection.
const bowTie = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
      [0, 0],
    ],
  ],
};

async function featuresOf(ws: string, layer: string, who: Creds) {
  const res = await call(`/api/features?workspace=${ws}&layer=${layer}`, { auth: who });
  expect(res.status).toBe(200);
  return JSON.parse(new TextDecoder().decode(res.bytes)).features as { geometry: { type: string }; properties: Record<string, unknown> }[];
}

describe('POST /api/features/import', () => {
  it('stores a new layer’s features directly, Multi* as they are, and reports invalid ones by index and reason', async () => {
    const { owner, ws, layer } = await layerOf('Polygon', [
      { name: 'name', type: 'TEXT' },
      { name: 'area', type: 'NUMBER' },
    ]);
    const multi = { type: 'MultiPolygon', coordinates: [square(10).coordinates, square(20).coordinates] };
    const res = await post(ws, layer, owner, {
      mode: 'direct',
      startIndex: 1000,
      features: [
        { geometry: square(0), properties: { name: 'a', area: 1 } },
        { geometry: bowTie, properties: { name: 'bow' } },
        { geometry: multi, properties: { name: 'multi' } },
        { geometry: point(1, 1), properties: { name: 'wrong family' } },
        { geometry: null, properties: { name: 'no geometry' } },
        { geometry: square(2), properties: { colour: 'red' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    expect(res.body.refused.map((r: { index: number; error: string }) => [r.index, r.error])).toEqual([
      [1001, 'GEOMETRY_NOT_VALID'],
      [1003, 'GEOMETRY_TYPE_MISMATCH'],
      [1004, 'IMPORT_NO_GEOMETRY'],
      [1005, 'PROPERTY_NOT_DECLARED'],
    ]);
    expect(res.body.refused[0].message).toMatch(/Self-intersection/);
    const stored = await featuresOf(ws, layer, owner);
    expect(stored.map((f) => [f.properties.name, f.geometry.type]).sort()).toEqual([
      ['a', 'Polygon'],
      ['multi', 'MultiPolygon'],
    ]);
  });

  it('imports into an existing layer as pending new-feature suggestions in the review queue', async () => {
    const { owner, appKey, ws, layer } = await layerOf('Point');
    const features = Array.from({ length: 250 }, (_, i) => ({ geometry: point(i / 10, 45), properties: { name: `p${i}` } }));
    const res = await post(ws, layer, owner, { mode: 'suggest', startIndex: 0, features });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 250, refused: [] });
    // Nothing in the layer itself until accepted (DESIGN "Suggestions never touch originals").
    expect(await featuresOf(ws, layer, owner)).toHaveLength(0);
    const queue = await call(`/api/apps/${appKey}/review?kinds=featureNew&pageSize=10`, { auth: owner });
    expect(queue.status).toBe(200);
    expect(queue.body.total).toBe(250);
    const diff = await featuresOf(`${ws}_diff`, `${layer}_diff`, owner);
    expect(diff).toHaveLength(250);
    expect(diff[0].properties).toMatchObject({ grpstatus: 'n' });
    // Bulk-acceptable in the existing queue: accept them all, they land in the layer.
    const decided = await call(`/api/apps/${appKey}/review/decisions`, {
      method: 'POST',
      auth: owner,
      body: { decision: 'accept', filter: { kinds: 'featureNew' } },
    });
    expect(decided.status).toBe(200);
    const stored = await featuresOf(ws, layer, owner);
    expect(stored).toHaveLength(250);
    expect(stored.map((f) => f.properties.name)).toContain('p249');
  });

  it('lets the owner and an admin of the app’s workspace import; refuses a member (403) and a visitor (401)', async () => {
    const { owner, ws, layer, secret } = await layerOf('Point');
    const chunk = { mode: 'suggest', startIndex: 0, features: [{ geometry: point(1, 2), properties: { name: 'x' } }] };
    const member = await newUser();
    expect((await call(`/api/workspaces/${ws}/register`, { method: 'POST', auth: member, body: { workspaceSecret: secret } })).status).toBe(
      200,
    );
    expectError(await post(ws, layer, member, chunk), 403, 'FORBIDDEN');
    expectError(await post(ws, layer, member, { ...chunk, mode: 'direct' }), 403, 'FORBIDDEN');
    expect((await post(ws, layer, undefined, chunk)).status).toBe(401);
    // An administrator who is not on the app's workspaces does not review it.
    expectError(await post(ws, layer, ADMIN, chunk), 403, 'FORBIDDEN');
    expect((await call(`/api/workspaces/${ws}/register`, { method: 'POST', auth: ADMIN, body: { workspaceSecret: secret } })).status).toBe(
      200,
    );
    expect((await post(ws, layer, ADMIN, chunk)).body).toEqual({ imported: 1, refused: [] });
    expect((await post(ws, layer, owner, { ...chunk, mode: 'direct' })).body).toEqual({ imported: 1, refused: [] });
    expect(await featuresOf(ws, layer, owner)).toHaveLength(1);
  });

  it('imports a retried chunk once (Idempotency-Key) and refuses an oversized or malformed chunk with 400', async () => {
    const { owner, ws, layer } = await layerOf('Point');
    const chunk = { mode: 'direct', startIndex: 0, features: [{ geometry: point(3, 4), properties: { name: 'once' } }] };
    const key = unique('import-chunk-');
    expect((await post(ws, layer, owner, chunk, key)).body).toEqual({ imported: 1, refused: [] });
    const again = await post(ws, layer, owner, chunk, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await featuresOf(ws, layer, owner)).toHaveLength(1);
    const tooMany = Array.from({ length: 1001 }, () => ({ geometry: point(0, 0), properties: {} }));
    expect((await post(ws, layer, owner, { ...chunk, features: tooMany })).status).toBe(400);
    expect((await post(ws, layer, owner, { mode: 'replace', startIndex: 0, features: chunk.features })).status).toBe(400);
    // Coordinates out of WGS 84 range and a ring that is not closed: per feature, never a 500.
    const res = await post(ws, layer, owner, {
      mode: 'direct',
      startIndex: 0,
      features: [
        { geometry: point(500, 4), properties: {} },
        { geometry: { type: 'Point', coordinates: ['a', 1] }, properties: {} },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.refused.map((r: { error: string }) => r.error)).toEqual(['GEOMETRY_TOO_LARGE', 'INVALID_GEOMETRY']);
  });
});
