import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError, type CallOptions } from './helpers.ts';
import { S, admin, member, newFeature } from './suggest_helpers.ts';

// SPEC §7 "Feature attachments" for comments, links, bibliographies and tags (one generic router);
// SPEC §4: pending until an admin accepts or declines; SPEC §5: not empty, and a gfid first.

const other = { session: S.crowd[0].session };
type Who = Pick<CallOptions, 'auth' | 'session'>;

const kinds: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
  ['comments', { comment: 'A fine place' }, { comment: '   ' }, 'COMMENT_EMPTY'],
  [
    'links',
    { link: 'https://example.org/site', description: 'Official page' },
    { link: 'https://x.org', description: '' },
    'LINK_REQUIRED',
  ],
  ['bibliographies', { item: 'Smith (2020), Sites of note', itemCount: 2 }, { item: '' }, 'BIBLIOGRAPHY_EMPTY'],
  ['tags', { name: 'heritage' }, { name: ' ' }, 'FIELD_REQUIRED'],
];

const list = (gfid: number | string, kind: string, who: Who = {}) => call(`/api/features/${gfid}/${kind}`, who);
const post = (gfid: number | string, kind: string, body: unknown, who: Who = member) =>
  call(`/api/features/${gfid}/${kind}/changes`, { method: 'POST', body, ...who });
const decide = (gfid: number, kind: string, id: number | string, d: 'accept' | 'decline', who: Who = admin) =>
  call(`/api/features/${gfid}/${kind}/${id}/${d}`, { method: 'PUT', ...who });
const ids = (res: { body: any[] }) => res.body.map((i) => i.id);

describe.each(kinds)('%s', (kind, body, empty, emptyKey) => {
  it('is pending for its author only, listed to admins per layer, and public once accepted', async () => {
    const gfid = await newFeature();
    const made = await post(gfid, kind, body);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ gfid, status: 'pending', creator: S.member.username, ...body });
    expect(ids(await list(gfid, kind, member))).toEqual([made.body.id]);
    expect(ids(await list(gfid, kind, other))).toEqual([]);
    expect(ids(await list(gfid, kind))).toEqual([]);
    const pending = await call(`/api/layers/sites/${kind}/changes?workspace=ws_sugg`, admin);
    expect(ids(pending)).toContain(made.body.id);
    const accepted = await decide(gfid, kind, made.body.id, 'accept');
    expect(accepted.body).toMatchObject({ id: made.body.id, status: 'accepted' });
    expect(await list(gfid, kind)).toMatchObject({ status: 200, body: [{ id: made.body.id, status: 'accepted', ...body }] });
    expectError(await decide(gfid, kind, made.body.id, 'accept'), 409, 'CHANGE_NOT_PENDING', ERRORS.CHANGE_NOT_PENDING);
    expectError(await decide(gfid, kind, made.body.id, 'decline'), 409, 'CHANGE_NOT_PENDING');
  });

  it('disappears when declined', async () => {
    const gfid = await newFeature();
    const made = await post(gfid, kind, body);
    expect((await decide(gfid, kind, made.body.id, 'decline')).body.status).toBe('declined');
    expect(ids(await list(gfid, kind, member))).toEqual([]);
    expect(ids(await call(`/api/layers/sites/${kind}/changes?workspace=ws_sugg`, admin))).not.toContain(made.body.id);
  });

  it('refuses an empty one with the SPEC §5 text', async () => {
    const gfid = await newFeature();
    expectError(await post(gfid, kind, empty), 400, emptyKey, ERRORS[emptyKey as keyof typeof ERRORS]);
  });

  it('needs a gfid: empty lists without one, refusals when creating (SPEC §5)', async () => {
    expect((await list('abc', kind)).body).toEqual([]);
    expect((await list(999999999, kind)).body).toEqual([]);
    expectError(await post('abc', kind, body), 400, 'GFID_REQUIRED', ERRORS.GFID_REQUIRED);
    expectError(await post(999999999, kind, body), 404, 'FEATURE_NOT_FOUND', ERRORS.FEATURE_NOT_FOUND);
  });

  it('lets the author or an admin delete a pending one, nobody else', async () => {
    const gfid = await newFeature();
    const mine = await post(gfid, kind, body);
    const path = `/api/features/${gfid}/${kind}/${mine.body.id}`;
    expectError(await call(path, { method: 'DELETE', ...other }), 403, 'FORBIDDEN');
    expectError(await call(path, { method: 'DELETE' }), 401, 'UNAUTHORIZED');
    expect((await call(path, { method: 'DELETE', ...member })).status).toBe(204);
    expect(ids(await list(gfid, kind, member))).toEqual([]);
    const again = await post(gfid, kind, body);
    expect((await call(`/api/features/${gfid}/${kind}/${again.body.id}`, { method: 'DELETE', ...admin })).status).toBe(204);
  });
});

describe('accepted items', () => {
  it('cannot be deleted by a user, except tags, whose deletion is a removal suggestion (SPEC §4)', async () => {
    const gfid = await newFeature();
    const comment = await post(gfid, 'comments', { comment: 'stays' });
    await decide(gfid, 'comments', comment.body.id, 'accept');
    expectError(await call(`/api/features/${gfid}/comments/${comment.body.id}`, { method: 'DELETE', ...member }), 403, 'FORBIDDEN');

    const tag = await post(gfid, 'tags', { name: 'ruin' });
    await decide(gfid, 'tags', tag.body.id, 'accept');
    const layerTags = await call('/api/layers/sites/tags?workspace=ws_sugg');
    expect(layerTags.body).toContainEqual({ name: 'ruin', count: expect.any(Number) });
    const removal = await call(`/api/features/${gfid}/tags/${tag.body.id}`, { method: 'DELETE', ...other });
    expect(removal.status).toBe(202);
    expect(removal.body).toMatchObject({ status: 'pending', removal: true, name: 'ruin' });
    // Still tagged until an admin accepts the removal.
    expect((await list(gfid, 'tags')).body.map((t: any) => t.name)).toEqual(['ruin']);
    const pending = await call('/api/layers/sites/tags/changes?workspace=ws_sugg', admin);
    expect(pending.body).toContainEqual(expect.objectContaining({ id: removal.body.id, removal: true }));
    expect((await decide(gfid, 'tags', removal.body.id, 'accept')).status).toBe(200);
    expect((await list(gfid, 'tags')).body).toEqual([]);
  });

  it('a declined tag removal keeps the tag', async () => {
    const gfid = await newFeature();
    const tag = await post(gfid, 'tags', { name: 'keep-me' });
    await decide(gfid, 'tags', tag.body.id, 'accept');
    const removal = await call(`/api/features/${gfid}/tags/${tag.body.id}`, { method: 'DELETE', ...member });
    await decide(gfid, 'tags', removal.body.id, 'decline');
    expect((await list(gfid, 'tags')).body.map((t: any) => t.name)).toEqual(['keep-me']);
  });
});
