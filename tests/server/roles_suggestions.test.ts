import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { USER, call, expectError, newUser } from './helpers.ts';
import { S, accept, admin, decline, member, newFeature, payload, suggest, target } from './suggest_helpers.ts';

// SPEC §6 / DESIGN "The server enforces roles": each rule with a test that the wrong person is refused.

describe('visitors cannot suggest (401)', () => {
  it.each(['POST', 'PUT', 'DELETE'] as const)('%s /api/features/changes', async (method) => {
    expectError(await suggest(method, payload({ name: 'x', gfid: 1 }), {}), 401, 'UNAUTHORIZED', ERRORS.UNAUTHORIZED);
  });

  it('nor list changes, nor attach anything', async () => {
    const gfid = await newFeature();
    expectError(await call(`/api/features/changes?${target()}`), 401, 'UNAUTHORIZED');
    const res = await call(`/api/features/${gfid}/comments/changes`, { method: 'POST', body: { comment: 'hi' } });
    expectError(res, 401, 'UNAUTHORIZED');
  });
});

describe('users cannot accept or decline (403)', () => {
  it('refuses a plain user on a feature change', async () => {
    const made = await suggest('POST', payload({ name: 'not-yours-to-accept' }));
    expectError(await accept(made.body.id, member), 403, 'FORBIDDEN', ERRORS.FORBIDDEN);
    expectError(await decline(made.body.id, member), 403, 'FORBIDDEN');
    expectError(await accept(made.body.id, {}), 401, 'UNAUTHORIZED');
    expect((await accept(made.body.id)).status).toBe(200);
  });

  it('refuses a plain user on an attachment and on the layer-wide pending list', async () => {
    const gfid = await newFeature();
    const made = await call(`/api/features/${gfid}/comments/changes`, { method: 'POST', body: { comment: 'c' }, ...member });
    expect(made.status).toBe(201);
    for (const d of ['accept', 'decline']) {
      expectError(await call(`/api/features/${gfid}/comments/${made.body.id}/${d}`, { method: 'PUT', ...member }), 403, 'FORBIDDEN');
    }
    expectError(await call(`/api/layers/sites/comments/changes?workspace=ws_sugg`, member), 403, 'FORBIDDEN');
  });

  it('refuses admin=true to a plain user', async () => {
    expectError(await call(`/api/features/changes?admin=true&${target()}`, member), 403, 'FORBIDDEN');
  });
});

describe('editAdminOnly properties (SPEC §6)', () => {
  it('cannot be set or changed by a user, but by an admin', async () => {
    const res = await suggest('POST', payload({ name: 'x', status: 'approved' }));
    expectError(res, 403, 'PROPERTY_ADMIN_ONLY', `${ERRORS.PROPERTY_ADMIN_ONLY} (Status)`);
    const gfid = await newFeature({ name: 'guarded' });
    expectError(await suggest('PUT', payload({ gfid, status: 'closed' })), 403, 'PROPERTY_ADMIN_ONLY');
    const byAdmin = await suggest('PUT', payload({ gfid, status: 'closed' }), admin);
    expect(byAdmin.status).toBe(201);
    expect((await accept(byAdmin.body.id)).status).toBe(200);
    // Echoing the unchanged admin-only value back is fine for a user.
    const echo = await suggest('PUT', payload({ gfid, status: 'closed', name: 'renamed' }));
    expect(echo.status).toBe(201);
  });
});

describe('layers not flagged editable refuse suggestions (SPEC §6)', () => {
  it('answers 403 LAYER_NOT_EDITABLE, also to an admin', async () => {
    for (const who of [member, admin]) {
      const res = await suggest('POST', payload({ name: 'x' }), who, target(S.frozenLayer));
      expectError(res, 403, 'LAYER_NOT_EDITABLE', ERRORS.LAYER_NOT_EDITABLE);
    }
  });
});

describe('a user not registered on the workspace cannot edit (SPEC §6)', () => {
  it('refuses feature suggestions and attachment suggestions', async () => {
    const outsider = await newUser();
    const res = await suggest('POST', payload({ name: 'x' }), { auth: outsider });
    expectError(res, 403, 'WORKSPACE_NOT_REGISTERED', ERRORS.WORKSPACE_NOT_REGISTERED);
    const gfid = await newFeature();
    const attach = await call(`/api/features/${gfid}/links/changes`, {
      method: 'POST',
      body: { link: 'https://example.org', description: 'x' },
      auth: outsider,
    });
    expectError(attach, 403, 'WORKSPACE_NOT_REGISTERED');
    // The demo user is registered on ws_demo only.
    expectError(await suggest('POST', payload({ name: 'x' }), { auth: USER }), 403, 'WORKSPACE_NOT_REGISTERED');
  });
});
