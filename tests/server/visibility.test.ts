import { describe, expect, it } from 'vitest';
import { call, expectError, newOwnedApp, newUser } from './helpers.ts';

// Issue 16: a visitor (not logged in) reads neither the configuration nor the workspace list of an
// app that is not public (SPEC §6 visitors see public apps); a logged-in user and the owner do.
describe('a non-public app', () => {
  it('keeps its configuration and workspaces from visitors', async () => {
    const { owner, appKey } = await newOwnedApp();
    const created = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: `ws_vis${Date.now()}` } });
    expect(created.status).toBe(201);
    expectError(await call(`/api/apps/config?appkey=${appKey}`), 401, 'UNAUTHORIZED');
    expectError(await call(`/api/workspaces?appkey=${appKey}`), 401, 'UNAUTHORIZED');
    expect((await call(`/api/apps/config?appkey=${appKey}`, { auth: owner })).status).toBe(200);
    const someone = await newUser();
    expect((await call(`/api/workspaces?appkey=${appKey}`, { auth: someone })).body).toHaveLength(1);
    // Made public, it is open to visitors again.
    await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { isPublicApp: true } });
    expect((await call(`/api/apps/config?appkey=${appKey}`)).status).toBe(200);
    expect((await call(`/api/workspaces?appkey=${appKey}`)).status).toBe(200);
  });
});
