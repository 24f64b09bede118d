import { describe, expect, it } from 'vitest';
import { ERRORS, IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENT_REPLAYED_HEADER } from '../../src/model/index.ts';
import { call, expectError, unique, type CallOptions, type CallResult } from './helpers.ts';
import { PNG, S, allChanges, member, newFeature, payload, point, target } from './suggest_helpers.ts';

// The client's offline outbox replays suggestion calls with an Idempotency-Key. However often and however
// concurrently a call is repeated, it is applied once and every repeat gets the first answer.

type Who = Pick<CallOptions, 'auth' | 'session'>;
const other = { session: S.crowd[3].session };
const keyed = (key: string, opts: CallOptions = {}, who: Who = member): CallOptions => ({
  ...who,
  ...opts,
  headers: { ...opts.headers, [IDEMPOTENCY_HEADER]: key },
});

const suggestNew = (key: string, body: unknown, who: Who = member) =>
  call(`/api/features/changes?${target()}`, keyed(key, { method: 'POST', body }, who));
const comment = (gfid: number, key: string, text: string, who: Who = member) =>
  call(`/api/features/${gfid}/comments/changes`, keyed(key, { method: 'POST', body: { comment: text } }, who));
const image = (gfid: number, key: string, name: string) =>
  call(
    `/api/features/${gfid}/images/changes?filename=${name}&description=gate`,
    keyed(key, { method: 'POST', raw: { data: PNG, type: 'image/png' } }),
  );

const replayed = (res: CallResult) => res.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true';

/** 20 answers to one key: one first answer, 19 replays, all the same bytes. */
function expectOneAnswer(answers: CallResult[], status: number) {
  expect(answers.map((r) => r.status)).toEqual(answers.map(() => status));
  expect(new Set(answers.map((r) => Buffer.from(r.bytes).toString('base64'))).size).toBe(1);
  expect(answers.filter(replayed)).toHaveLength(answers.length - 1);
}

const twenty = <T>(fn: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, fn));

describe('the same Idempotency-Key sent 20 times at once', () => {
  it('suggests one new feature, and all 20 answers are the first one', async () => {
    const name = unique('idem-new-');
    const key = unique('k-');
    const answers = await twenty(() => suggestNew(key, payload({ name })));
    expectOneAnswer(answers, 201);
    expect(answers[0].body).toMatchObject({ grpstatus: 'n', status: 'pending', id: expect.any(Number) });
    const mine = (await allChanges(target())).filter((c) => c.after?.properties?.name === name);
    expect(mine.map((c) => c.id)).toEqual([answers[0].body.id]);
  });

  it('uploads one image', async () => {
    const gfid = await newFeature();
    const key = unique('k-');
    const answers = await twenty(() => image(gfid, key, 'gate.png'));
    expectOneAnswer(answers, 201);
    const list = await call(`/api/features/${gfid}/images`, member);
    expect(list.body.imagesWithDescription.map((i: any) => i.id)).toEqual([answers[0].body.id]);
    expect(Buffer.from((await call(`/api/features/${gfid}/images/gate.png`, member)).bytes).equals(PNG)).toBe(true);
  });

  it('posts one comment', async () => {
    const gfid = await newFeature();
    const key = unique('k-');
    const answers = await twenty(() => comment(gfid, key, 'once only'));
    expectOneAnswer(answers, 201);
    const list = await call(`/api/features/${gfid}/comments`, member);
    expect(list.body.map((c: any) => c.id)).toEqual([answers[0].body.id]);
  });
});

describe('Idempotency-Key rules', () => {
  it('refuses the same key with another body (422), and leaves the first answer in place', async () => {
    const key = unique('k-');
    const body = payload({ name: unique('idem-a-') });
    const first = await suggestNew(key, body);
    expect(first.status).toBe(201);
    expectError(await suggestNew(key, payload({ name: unique('idem-b-') })), 422, 'IDEMPOTENCY_KEY_REUSED', ERRORS.IDEMPOTENCY_KEY_REUSED);
    const gfid = await newFeature();
    expectError(await comment(gfid, key, 'another call, same key'), 422, 'IDEMPOTENCY_KEY_REUSED');
    const again = await suggestNew(key, body);
    expect({ status: again.status, id: again.body.id, replayed: replayed(again) }).toEqual({
      status: 201,
      id: first.body.id,
      replayed: true,
    });
  });

  it('keeps keys per user: another user with the same key gets their own suggestion', async () => {
    const key = unique('k-');
    const body = payload({ name: unique('idem-u-') });
    const mine = await suggestNew(key, body);
    const theirs = await suggestNew(key, body, other);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.creator).toBe(S.crowd[3].username);
    expect(replayed(theirs)).toBe(false);
  });

  it('refuses a key that is empty, too long or not visible ASCII (400)', async () => {
    const body = payload({ name: unique('idem-bad-') });
    for (const key of ['', 'two words', 'x'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'tab\there']) {
      expectError(await suggestNew(key, body), 400, 'IDEMPOTENCY_KEY_INVALID', ERRORS.IDEMPOTENCY_KEY_INVALID);
    }
    expect((await suggestNew('~'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH - 10) + unique(''), body)).status).toBe(201);
  });

  it('stores nothing for a refused call: the same key with a fixed body then succeeds', async () => {
    const gfid = await newFeature();
    const key = unique('k-');
    expectError(await comment(gfid, key, '   '), 400, 'COMMENT_EMPTY');
    const fixed = await comment(gfid, key, 'now with words');
    expect({ status: fixed.status, replayed: replayed(fixed) }).toEqual({ status: 201, replayed: false });
    // A body the schema refuses, and a refusal from inside the suggestion, alike.
    const key2 = unique('k-');
    const line = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    };
    expectError(await suggestNew(key2, { type: 'FeatureCollection', features: [] }), 400, expect.any(String));
    expectError(await suggestNew(key2, payload({ name: 'x' }, line)), 400, 'GEOMETRY_TYPE_MISMATCH');
    expect((await suggestNew(key2, payload({ name: unique('idem-fix-') }, point(9, 49)))).status).toBe(201);
  });

  it('replays a deletion of an own pending item (204) instead of answering 404', async () => {
    const gfid = await newFeature();
    const made = await comment(gfid, unique('k-'), 'to be withdrawn');
    const key = unique('k-');
    const path = `/api/features/${gfid}/comments/${made.body.id}`;
    const first = await call(path, keyed(key, { method: 'DELETE' }));
    const again = await call(path, keyed(key, { method: 'DELETE' }));
    expect([first.status, again.status, replayed(first), replayed(again)]).toEqual([204, 204, false, true]);
    expect((await call(`/api/features/${gfid}/comments`, member)).body).toEqual([]);
  });

  it('documents the optional header and exposes the replay header to browsers', async () => {
    const doc = (await call('/api/openapi.json')).body;
    for (const [path, method] of [
      ['/api/features/changes', 'put'],
      ['/api/features/{gfid}/images/changes', 'post'],
    ]) {
      expect(doc.paths[path][method].parameters).toContainEqual(
        expect.objectContaining({ in: 'header', name: IDEMPOTENCY_HEADER, required: false }),
      );
    }
    const res = await call('/api/apps?appkey=demodemodemodemodemodemodemodemo', { headers: { origin: 'https://elsewhere.example' } });
    expect(res.headers.get('access-control-expose-headers')).toContain(IDEMPOTENT_REPLAYED_HEADER);
  });
});
