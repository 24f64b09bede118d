// SPEC §6: an app's suggestions are reviewed by its owner and its administrators, and by nobody
// else: the pending lists (GET features/changes?admin=true, GET layers/{layer}/{kind}/changes), the
// pending files, admin-only properties and the app's "review access" answer all follow that rule.
import { describe, expect, it } from 'vitest';
import { ADMIN, USER, call, expectError, newAppWithWorkspace, newUser, type Creds } from './helpers.ts';
import { SUGG_APP_KEY } from './suggestions_setup.ts';
import { PNG } from './suggest_helpers.ts';

const pointBody = (properties: Record<string, unknown>) => ({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [7, 47] }, properties }],
});

/** An owned app with a workspace, a layer whose `status` is admin-only, and a registered member. */
async function ownedAppWithLayer() {
  const app = await newAppWithWorkspace();
  const layer = await call(`/api/layers/import?appkey=${app.appKey}`, {
    method: 'POST',
    auth: app.owner,
    body: {
      title: 'Wells',
      geometryType: 'Point',
      properties: [
        { name: 'name', type: 'TEXT' },
        { name: 'status', type: 'TEXT', editAdminOnly: true },
      ],
      nameProperty: 'name',
    },
  });
  expect(layer.status).toBe(201);
  const member = await newUser();
  const reg = await call(`/api/workspaces/${app.ws}/register`, { method: 'POST', auth: member, body: { workspaceSecret: app.secret } });
  expect(reg.status).toBe(200);
  return { ...app, layer: 'wells', member };
}

const suggest = (ws: string, layer: string, who: Creds, properties: Record<string, unknown>) =>
  call(`/api/features/changes?workspace=${ws}&layer=${layer}`, { method: 'POST', auth: who, body: pointBody(properties) });

const adminList = (who: Creds, query: string, appKey?: string) =>
  call(`/api/features/changes?admin=true&pageSize=1000&${query}`, { auth: who, headers: appKey ? { 'x-app-key': appKey } : {} });

describe('reviewers are per app (SPEC §6)', () => {
  it("lists an app's pending changes to its owner, and refuses another app's owner, a foreign admin and a user", async () => {
    const mine = await ownedAppWithLayer();
    const made = await suggest(mine.ws, mine.layer, mine.member, { name: 'Well 1' });
    expect(made.status).toBe(201);
    const other = await newAppWithWorkspace();

    const byWorkspace = await adminList(mine.owner, `workspace=${mine.ws}&layer=${mine.layer}`);
    expect(byWorkspace.status).toBe(200);
    expect(byWorkspace.body.items.map((c: { id: number }) => c.id)).toEqual([made.body.id]);
    // Without a workspace the request's app scopes the list: only this app's changes.
    const byApp = await adminList(mine.owner, '', mine.appKey);
    expect(byApp.status).toBe(200);
    expect(byApp.body.items.map((c: { id: number }) => c.id)).toEqual([made.body.id]);
    expectError(await adminList(mine.owner, ''), 400, 'NO_APP_KEY_DEFINED');

    expectError(await adminList(other.owner, `workspace=${mine.ws}`), 403, 'FORBIDDEN');
    expectError(await adminList(other.owner, '', mine.appKey), 403, 'FORBIDDEN');
    // An administrator not registered on an owned app is another app's admin (SPEC §6).
    expectError(await adminList(ADMIN, `workspace=${mine.ws}`), 403, 'FORBIDDEN');
    expectError(await adminList(mine.member, `workspace=${mine.ws}`), 403, 'FORBIDDEN');
    // The owner of one app is nobody's reviewer on another (the platform's test app has no owner).
    expectError(await adminList(mine.owner, 'workspace=ws_sugg'), 403, 'FORBIDDEN');
    expect((await adminList(ADMIN, 'workspace=ws_sugg&layer=sites')).status).toBe(200);
  });

  it("shows a layer's pending comments and a pending photo to the owner, not to others", async () => {
    const mine = await ownedAppWithLayer();
    const made = await suggest(mine.ws, mine.layer, mine.owner, { name: 'Well 2' });
    const accepted = await call(`/api/features/changes/${made.body.id}/accept`, { method: 'PUT', auth: mine.owner });
    expect(accepted.status).toBe(200);
    const gfid = accepted.body.gfid as number;
    const comment = await call(`/api/features/${gfid}/comments/changes`, {
      method: 'POST',
      auth: mine.member,
      body: { comment: 'Water is low' },
    });
    expect(comment.status).toBe(201);
    const photo = await call(`/api/features/${gfid}/images/changes?filename=well.png&description=Well`, {
      method: 'POST',
      auth: mine.member,
      raw: { data: PNG, type: 'image/png' },
    });
    expect(photo.status).toBe(201);

    const path = `/api/layers/${mine.layer}/comments/changes?workspace=${mine.ws}`;
    const listed = await call(path, { auth: mine.owner });
    expect(listed.status).toBe(200);
    expect(listed.body.map((c: { id: number }) => c.id)).toEqual([comment.body.id]);
    expectError(await call(path, { auth: (await newAppWithWorkspace()).owner }), 403, 'FORBIDDEN');
    expectError(await call(path, { auth: ADMIN }), 403, 'FORBIDDEN');
    expectError(await call(path, { auth: mine.member }), 403, 'FORBIDDEN');

    // The pending photo is the submitter's and the reviewer's to see before the verdict.
    const file = `/api/features/${gfid}/images/well.png`;
    expect((await call(file, { auth: mine.owner })).status).toBe(200);
    expect((await call(file, { auth: mine.member })).status).toBe(200);
    expectError(await call(file, { auth: await newUser() }), 403, 'FORBIDDEN');
  });

  it('lets the owner, not a member, set an admin-only property', async () => {
    const mine = await ownedAppWithLayer();
    expect((await suggest(mine.ws, mine.layer, mine.owner, { name: 'Well 3', status: 'dry' })).status).toBe(201);
    expectError(await suggest(mine.ws, mine.layer, mine.member, { name: 'Well 4', status: 'dry' }), 403, 'PROPERTY_ADMIN_ONLY');
  });

  it('tells the app which tools to show: review access for its owner and its admins only', async () => {
    const mine = await ownedAppWithLayer();
    const access = (who: Creds, appKey: string) => call(`/api/apps/${appKey}/review/access`, { auth: who });
    expect((await access(mine.owner, mine.appKey)).body).toEqual({ reviewer: true });
    expect((await access(mine.member, mine.appKey)).body).toEqual({ reviewer: false });
    expect((await access(ADMIN, mine.appKey)).body).toEqual({ reviewer: false });
    expect((await access(ADMIN, SUGG_APP_KEY)).body).toEqual({ reviewer: true });
    expect((await access(USER, SUGG_APP_KEY)).body).toEqual({ reviewer: false });
    expectError(await call(`/api/apps/${mine.appKey}/review/access`), 401, 'UNAUTHORIZED');
    expectError(await access(mine.owner, 'x'.repeat(32)), 404, 'NO_APP_REGISTERED');
  });
});
