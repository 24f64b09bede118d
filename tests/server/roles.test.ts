import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { DEMO, USER, call, expectError, type CallOptions } from './helpers.ts';

// SPEC §6 / DESIGN "The server enforces roles": every owner-only call answers 401 to a visitor and
// 403 to a logged-in user who does not own the app (the demo app is owned by admin). Bodies are
// valid so the refusal comes from the role check, not from validation.
const ownerOnly: [string, string, CallOptions][] = [
  ['GET', `/api/apps/${DEMO}/details`, {}],
  ['PUT', `/api/apps/${DEMO}/details`, { body: { appDetails: { addressCity: 'X' } } }],
  ['PUT', `/api/apps/config?appkey=${DEMO}`, { body: { appName: 'Hijacked' } }],
  ['PUT', `/api/apps/layers?appkey=${DEMO}`, { body: [] }],
  ['PUT', `/api/apps/baselayers?appkey=${DEMO}`, { body: [] }],
  ['PUT', `/api/apps/icons/logo.png?appkey=${DEMO}`, { raw: { data: 'x', type: 'image/png' } }],
  ['PUT', `/api/apps/${DEMO}/manifest`, { body: { appManifest: { icons: [] } } }],
  ['POST', `/api/apps/activate?appkey=${DEMO}`, {}],
  ['POST', `/api/workspaces?appkey=${DEMO}`, { body: { name: 'ws_hijack' } }],
  ['POST', `/api/layers/import?appkey=${DEMO}`, { body: { title: 'Hijack', geometryType: 'Point', properties: [{ name: 'name' }] } }],
  ['POST', '/api/workspaces/ws_demo/secret', {}],
];

// Calls any logged-in user may make: visitors get 401.
const loggedInOnly: [string, string, CallOptions][] = [
  ['POST', '/api/apps', { body: { firstName: 'a', lastName: 'b', street: 's', houseNumber: '1', postCode: '1', city: 'c' } }],
  ['GET', '/api/apps/overview', {}],
  ['POST', '/api/workspaces/ws_demo/register', { body: { workspaceSecret: 'whatever' } }],
  ['POST', '/api/change-password', { body: { oldPassword: 'a', password: 'b', confirmPassword: 'b' } }],
  ['PUT', '/api/account', { body: { firstName: 'a', lastName: 'b', email: 'a@example.org' } }],
];

describe.each(ownerOnly)('owner-only %s %s', (method, path, opts) => {
  it('answers 401 to a visitor', async () => {
    expectError(await call(path, { ...opts, method }), 401, 'UNAUTHORIZED', ERRORS.UNAUTHORIZED);
  });
  it('answers 403 to a plain user', async () => {
    expectError(await call(path, { ...opts, method, auth: USER }), 403, 'FORBIDDEN', ERRORS.FORBIDDEN);
  });
});

describe.each(loggedInOnly)('logged-in only %s %s', (method, path, opts) => {
  it('answers 401 to a visitor', async () => {
    expectError(await call(path, { ...opts, method }), 401, 'UNAUTHORIZED');
  });
});

describe('credentials', () => {
  it('treats wrong basic credentials as a visitor (401 on guarded calls)', async () => {
    const res = await call('/api/apps/overview', { auth: { username: 'user', password: 'wrong' } });
    expectError(res, 401, 'UNAUTHORIZED');
  });

  it('leaves the demo untouched after the refused calls', async () => {
    const res = await call(`/api/apps?appkey=${DEMO}`);
    expect(res.body.config.appName).toBe('Mapdraft demo');
  });
});
