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

  it('sends CORS headers for any origin and exposes the session header', async () => {
    const res = await call('/api/apps?appkey=demodemodemodemodemodemodemodemo', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('https://elsewhere.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('x-session-id');
  });
});
