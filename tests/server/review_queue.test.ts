import { describe, expect, it } from 'vitest';
import { ADMIN, DEMO, USER, call, expectError, newOwnedApp } from './helpers.ts';
import { SUGG_APP_KEY } from './suggestions_setup.ts';
import { PNG, S, accept, admin, admin2, newFeature, payload, point, suggest } from './suggest_helpers.ts';

// SPEC §2 Pending changes, §4 Suggestions, §6 Administrator: one queue of every kind of suggestion of
// an app, bulk decisions, and the verdicts in "My suggestions". The submitter is this file's own
// member of ws_sugg, so filtering by creator isolates these tests from the others on the app.

const submitter = { session: S.submitter.session };
const mine = `creator=${S.submitter.username}`;
const queue = (query: string, who: object = admin) => call(`/api/apps/${SUGG_APP_KEY}/review?${mine}&${query}`, who);
const decide = (body: unknown, who: object = admin) => call(`/api/apps/${SUGG_APP_KEY}/review/decisions`, { method: 'POST', body, ...who });
const mySuggestions = (who: object = submitter) => call(`/api/apps/${SUGG_APP_KEY}/suggestions/mine?pageSize=1000`, who);

async function suggestFeature(name: string, lon = 10, lat = 50) {
  const res = await suggest('POST', payload({ name }, point(lon, lat)), submitter);
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function attach(gfid: number, kind: string, body: unknown) {
  const res = await call(`/api/features/${gfid}/${kind}/changes`, { method: 'POST', body, ...submitter });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function photo(gfid: number, name: string) {
  const res = await call(`/api/features/${gfid}/images/changes?filename=${name}&description=Gate`, {
    method: 'POST',
    raw: { data: PNG, type: 'image/png' },
    ...submitter,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe('review queue', () => {
  it('lists every kind of pending suggestion with its creator, date and feature', async () => {
    const gfid = await newFeature({ name: 'queue-all' }, point(11, 51));
    const tagGfid = await newFeature({ name: 'queue-tagged' }, point(11, 51));
    const tag = await call(`/api/features/${tagGfid}/tags/changes`, { method: 'POST', body: { name: 'old-tag' }, ...admin });
    await call(`/api/features/${tagGfid}/tags/${tag.body.id}/accept`, { method: 'PUT', ...admin });
    await suggestFeature('queue-new', 11, 51);
    const modified = await suggest('PUT', payload({ gfid, name: 'queue-all renamed' }, point(11, 51)), submitter);
    expect(modified.status).toBe(201);
    await attach(gfid, 'comments', { comment: 'queue comment' });
    await attach(gfid, 'links', { link: 'https://example.org/queue', description: 'Queue page' });
    await attach(gfid, 'bibliographies', { item: 'Queue (2024)', itemCount: 2 });
    await attach(gfid, 'tags', { name: 'queue-tag' });
    await photo(gfid, 'queue.png');
    const pdf = await call(`/api/features/${gfid}/documents/changes?filename=plan.pdf&description=Site%20plan`, {
      method: 'POST',
      raw: { data: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1'), type: 'application/pdf' },
      ...submitter,
    });
    expect(pdf.status).toBe(201);
    const removal = await call(`/api/features/${tagGfid}/tags/${tag.body.id}`, { method: 'DELETE', ...submitter });
    expect(removal.status).toBe(202);

    const res = await queue('bbox=10.5,50.5,11.5,51.5&pageSize=1000');
    expect(res.status).toBe(200);
    const kinds = res.body.items.map((i: any) => i.kind).sort();
    expect(kinds).toEqual(
      ['bibliography', 'comment', 'document', 'featureModified', 'featureNew', 'image', 'link', 'tag', 'tagRemoval'].sort(),
    );
    expect(res.body.total).toBe(9);
    expect(res.body.items.find((i: any) => i.kind === 'document')).toMatchObject({ title: 'Site plan', fileName: 'plan.pdf', gfid });
    const image = res.body.items.find((i: any) => i.kind === 'image');
    expect(image).toMatchObject({
      source: 'attachment',
      status: 'pending',
      gfid,
      workspace: 'ws_sugg',
      layerId: 'sites',
      layerName: 'sites',
      creator: S.submitter.username,
      title: 'Gate',
      fileName: 'queue.png',
    });
    expect(Date.parse(image.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.items.find((i: any) => i.kind === 'featureNew')).toMatchObject({ gfid: null, title: 'queue-new' });
    expect(res.body.items.find((i: any) => i.kind === 'tagRemoval')).toMatchObject({ gfid: tagGfid, title: 'old-tag' });
  });

  it('filters by kind, layer, date and rectangle', async () => {
    await suggestFeature('filter-in', 20, 10);
    await suggestFeature('filter-out', 30, 10);
    const inBox = await queue('bbox=19,9,21,11&kinds=featureNew');
    expect(inBox.body.items.map((i: any) => i.title)).toEqual(['filter-in']);
    expect((await queue('bbox=19,9,21,11&kinds=comment,image')).body.total).toBe(0);
    expect((await queue('bbox=19,9,31,11&layer=frozen')).body.total).toBe(0);
    expect((await queue('bbox=19,9,31,11&layer=sites')).body.total).toBe(2);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await queue(`bbox=19,9,31,11&from=${future}`)).body.total).toBe(0);
    expect((await queue(`bbox=19,9,31,11&to=${future}`)).body.total).toBe(2);
    expectError(await queue('bbox=1,2,3'), 400, 'INVALID_VALUE');
    expectError(await queue('kinds=featureNew,bogus'), 400, 'INVALID_VALUE');
  });

  it('lists a photo added to a suggested new feature under that feature', async () => {
    const made = await suggest('POST', payload({ name: 'with-photo' }, point(40, 10)), submitter);
    await photo(made.body.diffGfid, 'proposal.png');
    const res = await queue('bbox=39,9,41,11&kinds=image');
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({ gfid: null, diffGfid: made.body.diffGfid, layerId: 'sites', fileName: 'proposal.png' });
  });

  it('is refused to users, to the owner of another app and to an administrator of another app', async () => {
    expectError(await call(`/api/apps/${SUGG_APP_KEY}/review`, submitter), 403, 'FORBIDDEN');
    expectError(await call(`/api/apps/${SUGG_APP_KEY}/review`, {}), 401, 'UNAUTHORIZED');
    const { owner } = await newOwnedApp();
    expectError(await call(`/api/apps/${SUGG_APP_KEY}/review`, { auth: owner }), 403, 'FORBIDDEN');
    // The demo app is owned by the demo admin: admin2 administers no workspace of it.
    expectError(await call(`/api/apps/${DEMO}/review`, admin2), 403, 'FORBIDDEN');
    expectError(
      await call(`/api/apps/${DEMO}/review/decisions`, { method: 'POST', body: { decision: 'accept', filter: {} }, ...admin2 }),
      403,
      'FORBIDDEN',
    );
    expectError(await call(`/api/apps/${DEMO}/review`, { auth: USER }), 403, 'FORBIDDEN');
    expect((await call(`/api/apps/${DEMO}/review`, { auth: ADMIN })).status).toBe(200);
    expectError(await call(`/api/apps/${'x'.repeat(32)}/review`, admin), 404, 'NO_APP_REGISTERED');
  });

  it('refuses a decision on another app’s suggestion to that app’s administrator and owner', async () => {
    const id = await suggestFeature('other-app', 60, 10);
    const { owner } = await newOwnedApp();
    expectError(await accept(id, { auth: owner }), 403, 'FORBIDDEN');
    expectError(await call(`/api/features/changes/${id}/decline`, { method: 'DELETE', auth: USER }), 403, 'FORBIDDEN');
    const res = await call(`/api/apps/${DEMO}/review/decisions`, {
      method: 'POST',
      body: { decision: 'accept', items: [{ source: 'change', id }] },
      auth: ADMIN,
    });
    // Named on the demo app, the sugg app's change is not found there and nothing is applied.
    expect(res.body).toEqual({
      applied: 0,
      features: [],
      conflicts: [{ source: 'change', id, error: 'ELEMENT_NOT_FOUND', message: 'Element not found.' }],
    });
    expect((await queue('bbox=59,9,61,11')).body.total).toBe(1);
  });
});

describe('bulk decisions', () => {
  it('accepts the named items one transaction each and reports which conflicted', async () => {
    const gfid = await newFeature({ name: 'bulk-base' }, point(50, 20));
    const a = await suggestFeature('bulk-a', 50, 20);
    const stale = await suggest('PUT', payload({ gfid, name: 'bulk-stale' }, point(50, 20)), submitter);
    const winner = await suggest('PUT', payload({ gfid, name: 'bulk-winner' }, point(50, 20)), submitter);
    const comment = await attach(gfid, 'comments', { comment: 'bulk comment' });
    expect((await accept(winner.body.id)).status).toBe(200);
    const res = await decide({
      decision: 'accept',
      items: [
        { source: 'change', id: a },
        { source: 'change', id: stale.body.id },
        { source: 'change', id: winner.body.id },
        { source: 'attachment', id: comment },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(2);
    // The accepted new feature, for the map to draw without a reload.
    expect(res.body.features).toEqual([{ workspace: 'ws_sugg', layerId: 'sites', gfid: expect.any(Number), diffGfid: expect.any(Number) }]);
    expect(res.body.conflicts).toEqual([
      { source: 'change', id: stale.body.id, error: 'CHANGE_CONFLICT', message: expect.stringContaining('base version') },
      { source: 'change', id: winner.body.id, error: 'CHANGE_NOT_PENDING', message: 'This suggestion was already accepted or declined.' },
    ]);
    const comments = await call(`/api/features/${gfid}/comments`);
    expect(comments.body.map((c: any) => c.comment)).toEqual(['bulk comment']);
    expect((await call(`/api/features/${gfid}`)).body.properties.name).toBe('bulk-winner');
  });

  it('declines everything matching a filter with one reason, shown to the submitter', async () => {
    await suggestFeature('decline-1', 70, 30);
    await suggestFeature('decline-2', 70.5, 30);
    await suggestFeature('keep', 75, 30);
    const res = await decide({ decision: 'decline', reason: 'Duplicates', filter: { creator: S.submitter.username, bbox: '69,29,71,31' } });
    expect(res.body).toMatchObject({ applied: 2, conflicts: [] });
    expect(res.body.features).toHaveLength(2);
    expect((await queue('bbox=69,29,76,31')).body.items.map((i: any) => i.title)).toEqual(['keep']);
    const my = (await mySuggestions()).body.items;
    expect(my.find((i: any) => i.title === 'decline-1')).toMatchObject({ status: 'declined', reason: 'Duplicates' });
    expect(my.find((i: any) => i.title === 'keep')).toMatchObject({ status: 'pending', reason: null });
  });

  it('refuses bad bodies with a clear error', async () => {
    expectError(await decide({ decision: 'accept' }), 400, 'INVALID_VALUE');
    expectError(await decide({ decision: 'maybe', items: [{ source: 'change', id: 1 }] }), 400, 'INVALID_VALUE');
    expectError(await decide({ decision: 'accept', items: [] }), 400, 'INVALID_VALUE');
    expectError(await decide({ decision: 'decline', reason: 'x'.repeat(501), filter: {} }), 400, 'INVALID_VALUE');
    expectError(await decide({ decision: 'accept', filter: { bbox: 'a,b' } }), 400, 'INVALID_VALUE');
    expectError(await decide({ decision: 'accept', filter: {} }, submitter), 403, 'FORBIDDEN');
  });
});

describe('my suggestions', () => {
  it('shows each of my items pending, accepted or declined with the reason, and only mine', async () => {
    const gfid = await newFeature({ name: 'verdict-base' }, point(80, 40));
    const accepted = await suggestFeature('verdict-accepted', 80, 40);
    const declined = await suggestFeature('verdict-declined', 80, 40);
    const comment = await attach(gfid, 'comments', { comment: 'verdict comment' });
    expect((await accept(accepted)).status).toBe(200);
    const no = await call(`/api/features/changes/${declined}/decline?reason=${encodeURIComponent('Outside the park')}`, {
      method: 'DELETE',
      ...admin,
    });
    expect(no.status).toBe(200);
    const photoDecline = await call(`/api/features/${gfid}/comments/${comment}/decline`, {
      method: 'PUT',
      body: { reason: 'Off topic' },
      ...admin,
    });
    expect(photoDecline.status).toBe(200);
    const items = (await mySuggestions()).body.items;
    expect(items.find((i: any) => i.title === 'verdict-accepted')).toMatchObject({ status: 'accepted', reason: null });
    expect(items.find((i: any) => i.title === 'verdict-declined')).toMatchObject({ status: 'declined', reason: 'Outside the park' });
    expect(items.find((i: any) => i.title === 'verdict comment')).toMatchObject({ status: 'declined', reason: 'Off topic', gfid });
    expect(items.every((i: any) => i.creator === S.submitter.username)).toBe(true);
    const others = (await mySuggestions({ session: S.member.session })).body.items;
    expect(others.some((i: any) => i.creator === S.submitter.username)).toBe(false);
    expectError(await mySuggestions({}), 401, 'UNAUTHORIZED');
  });
});
