import { describe, expect, inject, it } from 'vitest';
import { ERRORS } from '../../src/model/index.ts';
import { call, expectError, type CallOptions } from './helpers.ts';
import { PNG, S, accept, admin, decline, member, newFeature, payload, suggest } from './suggest_helpers.ts';

// A suggested new feature has no gfid until accepted (SPEC §5 "a gfid before comments …
// images"), yet a field user adds its photo and comment while suggesting it. Its diff row
// (diffGfid) takes them for its suggester (or an admin); on accept they move to the new gfid,
// still pending their own review (SPEC §4). Every other diff row stays refused.

type Who = Pick<CallOptions, 'auth' | 'session'>;
const other = { session: S.crowd[4].session };

const comment = (gfid: number, text: string, who: Who = member) =>
  call(`/api/features/${gfid}/comments/changes`, { method: 'POST', body: { comment: text }, ...who });
const image = (gfid: number, name: string, who: Who = member) =>
  call(`/api/features/${gfid}/images/changes?filename=${name}&description=On%20site`, {
    method: 'POST',
    raw: { data: PNG, type: 'image/png' },
    ...who,
  });
const comments = (gfid: number, who: Who = {}) => call(`/api/features/${gfid}/comments`, who);
const blob = (gfid: number, name: string, who: Who = {}) => call(`/api/features/${gfid}/images/${name}`, who);

async function proposal(name: string) {
  const made = await suggest('POST', payload({ name }));
  expect(made.status).toBe(201);
  return made.body as { id: number; diffGfid: number };
}

describe('attachments on a suggested new feature', () => {
  it('are taken by its suggester, refused to others, and follow it to its gfid on accept', async () => {
    const { id, diffGfid } = await proposal('new with photo');
    const note = await comment(diffGfid, 'Seen from the path');
    const photo = await image(diffGfid, 'site.png');
    expect([note.status, photo.status]).toEqual([201, 201]);
    expect(note.body).toMatchObject({ gfid: diffGfid, status: 'pending', creator: S.member.username, comment: 'Seen from the path' });
    expect(photo.body).toMatchObject({ gfid: diffGfid, status: 'pending', name: 'site.png', size: PNG.length });
    expect((await comments(diffGfid, member)).body.map((c: any) => c.id)).toEqual([note.body.id]);
    expect(Buffer.from((await blob(diffGfid, 'site.png', member)).bytes).equals(PNG)).toBe(true);

    expectError(await comment(diffGfid, 'not mine', other), 400, 'DIFF_LAYER_LOOKUP_REFUSED', ERRORS.DIFF_LAYER_LOOKUP_REFUSED);
    expectError(await image(diffGfid, 'x.png', other), 400, 'DIFF_LAYER_LOOKUP_REFUSED');
    expect((await comments(diffGfid, other)).body).toEqual([]);
    expectError(await blob(diffGfid, 'site.png', other), 400, 'DIFF_LAYER_LOOKUP_REFUSED');
    const byAdmin = await comment(diffGfid, 'Reviewed on site', admin);
    expect(byAdmin.status).toBe(201);

    const done = await accept(id);
    expect(done.status).toBe(200);
    const gfid = done.body.gfid as number;
    // Still pending: the author sees theirs, admins see them in the layer's review list.
    expect((await comments(gfid, member)).body).toEqual([expect.objectContaining({ id: note.body.id, gfid, status: 'pending' })]);
    expect((await comments(gfid)).body).toEqual([]);
    const review = await call('/api/layers/sites/comments/changes?workspace=ws_sugg', admin);
    expect(review.body.filter((c: any) => c.gfid === gfid).map((c: any) => c.id)).toEqual([note.body.id, byAdmin.body.id]);
    const images = await call(`/api/features/${gfid}/images`, member);
    expect(images.body.imagesWithDescription).toEqual([
      expect.objectContaining({ id: photo.body.id, gfid, name: 'site.png', status: 'pending' }),
    ]);
    expect(Buffer.from((await blob(gfid, 'site.png', member)).bytes).equals(PNG)).toBe(true);
    expect(Buffer.from((await blob(gfid, 'site.png', admin)).bytes).equals(PNG)).toBe(true);
    expectError(await comment(diffGfid, 'too late'), 404, 'FEATURE_NOT_FOUND');
  });

  it('go with the proposal when it is declined', async () => {
    const { id, diffGfid } = await proposal('declined with comment');
    expect((await comment(diffGfid, 'short-lived')).status).toBe(201);
    expect((await decline(id)).status).toBe(200);
    expect((await comments(diffGfid, member)).body).toEqual([]);
    expectError(await comment(diffGfid, 'too late'), 404, 'FEATURE_NOT_FOUND');
  });

  it('are refused on every other diff row: a modification, a seeded one (decided ones are gone, above)', async () => {
    const gfid = await newFeature();
    const update = await suggest('PUT', payload({ gfid, name: 'renamed' }));
    expectError(await comment(update.body.diffGfid, 'on an update'), 400, 'DIFF_LAYER_LOOKUP_REFUSED');
    expectError(await comment(inject('diffGfid'), 'seeded', admin), 400, 'DIFF_LAYER_LOOKUP_REFUSED');
  });

  it('can be withdrawn by their author like any pending item', async () => {
    const { diffGfid } = await proposal('withdrawn comment');
    const note = await comment(diffGfid, 'withdrawn');
    expect((await call(`/api/features/${diffGfid}/comments/${note.body.id}`, { method: 'DELETE', ...member })).status).toBe(204);
    expect((await comments(diffGfid, member)).body).toEqual([]);
  });
});
