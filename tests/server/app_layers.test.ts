// SPEC §7 "PUT apps/layers" and "POST import of an empty layer", §5 Layer rules and key checks:
// a layer the owner adds is a real, empty, editable table with its `_diff` companion in the app's
// single workspace, so it can be read and suggested on at once.
import { describe, expect, it } from 'vitest';
import { ERRORS, SUCCESS } from '../../src/model/index.ts';
import { USER, call, expectError, newAppWithWorkspace, newOwnedApp, newUser, unique, type Creds } from './helpers.ts';

const THREE = [
  { name: 'name', type: 'TEXT' },
  { name: 'height', type: 'NUMBER' },
  { name: 'planted', type: 'DATE', editAdminOnly: true },
];

function importJson(appKey: string, owner: Creds, body: Record<string, unknown>) {
  return call(`/api/layers/import?appkey=${appKey}`, { method: 'POST', auth: owner, body });
}

function importForm(appKey: string, owner: Creds, form: string) {
  return call(`/api/layers/import?appkey=${appKey}`, {
    method: 'POST',
    auth: owner,
    raw: { data: form, type: 'application/x-www-form-urlencoded' },
  });
}

function suggestPoint(ws: string, layer: string, who: Creds, properties: Record<string, unknown>) {
  return call(`/api/features/changes?workspace=${ws}&layer=${layer}`, {
    method: 'POST',
    auth: who,
    body: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [7, 47] }, properties }] },
  });
}

