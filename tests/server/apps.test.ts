import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { DEMO, call, expectError, newOwnedApp, newUser, INVOICE } from './helpers.ts';

const layer = (id: string, properties: { name: string; type?: string }[] = [{ name: 'name', type: 'TEXT' }]) => ({
  id,
  name: id,
  type: 'Point',
  properties,
});

describe('GET /api/apps', () => {
  it('returns the demo app with layers and base layers filled', async () => {
    const res = await call(`/api/apps?appkey=${DEMO}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appKey: DEMO, activated: true, isPublicApp: true });
    expect(res.body.config.appName).toBe('Mapdraft demo');
    // SPEC §3: the editable layers come with their companion diff layers (loaded for logged-in users).
    expect(res.body.config.layersConfig.map((l: { id: string }) => l.id)).toEqual([
      'cities',
      'cities_diff',
      'countries',
      'borders',
      'borders_diff',
      'roads',
    ]);
    expect(res.body.config.layersConfig[0]).toMatchObject({ type: 'Point', edit: true, minZoom: 1, maxZoom: 24 });
    expect(res.body.config.layersConfig[1]).toMatchObject({ name: 'Cities updates', workspace: 'ws_demo_diff', type: 'Point' });
    // The stored configuration, which an owner edits, stays as written.
    const stored = await call(`/api/apps/config?appkey=${DEMO}`);
    expect(stored.body.layersConfig.map((l: { id: string }) => l.id)).toEqual(['cities', 'countries', 'borders', 'roads']);
    const base = res.body.config.baseLayersConfig;
    expect(base.find((b: { id: string }) => b.id === 'ne_land')).toMatchObject({ type: 'vector' });
    expect(base.find((b: { type: string }) => b.type === 'xyz').url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('takes the key from the x-app-key header too', async () => {
    const res = await call('/api/apps', { appKey: DEMO });
    expect(res.status).toBe(200);
    expect(res.body.appKey).toBe(DEMO);
  });

  it('answers 404 with the SPEC text for an unknown key', async () => {
    expectError(await call(`/api/apps?appkey=${'z'.repeat(32)}`), 404, 'NO_APP_REGISTERED', ERRORS.NO_APP_REGISTERED);
  });

  it('answers 400 for a missing or malformed key', async () => {
    expectError(await call('/api/apps'), 400, 'NO_APP_KEY_DEFINED', ERRORS.NO_APP_KEY_DEFINED);
    expectError(await call('/api/apps?appkey=short'), 400, 'NO_APP_KEY_DEFINED');
  });

  it('serves the offline Natural Earth base map', async () => {
    const res = await call('/api/public/basemaps/ne_land.geojson');
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('FeatureCollection');
  });
});

describe('app registration and owner calls', () => {
  it('POST /api/apps creates a not-activated app owned by the caller', async () => {
    const { owner, appKey } = await newOwnedApp();
    expect(appKey).toMatch(/^[A-Za-z0-9]{32}$/);
    const app = await call(`/api/apps?appkey=${appKey}`);
    expect(app.body).toMatchObject({ appKey, activated: false });
    const overview = await call('/api/apps/overview', { auth: owner });
    expect(overview.status).toBe(200);
    expect(overview.body).toEqual([expect.objectContaining({ appKey, activated: false, organisation: 'Navy' })]);
  });

  it('POST /api/apps rejects a missing invoice field with the SPEC text', async () => {
    const user = await newUser();
    const { city: _c, ...body } = INVOICE;
    expectError(await call('/api/apps', { method: 'POST', auth: user, body }), 400, 'FIELD_REQUIRED', ERRORS.FIELD_REQUIRED);
  });

  it('activates an app', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await call(`/api/apps/activate?appkey=${appKey}`, { method: 'POST', auth: owner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ appKey, activated: true });
    expect((await call(`/api/apps?appkey=${appKey}`)).body.activated).toBe(true);
  });

  it('reads and updates the app details', async () => {
    const { owner, appKey } = await newOwnedApp();
    const got = await call(`/api/apps/${appKey}/details`, { auth: owner });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ appKey, addressCity: 'Arlington', activatedAt: null });
    const put = await call(`/api/apps/${appKey}/details`, {
      method: 'PUT',
      auth: owner,
      body: { appKey, appDetails: { addressCity: 'Paris', organisation: 'ACME' } },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ addressCity: 'Paris', organisation: 'ACME', addressStreet: 'Main St' });
  });

  it('reads and replaces the config, keeping layers', async () => {
    const { owner, appKey } = await newOwnedApp();
    await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: [layer('a')] });
    const put = await call(`/api/apps/config?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      body: { appName: 'Trees', primaryColor: '#112233', isPublicApp: true },
    });
    expect(put.status).toBe(200);
    const got = await call('/api/apps/config', { appKey });
    expect(got.body).toMatchObject({ appName: 'Trees', primaryColor: '#112233', defaultLanguage: 'en_US' });
    expect(got.body.layersConfig.map((l: { id: string }) => l.id)).toEqual(['a']);
    expect((await call(`/api/apps?appkey=${appKey}`)).body.isPublicApp).toBe(true);
  });

  it('refuses a config with an unsupported language (400, SPEC text)', async () => {
    const { owner, appKey } = await newOwnedApp();
    const res = await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { defaultLanguage: 'xx_XX' } });
    expectError(res, 400, 'INVALID_LOCALE', ERRORS.INVALID_LOCALE);
  });

  it('reads and replaces the layers with defaults filled', async () => {
    const { owner, appKey } = await newOwnedApp();
    const put = await call(`/api/apps/layers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: [layer('trees')] });
    expect(put.status).toBe(200);
    const got = await call(`/api/apps/layers?appkey=${appKey}`);
    expect(got.body).toEqual([expect.objectContaining({ id: 'trees', zIndex: 5, minZoom: 1, maxZoom: 24, savable: true })]);
  });

  it('refuses layers without properties or with duplicate names (SPEC §5)', async () => {
    const { owner, appKey } = await newOwnedApp();
    const url = `/api/apps/layers?appkey=${appKey}`;
    expectError(await call(url, { method: 'PUT', auth: owner, body: [layer('a', [])] }), 400, 'LAYER_PROPERTY_REQUIRED');
    const dupes = [{ name: 'name' }, { name: 'Name' }];
    expectError(await call(url, { method: 'PUT', auth: owner, body: [layer('a', dupes)] }), 400, 'PROPERTY_ALREADY_EXISTS');
  });

  it('reads and replaces the base layers', async () => {
    const { owner, appKey } = await newOwnedApp();
    const base = [{ id: 'topo', name: 'Topo', type: 'xyz', url: 'https://example.org/{z}/{x}/{y}.png' }];
    expect((await call(`/api/apps/baselayers?appkey=${appKey}`, { method: 'PUT', auth: owner, body: base })).status).toBe(200);
    const got = await call(`/api/apps/baselayers?appkey=${appKey}`);
    expect(got.body).toEqual([expect.objectContaining({ id: 'topo', minZoom: 0, maxZoom: 24 })]);
    const bad = await call(`/api/apps/baselayers?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      body: [{ id: 'x', name: 'x', type: 'nope', url: 'u' }],
    });
    expect(bad.status).toBe(400);
  });

  it('GET /api/apps/layers/{id}/featuremodel gives the property definitions', async () => {
    const res = await call(`/api/apps/layers/cities/featuremodel?appkey=${DEMO}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'cities', type: 'Point', workspace: 'ws_demo' });
    expect(res.body.properties).toContainEqual(expect.objectContaining({ name: 'population', type: 'NUMBER' }));
    expectError(await call(`/api/apps/layers/nope/featuremodel?appkey=${DEMO}`), 404, 'LAYER_NOT_FOUND');
  });
});
