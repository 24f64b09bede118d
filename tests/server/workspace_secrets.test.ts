// SPEC §7 Workspaces: the registration secret is the owner's to read and rotate; users register with
// it, and automatically on sign-up in an app with registerUsersOnWorkspace (SPEC §3).
import { describe, expect, it } from 'vitest';
import { USER, call, expectError, newAppWithWorkspace, newOwnedApp, newUser, unique } from './helpers.ts';

const register = (ws: string, who: { username: string; password: string }, workspaceSecret: string) =>
  call(`/api/workspaces/${ws}/register`, { method: 'POST', auth: who, body: { workspaceSecret } });

describe('workspace registration secrets', () => {
  it('shows the secret to the owner only', async () => {
    const { owner, appKey, ws, secret } = await newAppWithWorkspace(true);
    const mine = await call(`/api/workspaces?appkey=${appKey}`, { auth: owner });
    expect(mine.body).toEqual([expect.objectContaining({ name: ws, workspaceSecret: secret })]);
    // A visitor does not see a non-public app's workspaces at all (issue 16, tests/server/visibility.test.ts).
    expect((await call(`/api/workspaces?appkey=${appKey}`)).status).toBe(401);
    for (const who of [USER, (await newOwnedApp()).owner]) {
      const theirs = await call(`/api/workspaces?appkey=${appKey}`, { auth: who });
      expect(theirs.status).toBe(200);
      expect(theirs.body[0]).not.toHaveProperty('workspaceSecret');
    }
  });

  it('rotates the secret: the old one registers nobody more', async () => {
    const { owner, ws, secret, appKey } = await newAppWithWorkspace(true);
    const rotated = await call(`/api/workspaces/${ws}/secret`, { method: 'POST', auth: owner });
    expect(rotated.status).toBe(200);
    expect(rotated.body.workspaceSecret).toMatch(/^\S{16,}$/);
    expect(rotated.body.workspaceSecret).not.toBe(secret);
    const user = await newUser();
    expectError(await register(ws, user, secret), 403, 'WORKSPACE_REGISTRATION_FAILED');
    expect((await register(ws, user, rotated.body.workspaceSecret)).status).toBe(200);
    const list = await call(`/api/workspaces?appkey=${appKey}`, { auth: owner });
    expect(list.body[0].workspaceSecret).toBe(rotated.body.workspaceSecret);
  });

  it('lets only the owner rotate (visitor 401, user 403, owner of another app 403, diff workspace 404)', async () => {
    const { owner, ws } = await newAppWithWorkspace(true);
    const path = `/api/workspaces/${ws}/secret`;
    expectError(await call(path, { method: 'POST' }), 401, 'UNAUTHORIZED');
    expectError(await call(path, { method: 'POST', auth: USER }), 403, 'FORBIDDEN');
    expectError(await call(path, { method: 'POST', auth: (await newOwnedApp()).owner }), 403, 'FORBIDDEN');
    expectError(await call(`/api/workspaces/${ws}_diff/secret`, { method: 'POST', auth: owner }), 404, 'INVALID_WORKSPACE');
  });
});

describe('registration on sign-up (SPEC §3 registerUsersOnWorkspace)', () => {
  async function signUp(appKey: string) {
    const creds = { username: unique('u_'), password: unique('pw-') };
    const res = await call('/api/register', {
      method: 'POST',
      appKey,
      body: { ...creds, confirmPassword: creds.password, firstName: 'Ada', lastName: 'L', email: `${creds.username}@example.org` },
    });
    expect(res.status).toBe(201);
    return creds;
  }

  it('registers a new user on the app’s workspace when the app says so, and not otherwise', async () => {
    const { owner, appKey, ws } = await newAppWithWorkspace(true);
    const before = await signUp(appKey);
    expect((await call(`/api/workspaces?appkey=${appKey}`, { auth: before })).body[0]).toMatchObject({ name: ws, registered: false });
    const config = await call(`/api/apps/config?appkey=${appKey}`, {
      method: 'PUT',
      auth: owner,
      body: { registerUsersOnWorkspace: true },
    });
    expect(config.status).toBe(200);
    const after = await signUp(appKey);
    expect((await call(`/api/workspaces?appkey=${appKey}`, { auth: after })).body[0]).toMatchObject({ name: ws, registered: true });
  });
});