describe('POST /api/layers/import (SPEC §7 empty layer)', () => {
  it('creates an empty editable layer with its _diff companion from JSON', async () => {
    const { owner, appKey, ws, secret } = await newAppWithWorkspace();
    const res = await importJson(appKey, owner, { title: 'Street trees', geometryType: 'Point', properties: THREE, nameProperty: 'name' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      layer: { id: 'street_trees', name: 'Street trees', type: 'Point', workspace: ws, edit: true, nameProperty: 'name' },
      diffWorkspace: `${ws}_diff`,
      message: SUCCESS.VECTOR_LAYER_SAVED,
    });
    // The layer exists: its features (none yet) and its feature type are served.
    const features = await call(`/api/features?workspace=${ws}&layer=street_trees`, { auth: owner });
    expect(features.status).toBe(200);
    expect(JSON.parse(new TextDecoder().decode(features.bytes))).toMatchObject({ type: 'FeatureCollection', features: [] });
    const type = await call(`/api/layers/street_trees/featuretype?workspace=${ws}`, { auth: owner });
    expect(type.body).toMatchObject({ geometryType: 'Point', editable: true });
    expect(type.body.properties.map((p: { name: string; editAdminOnly: boolean }) => [p.name, p.editAdminOnly])).toEqual([
      ['name', false],
      ['height', false],
      ['planted', true],
    ]);
    // The map config lists it with its companion (SPEC §3).
    const ids = (await call(`/api/apps?appkey=${appKey}`)).body.config.layersConfig.map((l: { id: string }) => l.id);
    expect(ids).toEqual(['street_trees', 'street_trees_diff']);
    // A user registered with the secret can suggest on it right away.
    const user = await newUser();
    expect((await call(`/api/workspaces/${ws}/register`, { method: 'POST', auth: user, body: { workspaceSecret: secret } })).status).toBe(
      200,
    );
    const suggested = await suggestPoint(ws, 'street_trees', user, { name: 'Oak', height: 12 });
    expect(suggested.status).toBe(201);
    // …but not an admin-only property (SPEC §6 editAdminOnly).
    expectError(await suggestPoint(ws, 'street_trees', user, { name: 'Elm', planted: '2020-01-01' }), 403, 'PROPERTY_ADMIN_ONLY');
  });

  it('takes the form-encoded fields SPEC §7 names (title, geometry type, property rows)', async () => {
    const { owner, appKey, ws } = await newAppWithWorkspace(true);
    const form = new URLSearchParams({
      title: 'Footpaths',
      geometryType: 'LineString',
      'properties[0][name]': 'name',
      'properties[0][type]': 'TEXT',
      'properties[1][name]': 'surface',
      'properties[1][type]': 'OPTIONS',
      'properties[1][editAdminOnly]': 'on',
    }).toString();
    const res = await importForm(appKey, owner, form);
    expect(res.status).toBe(201);
    expect(res.body.layer).toMatchObject({ id: 'footpaths', type: 'LineString', workspace: ws });
    expect(res.body.layer.properties).toEqual([
      expect.objectContaining({ name: 'name', type: 'TEXT', editAdminOnly: false }),
      expect.objectContaining({ name: 'surface', type: 'OPTIONS', editAdminOnly: true }),
    ]);
    const diff = await call(`/api/layers/footpaths_diff/featuretype?workspace=${ws}_diff`, { auth: owner });
    expect(diff.body).toMatchObject({ diffOf: 'footpaths', geometryType: 'LineString' });
  });

  it('refuses a layer without properties or with a repeated property (SPEC §5), in both encodings', async () => {
    const { owner, appKey } = await newAppWithWorkspace();
    const none = await importJson(appKey, owner, { title: 'Empty', geometryType: 'Point', properties: [] });
    expectError(none, 400, 'LAYER_PROPERTY_REQUIRED', ERRORS.LAYER_PROPERTY_REQUIRED);
    const twice = await importJson(appKey, owner, {
      title: 'Twice',
      geometryType: 'Point',
      properties: [{ name: 'name' }, { name: 'Name ' }],
    });
    expectError(twice, 400, 'PROPERTY_ALREADY_EXISTS');
    const formNone = await importForm(appKey, owner, 'title=Empty&geometryType=Point');
    expectError(formNone, 400, 'LAYER_PROPERTY_REQUIRED');
    const badType = await importForm(appKey, owner, 'title=X&geometryType=Circle&properties[0][name]=name');
    expect(badType.status).toBe(400);
  });

  it('checks the maps-service key (SPEC §5 key incorrect / key exists)', async () => {
    const { owner, appKey } = await newAppWithWorkspace();
    const body = { title: 'Benches', geometryType: 'Point', properties: [{ name: 'name' }] };
    expect((await importJson(appKey, owner, body)).status).toBe(201);
    expectError(await importJson(appKey, owner, body), 409, 'KEY_EXISTS', ERRORS.KEY_EXISTS);
    expectError(await importJson(appKey, owner, { ...body, key: 'Bad key!' }), 400, 'KEY_INCORRECT', ERRORS.KEY_INCORRECT);
    expectError(await importJson(appKey, owner, { ...body, key: 'benches_diff' }), 400, 'KEY_INCORRECT');
    expect((await importJson(appKey, owner, { ...body, key: 'benches_2' })).status).toBe(201);
  });

  it('takes layers only from the current workspace (SPEC §5)', async () => {
    const { owner, appKey, ws } = await newAppWithWorkspace();
    const other = await newAppWithWorkspace();
    const body = { title: 'Wells', geometryType: 'Point', properties: [{ name: 'name' }] };
    const foreign = await importJson(appKey, owner, { ...body, workspace: other.ws });
    expectError(foreign, 400, 'LAYERS_ONLY_FROM_CURRENT_WORKSPACE', ERRORS.LAYERS_ONLY_FROM_CURRENT_WORKSPACE);
    expect((await importJson(appKey, owner, body)).status).toBe(201);
    // A second workspace of the same app: the app's layers are in the first.
    const second = unique('ws_s');
    expect((await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: second } })).status).toBe(201);
    expectError(await importJson(appKey, owner, { ...body, workspace: second }), 400, 'LAYERS_ONLY_FROM_CURRENT_WORKSPACE');
    expect((await importJson(appKey, owner, { ...body, title: 'Pumps', workspace: ws })).status).toBe(201);
  });

  it('needs a workspace when the app has none', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await importJson(appKey, owner, { title: 'Wells', geometryType: 'Point', properties: [{ name: 'name' }] });
    expectError(res, 400, 'WORKSPACE_REQUIRED');
  });

  it('is the owner’s alone (visitor 401, user 403, owner of another app 403)', async () => {
    const { appKey } = await newAppWithWorkspace();
    const stranger = await newOwnedApp();
    const body = { title: 'Wells', geometryType: 'Point', properties: [{ name: 'name' }] };
    expectError(await call(`/api/layers/import?appkey=${appKey}`, { method: 'POST', body }), 401, 'UNAUTHORIZED');
    expectError(await importJson(appKey, USER, body), 403, 'FORBIDDEN');
    expectError(await importJson(appKey, stranger.owner, body), 403, 'FORBIDDEN');
  });
});

