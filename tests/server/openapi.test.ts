import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document generated from the zod schemas', async () => {
    const res = await call('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(res.body.info.title).toBeTypeOf('string');
    for (const path of ['/api/features', '/api/features/{gfid}', '/api/apps', '/api/login', '/api/workspaces/{ws}/register']) {
      expect(res.body.paths).toHaveProperty([path]);
    }
    // The registration body comes from the model schema (SPEC §5 fields).
    const register = res.body.paths['/api/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['username', 'email', 'password', 'confirmPassword']));
  });

  it('describes the answers of the suggestion, feature and attachment calls with the model schemas', async () => {
    const { paths } = (await call('/api/openapi.json')).body;
    const answer = (path: string, method: string, status: string) =>
      paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema;
    expect(answer('/api/features/changes', 'get', '200').required).toEqual(['items', 'total', 'page', 'pageSize']);
    for (const method of ['post', 'put', 'delete']) {
      expect(answer('/api/features/changes', method, '201').required).toEqual(
        expect.arrayContaining(['id', 'grpstatus', 'before', 'after', 'status']),
      );
    }
    expect(answer('/api/features/changes/{id}/accept', 'put', '200').required).toEqual(['id', 'status', 'gfid', 'version']);
    expect(answer('/api/features/changes/{id}/decline', 'delete', '200').required).toEqual(['id', 'status', 'gfid']);
    expect(answer('/api/features/{gfid}', 'get', '200').required).toEqual(
      expect.arrayContaining(['geometry', 'properties', 'workspace', 'layer']),
    );
    expect(answer('/api/features/{gfid}/history', 'get', '200').type).toBe('array');
    expect(answer('/api/features/{gfid}/comments', 'get', '200').items.required).toEqual(expect.arrayContaining(['id', 'comment']));
    expect(answer('/api/features/{gfid}/images', 'get', '200').required).toEqual(['imagesWithDescription']);
    expect(answer('/api/features/{gfid}/tags/changes', 'post', '201').required).toEqual(expect.arrayContaining(['name', 'removal']));
  });

  it('keeps every field of a stored geometry the feature schema does not narrow (a MultiPolygon country)', async () => {
    const countries = (await call('/api/features?workspace=ws_demo&layer=countries')).body.features as {
      id: number;
      geometry: { type: string };
    }[];
    const multi = countries.find((f) => f.geometry.type === 'MultiPolygon')!;
    const res = await call(`/api/features/${multi.id}`);
    expect(res.status).toBe(200);
    expect(res.body.geometry).toEqual(multi.geometry);
    const history = await call(`/api/features/${multi.id}/history`);
    expect(history.status).toBe(200);
    expect(history.body[0]).toMatchObject({ gfid: multi.id, version: 1, action: 'create', geometry: multi.geometry, before: null });
    expect(history.body[0].at).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('sends CORS headers for any origin and exposes the session header', async () => {
    const res = await call('/api/apps?appkey=demodemodemodemodemodemodemodemo', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-session-id');
  });
});
