import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError } from './helpers.ts';
import { S, accept, admin, allChanges, decline, member, newFeature, payload, point, suggest, target } from './suggest_helpers.ts';

// SPEC §4 Suggestions, DESIGN "Suggestions never touch originals": create, update and delete go
// to the diff layer as pending changes; an admin accepts (one transaction) or declines them.

const feature = (gfid: number) => call(`/api/features/${gfid}`);
const diffLayer = () => call('/api/features?workspace=ws_sugg_diff&layer=sites_diff', member);

describe('suggesting a new feature (grpstatus n)', () => {
  it('stores a pending change and a diff-layer row, and leaves the layer alone', async () => {
    const name = `new-${Date.now()}`;
    const res = await suggest('POST', payload({ name, height: 12 }, point(7.5, 47.5)));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      grpstatus: 'n',
      gfid: null,
      status: 'pending',
      workspace: 'ws_sugg',
      layerId: 'sites',
      layerName: 'sites',
      creator: S.member.username,
      creatormail: `${S.member.username}@example.org`,
      baseVersion: null,
      before: null,
      after: { geometry: { type: 'Point', coordinates: [7.5, 47.5] }, properties: { name, height: 12 } },
    });
    expect(Date.parse(res.body.insertedat)).toBeGreaterThan(0);
    const diff = (await diffLayer()).body.features.find((f: any) => f.id === res.body.diffGfid);
    expect(diff.properties).toMatchObject({ name, grpstatus: 'n' });
    const layer = await call(`/api/features?${target()}`);
    expect(layer.body.features.some((f: any) => f.properties.name === name)).toBe(false);
    const mine = await allChanges(target());
    expect(mine.map((c) => c.id)).toContain(res.body.id);
  });

  it('is applied on accept as version 1 with a history row, and leaves the diff layer', async () => {
    const made = await suggest('POST', payload({ name: 'accepted-new', height: 3 }));
    const res = await accept(made.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: made.body.id, status: 'accepted', version: 1, gfid: expect.any(Number) });
    const got = await feature(res.body.gfid);
    expect(got.body.properties).toMatchObject({ name: 'accepted-new', height: 3, version: 1 });
    expect((await diffLayer()).body.features.some((f: any) => f.id === made.body.diffGfid)).toBe(false);
    const history = await call(`/api/features/${res.body.gfid}/history`);
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ version: 1, action: 'create', suggestedBy: S.member.username, acceptedBy: 'admin' });
    expect((await allChanges(target())).some((c) => c.id === made.body.id)).toBe(false);
  });

  it('accepts the diff names for workspace and layer, in the body too', async () => {
    const body = { ...payload({ name: 'via-diff-names' }), workspace: 'ws_sugg_diff', layer: 'sites_diff' };
    const res = await call('/api/features/changes', { method: 'POST', body, ...member });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ workspace: 'ws_sugg', layerId: 'sites' });
  });

  it('refuses a geometry of the wrong type and a payload of two features', async () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    };
    expectError(await suggest('POST', payload({ name: 'x' }, line)), 400, 'GEOMETRY_TYPE_MISMATCH', ERRORS.GEOMETRY_TYPE_MISMATCH);
    const two = payload({ name: 'x' });
    two.features.push(two.features[0]);
    expectError(await suggest('POST', two), 400, 'SINGLE_FEATURE_REQUIRED', ERRORS.SINGLE_FEATURE_REQUIRED);
  });
});

describe('suggesting a modification (grpstatus m)', () => {
  it('records before, after and the base version; accept bumps the version and writes history', async () => {
    const gfid = await newFeature({ name: 'before-name', height: 5 });
    const res = await suggest('PUT', payload({ gfid, name: 'after-name' }, point(11, 51)));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      grpstatus: 'm',
      gfid,
      baseVersion: 1,
      before: { geometry: { coordinates: [10, 50] }, properties: { name: 'before-name', height: 5 } },
      after: { geometry: { coordinates: [11, 51] }, properties: { name: 'after-name', height: 5 } },
    });
    expect((await feature(gfid)).body.properties.name).toBe('before-name');
    expect((await accept(res.body.id)).body).toMatchObject({ status: 'accepted', gfid, version: 2 });
    const got = await feature(gfid);
    expect(got.body.properties).toMatchObject({ name: 'after-name', height: 5, version: 2 });
    expect(got.body.geometry.coordinates).toEqual([11, 51]);
    const history = (await call(`/api/features/${gfid}/history`)).body;
    expect(history.map((h: any) => h.version)).toEqual([2, 1]);
    expect(history[0]).toMatchObject({
      action: 'update',
      suggestedBy: S.member.username,
      acceptedBy: 'admin',
      before: { properties: { name: 'before-name' } },
      after: { properties: { name: 'after-name' } },
    });
  });

  it('refuses an update that changes nothing (SPEC §8 APP_ERROR)', async () => {
    const gfid = await newFeature({ name: 'same', height: 2 });
    const res = await suggest('PUT', payload({ gfid, name: 'same', height: 2, version: 1 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      error: 'NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE',
      message: 'No changes detected while updating the feature.',
    });
  });

  it('answers 404 for an unknown gfid and 400 without one', async () => {
    expectError(await suggest('PUT', payload({ gfid: 999999999, name: 'x' })), 404, 'FEATURE_NOT_FOUND', ERRORS.FEATURE_NOT_FOUND);
    expectError(await suggest('PUT', payload({ name: 'x' })), 400, 'GFID_REQUIRED', ERRORS.GFID_REQUIRED);
  });

  it('refuses to apply a change whose base version is gone (409), applying nothing', async () => {
    const gfid = await newFeature({ name: 'v1' });
    const first = await suggest('PUT', payload({ gfid, name: 'first' }));
    const second = await suggest('PUT', payload({ gfid, name: 'second' }));
    expect((await accept(first.body.id)).status).toBe(200);
    expectError(await accept(second.body.id), 409, 'CHANGE_CONFLICT', ERRORS.CHANGE_CONFLICT);
    expect((await feature(gfid)).body.properties).toMatchObject({ name: 'first', version: 2 });
    // The refused change stays pending for the admin to decline.
    expect((await decline(second.body.id)).status).toBe(200);
  });
});