describe('PUT /api/apps/layers makes real layers (SPEC §7)', () => {
  const layer = (id: string, ws: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: id,
    type: 'Point',
    workspace: ws,
    edit: true,
    properties: [{ name: 'name', type: 'TEXT' }],
    ...extra,
  });

  it('creates each new vector layer and its companion, and updates an existing one', async () => {
    const { owner, appKey, ws } = await newAppWithWorkspace();
    const put = await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: [layer('trees', ws)] });
    expect(put.status).toBe(200);
    expect((await call(`/api/features?workspace=${ws}&layer=trees`, { auth: owner })).status).toBe(200);
    expect((await call(`/api/layers/trees_diff/featuretype?workspace=${ws}_diff`, { auth: owner })).body.diffOf).toBe('trees');
    // Renaming, restyling and reordering keep the table.
    const again = [layer('trees', ws, { name: 'Trees', minZoom: 12, properties: [{ name: 'name' }, { name: 'girth', type: 'NUMBER' }] })];
    expect((await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: again })).status).toBe(200);
    const type = await call(`/api/layers/trees/featuretype?workspace=${ws}`, { auth: owner });
    expect(type.body).toMatchObject({ name: 'Trees', properties: [{ name: 'name' }, { name: 'girth', type: 'NUMBER' }] });
    // The stored config has no companion rows even when the client sends GET /apps's list back.
    const withCompanion = (await call(`/api/apps?appkey=${appKey}`)).body.config.layersConfig;
    expect(withCompanion.map((l: { id: string }) => l.id)).toEqual(['trees', 'trees_diff']);
    expect((await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: withCompanion })).status).toBe(200);
    expect((await call(`/api/apps/layers?appkey=${appKey}`)).body.map((l: { id: string }) => l.id)).toEqual(['trees']);
  });

  it('refuses another workspace’s layer, a changed geometry type and a bad key', async () => {
    const { owner, appKey, ws } = await newAppWithWorkspace();
    const other = await newAppWithWorkspace();
    const url = `/api/apps/layers?appkey=${appKey}`;
    const foreign = await call(url, { method: 'PUT', auth: owner, body: [layer('trees', other.ws)] });
    expectError(foreign, 400, 'LAYERS_ONLY_FROM_CURRENT_WORKSPACE', ERRORS.LAYERS_ONLY_FROM_CURRENT_WORKSPACE);
    const mixed = await call(url, { method: 'PUT', auth: owner, body: [layer('a', ws), layer('b', 'ws_nowhere')] });
    expectError(mixed, 400, 'LAYERS_ONLY_FROM_CURRENT_WORKSPACE');
    expect((await call(url, { method: 'PUT', auth: owner, body: [layer('trees', ws)] })).status).toBe(200);
    const reshaped = await call(url, { method: 'PUT', auth: owner, body: [layer('trees', ws, { type: 'Polygon' })] });
    expectError(reshaped, 400, 'GEOMETRY_TYPE_MISMATCH');
    expectError(await call(url, { method: 'PUT', auth: owner, body: [layer('Trees!', ws)] }), 400, 'KEY_INCORRECT');
    // Nothing of a refused PUT was kept.
    expect((await call(url)).body.map((l: { id: string; type: string }) => [l.id, l.type])).toEqual([['trees', 'Point']]);
  });

  it('is refused to the owner of another app', async () => {
    const { appKey, ws } = await newAppWithWorkspace();
    const stranger = await newOwnedApp();
    const res = await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: stranger.owner, body: [layer('x', ws)] });
    expectError(res, 403, 'FORBIDDEN');
  });
});
