import { describe, expect, inject, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { SEED_CITIES, USER, call, expectError } from './helpers.ts';

type Fc = {
  type: string;
  features: { type: string; id: number; geometry: { type: string; coordinates: any }; properties: Record<string, any> }[];
};

const list = (query: string) => call<Fc>(`/api/features?${query}`);

describe('GET /api/features (streamed GeoJSON)', () => {
  it('returns every seeded city as valid GeoJSON with gfid and version', async () => {
    const res = await list('workspace=ws_demo&layer=cities');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/geo+json');
    expect(res.body.type).toBe('FeatureCollection');
    expect(res.body.features).toHaveLength(SEED_CITIES);
    const first = res.body.features[0];
    expect(first).toMatchObject({ type: 'Feature', geometry: { type: 'Point' } });
    expect(first.properties).toMatchObject({ gfid: first.id, version: 1, name: expect.any(String) });
    const [lon, lat] = first.geometry.coordinates;
    expect(Math.abs(lon)).toBeLessThanOrEqual(180);
    expect(Math.abs(lat)).toBeLessThanOrEqual(90);
    // Most populous first (seed order), ids strictly increasing (keyset pages joined correctly).
    expect(first.properties.population).toBeGreaterThan(res.body.features[SEED_CITIES - 1].properties.population);
    const ids = res.body.features.map((f) => f.id);
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);
  });

  it('returns the countries as polygons and the borders as line strings', async () => {
    const countries = await list('workspace=ws_demo&layer=countries');
    expect(countries.body.features).toHaveLength(177);
    expect(new Set(countries.body.features.map((f) => f.geometry.type))).toEqual(new Set(['Polygon', 'MultiPolygon']));
    const borders = await list('workspace=ws_demo&layer=borders');
    expect(borders.body.features.length).toBeGreaterThan(100);
    expect(borders.body.features.every((f) => f.geometry.type === 'LineString')).toBe(true);
  });

  it('filters by bbox', async () => {
    const res = await list('workspace=ws_demo&layer=cities&bbox=2,48.5,2.6,49');
    expect(res.status).toBe(200);
    expect(res.body.features.map((f) => f.properties.name)).toContain('Paris');
    for (const f of res.body.features) {
      const [lon, lat] = f.geometry.coordinates;
      expect(lon >= 2 && lon <= 2.6 && lat >= 48.5 && lat <= 49).toBe(true);
    }
  });

  it('refuses a malformed bbox with 400, never 500', async () => {
    for (const bbox of ['1,2,3', 'a,b,c,d', '3,0,1,1']) {
      expectError(await list(`workspace=ws_demo&layer=cities&bbox=${bbox}`), 400, 'INVALID_VALUE', ERRORS.INVALID_VALUE);
    }
  });

  it('returns empty features without a workspace (SPEC §5) and 400 without a layer', async () => {
    const res = await list('layer=cities');
    expect(res.body).toEqual({ type: 'FeatureCollection', features: [] });
    expectError(await list('workspace=ws_demo'), 400, 'FIELD_REQUIRED', ERRORS.FIELD_REQUIRED);
  });

  it('keeps diff layers from visitors (SPEC §4)', async () => {
    expectError(await list('workspace=ws_demo_diff&layer=cities_diff'), 401, 'UNAUTHORIZED');
    const res = await call<Fc>('/api/features?workspace=ws_demo_diff&layer=cities_diff', { auth: USER });
    expect(res.body.features.map((f) => f.id)).toContain(inject('diffGfid'));
  });
});

describe('GET /api/features/{gfid}', () => {
  it('returns one feature', async () => {
    const paris = (await list('workspace=ws_demo&layer=cities&bbox=2.3,48.8,2.4,48.9')).body.features.find(
      (f) => f.properties.name === 'Paris',
    )!;
    const res = await call(`/api/features/${paris.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'Feature', id: paris.id, layer: 'cities', workspace: 'ws_demo' });
    expect(res.body.properties).toMatchObject({ gfid: paris.id, version: 1, country: 'FR' });
  });

  it('refuses a diff-layer gfid (SPEC §5)', async () => {
    const res = await call(`/api/features/${inject('diffGfid')}`, { auth: USER });
    expectError(res, 400, 'DIFF_LAYER_LOOKUP_REFUSED', ERRORS.DIFF_LAYER_LOOKUP_REFUSED);
  });

  it('answers 404 for an unknown gfid and 400 for a non-number', async () => {
    expectError(await call('/api/features/999999999'), 404, 'FEATURE_NOT_FOUND', ERRORS.FEATURE_NOT_FOUND);
    expectError(await call('/api/features/abc'), 400, 'NUMERIC_REQUIRED', ERRORS.NUMERIC_REQUIRED);
  });

  it('gives the history newest first', async () => {
    const res = await call('/api/features/1/history');
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ gfid: 1, version: 1, action: 'create', suggestedBy: 'admin' });
    expect(res.body[0].geometry.type).toBe('Point');
  });
});