describe('a stated base version that is no longer current', () => {
  it('is refused at suggestion time with 409 STALE_BASE_VERSION and the current feature', async () => {
    const gfid = await newFeature({ name: 'v1', height: 4 }, point(8, 48));
    expect((await accept((await suggest('PUT', payload({ gfid, name: 'v2' }, point(8, 48)))).body.id)).body.version).toBe(2);
    const current = { gfid, version: 2, geometry: { type: 'Point', coordinates: [8, 48] }, properties: { name: 'v2', height: 4 } };
    for (const res of [
      await suggest('PUT', payload({ gfid, name: 'offline edit', version: 1 })),
      await suggest('PUT', payload({ gfid, name: 'offline edit' }), member, `${target()}&version=1`),
      await suggest('DELETE', payload({ gfid, version: 1 })),
    ]) {
      expectError(res, 409, 'STALE_BASE_VERSION', ERRORS.STALE_BASE_VERSION);
      expect(res.body.current).toEqual(current);
    }
    expect((await allChanges(`admin=true&${target()}`, admin)).filter((c) => c.gfid === gfid)).toEqual([]);
    // The current version stated, or none at all (as before): accepted.
    const fresh = await suggest('PUT', payload({ gfid, name: 'fresh edit', version: 2 }));
    const unstated = await suggest('PUT', payload({ gfid, name: 'no version' }));
    expect([fresh.status, fresh.body.baseVersion, unstated.status, unstated.body.baseVersion]).toEqual([201, 2, 201, 2]);
  });
});

describe('suggesting a deletion (grpstatus d)', () => {
  it('is listed to admins only and removes the feature on accept', async () => {
    const gfid = await newFeature({ name: 'doomed' });
    const res = await suggest('DELETE', payload({ gfid }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ grpstatus: 'd', gfid, baseVersion: 1, after: null, before: { properties: { name: 'doomed' } } });
    // SPEC §2: the deleted group is shown to admins only.
    expect((await allChanges(target())).some((c) => c.id === res.body.id)).toBe(false);
    expect((await allChanges(`admin=true&${target()}`, admin)).some((c) => c.id === res.body.id)).toBe(true);
    expect((await accept(res.body.id)).body).toMatchObject({ status: 'accepted', version: 2 });
    expectError(await feature(gfid), 404, 'FEATURE_NOT_FOUND');
  });
});

describe('declining and deciding twice', () => {
  it('declines without touching the feature; a second decision is a 409', async () => {
    const gfid = await newFeature({ name: 'kept' });
    const res = await suggest('PUT', payload({ gfid, name: 'rejected' }));
    const declined = await decline(res.body.id);
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ id: res.body.id, status: 'declined' });
    expect((await feature(gfid)).body.properties).toMatchObject({ name: 'kept', version: 1 });
    expect((await diffLayer()).body.features.some((f: any) => f.id === res.body.diffGfid)).toBe(false);
    expectError(await decline(res.body.id), 409, 'CHANGE_NOT_PENDING', ERRORS.CHANGE_NOT_PENDING);
    expectError(await accept(res.body.id), 409, 'CHANGE_NOT_PENDING');
  });

  it('answers 409 to a second accept and 404 to an unknown change', async () => {
    const made = await suggest('POST', payload({ name: 'twice' }));
    expect((await accept(made.body.id)).status).toBe(200);
    expectError(await accept(made.body.id), 409, 'CHANGE_NOT_PENDING');
    expectError(await accept(999999999), 404, 'ELEMENT_NOT_FOUND');
  });
});

describe('GET /api/features/changes', () => {
  it('pages with total, page and pageSize', async () => {
    for (let i = 0; i < 3; i++) await suggest('POST', payload({ name: `page-${i}` }));
    const first = await call(`/api/features/changes?${target()}&page=1&pageSize=2`, member);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    const second = await call(`/api/features/changes?${target()}&page=2&pageSize=2`, member);
    expect(second.body.items[0].id).toBeGreaterThan(first.body.items[1].id);
  });

  it('shows a user only their own suggestions', async () => {
    const crowdie = { session: S.crowd[199].session };
    const made = await suggest('POST', payload({ name: 'someone-else' }), crowdie);
    expect((await allChanges(target())).some((c) => c.id === made.body.id)).toBe(false);
    const theirs = await allChanges(target(), crowdie);
    expect(theirs.map((c) => c.id)).toContain(made.body.id);
    expect(new Set(theirs.map((c) => c.creator))).toEqual(new Set([S.crowd[199].username]));
    expect((await allChanges(`admin=true&${target()}`, admin)).some((c) => c.id === made.body.id)).toBe(true);
  });
});
