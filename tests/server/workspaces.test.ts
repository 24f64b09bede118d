import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { DEMO, call, expectError, newOwnedApp, newUser, unique } from './helpers.ts';

async function ownedWorkspace(body: Record<string, unknown> = {}) {
  const { owner, appKey } = await newOwnedApp();
  const name = unique('ws_t');
  const res = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name, ...body } });
  expect(res.status).toBe(201);
  return { owner, appKey, name, res };
}

describe('workspaces (SPEC §7)', () => {
  it('creates a workspace and returns its secret once', async () => {
    const { name, res } = await ownedWorkspace({ publicAccess: true });
    expect(res.body).toMatchObject({ name, publicAccess: true, managed: false, diffWorkspace: null, registered: true });
    expect(res.body.workspaceSecret).toMatch(/^\S{16,}$/);
  });

  it('gives a managed workspace a diff workspace', async () => {
    const { name, res } = await ownedWorkspace({ managed: true });
    expect(res.body.diffWorkspace).toBe(`${name}_diff`);
    expect((await call(`/api/workspaces/${name}/managed`)).body).toEqual({ diffWorkspace: `${name}_diff` });
  });

  it('lists the app workspaces', async () => {
    const { owner, appKey, name } = await ownedWorkspace();
    const res = await call('/api/workspaces', { appKey, auth: owner });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name, registered: true })]);
  });

  it('reports the demo diff workspace', async () => {
    expect((await call('/api/workspaces/ws_demo/managed')).body).toEqual({ diffWorkspace: 'ws_demo_diff' });
    const list = await call(`/api/workspaces?appkey=${DEMO}`);
    expect(list.body.map((w: { name: string }) => w.name)).toEqual(['ws_demo']);
  });

  it('refuses a duplicate or badly named workspace', async () => {
    const { owner, appKey, name } = await ownedWorkspace();
    const again = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name } });
    expectError(again, 409, 'WORKSPACE_CREATION_FAILED');
    const bad = await call(`/api/workspaces?appkey=${appKey}`, { method: 'POST', auth: owner, body: { name: 'trees' } });
    expectError(bad, 400, 'INVALID_WORKSPACE', ERRORS.INVALID_WORKSPACE);
  });

  it('answers 404 for an unknown workspace', async () => {
    expectError(await call('/api/workspaces/ws_nope_nope/managed'), 404, 'INVALID_WORKSPACE');
  });

  it('registers a user with the right secret, which opens a private workspace', async () => {
    const { name, res } = await ownedWorkspace();
    const user = await newUser();
    expectError(await call(`/api/workspaces/${name}/layers`, { auth: user }), 403, 'FORBIDDEN');
    const reg = await call(`/api/workspaces/${name}/register`, {
      method: 'POST',
      auth: user,
      body: { workspaceSecret: res.body.workspaceSecret },
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ name, registered: true });
    expect((await call(`/api/workspaces/${name}/layers`, { auth: user })).status).toBe(200);
  });

  it('refuses a wrong secret with an error status (SPEC §8)', async () => {
    const { name } = await ownedWorkspace();
    const user = await newUser();
    const reg = await call(`/api/workspaces/${name}/register`, { method: 'POST', auth: user, body: { workspaceSecret: 'wrong' } });
    expectError(reg, 403, 'WORKSPACE_REGISTRATION_FAILED', ERRORS.WORKSPACE_REGISTRATION_FAILED);
  });

  it('refuses an empty secret as bad input', async () => {
    const user = await newUser();
    const reg = await call('/api/workspaces/ws_demo/register', { method: 'POST', auth: user, body: {} });
    expectError(reg, 400, 'FIELD_REQUIRED', ERRORS.FIELD_REQUIRED);
  });
});
