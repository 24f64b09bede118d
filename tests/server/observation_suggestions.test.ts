import { describe, expect, it } from 'vitest';
import { OBSERVATION_NOTE_MAX } from '../../src/model/index.ts';
import { call, expectError, newUser, type CallOptions } from './helpers.ts';
import { SUGG_APP_KEY } from './suggestions_setup.ts';
import { S, admin, member, newFeature, point } from './suggest_helpers.ts';

// SPEC §1: logged-in users attach observations to a feature as suggestions, reviewed like the other
// attachments (SPEC §4): pending until a reviewer of the app accepts or declines them, in the one review
// queue and in "My suggestions"; once accepted they are among the feature's observations (SPEC §7).

type Who = Pick<CallOptions, 'auth' | 'session'>;
/** This file's own submitter, so "My suggestions" and the queue filtered by creator see only its items. */
const observer = { session: S.crowd[199].session };
const otter = { speciesId: S.species.otter, observedAt: '2026-05-04T06:15:00.000Z', count: 2, note: 'Spraint on the bank' };

const suggest = (gfid: number | string, body: unknown, who: Who = observer, headers?: Record<string, string>) =>
  call(`/api/features/${gfid}/observations/changes`, { method: 'POST', body, headers, ...who });
const decide = (gfid: number, id: number, d: 'accept' | 'decline', who: Who = admin, body?: unknown) =>
  call(`/api/features/${gfid}/observations/${id}/${d}`, { method: 'PUT', body, ...who });
const observationsOf = async (gfid: number) => (await call(`/api/features/${gfid}/observations`)).body as any[];
const queue = (query: string) =>
  call(`/api/apps/${SUGG_APP_KEY}/review?creator=${S.crowd[199].username}&kinds=observation&${query}`, admin);
const mine = async () => (await call(`/api/apps/${SUGG_APP_KEY}/suggestions/mine?pageSize=1000`, observer)).body.items as any[];

describe('observation suggestions (SPEC §1, §4)', () => {
  it('stays pending until accepted, then is one of the feature’s observations, credited to its observer', async () => {
    const gfid = await newFeature({ name: 'otter holt' }, point(7, 47));
    const made = await suggest(gfid, otter);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      gfid,
      status: 'pending',
      creator: S.crowd[199].username,
      speciesId: S.species.otter,
      name: 'Lutra lutra',
      observedAt: otter.observedAt,
      count: 2,
      note: 'Spraint on the bank',
    });
    expect(await observationsOf(gfid)).toEqual([]);
    // Its author sees it on the feature, marked pending; nobody else does.
    const own = (await call(`/api/features/${gfid}/observations`, observer)).body;
    expect(own).toEqual([expect.objectContaining({ id: made.body.id, pending: true, count: 2, observer: S.crowd[199].username })]);
    expect(own[0].species).toMatchObject({ scientificName: 'Lutra lutra', status: 'NT' });
    expect((await call(`/api/features/${gfid}/observations`, member)).body).toEqual([]);

    // In the app's one review queue, titled by the species, and in the layer's pending list.
    const pending = await queue('');
    expect(pending.body.items.find((i: any) => i.id === made.body.id)).toMatchObject({
      source: 'attachment',
      kind: 'observation',
      status: 'pending',
      gfid,
      layerId: 'sites',
      title: 'Lutra lutra',
    });
    const layerList = await call('/api/layers/sites/observations/changes?workspace=ws_sugg', admin);
    expect(layerList.body.map((i: any) => i.id)).toContain(made.body.id);

    // Only a reviewer of the app decides (SPEC §6).
    expectError(await decide(gfid, made.body.id, 'accept', member), 403, 'FORBIDDEN');
    expectError(await decide(gfid, made.body.id, 'accept', {}), 401, 'UNAUTHORIZED');
    const ok = await decide(gfid, made.body.id, 'accept');
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('accepted');
    expectError(await decide(gfid, made.body.id, 'accept'), 409, 'CHANGE_NOT_PENDING');

    const seen = await observationsOf(gfid);
    expect(seen).toHaveLength(1);
    expect(seen[0].pending).toBeUndefined();
    // Accepted, it is no longer listed as its author's pending one.
    expect((await call(`/api/features/${gfid}/observations`, observer)).body).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      gfid,
      observedAt: otter.observedAt,
      count: 2,
      note: 'Spraint on the bank',
      observer: S.crowd[199].username,
      species: { scientificName: 'Lutra lutra', commonName: 'Eurasian otter', status: 'NT', statusSource: 'IUCN Red List 2024' },
    });
    expect((await mine()).find((i) => i.id === made.body.id)).toMatchObject({ kind: 'observation', status: 'accepted' });
  });

  it('declined with a reason, it never shows as an observation and "My suggestions" gives the reason', async () => {
    const gfid = await newFeature({ name: 'meadow' }, point(7.1, 47));
    const made = await suggest(gfid, { speciesId: S.species.bumblebee, observedAt: '2026-06-01T10:00:00Z', count: 12 });
    expect(made.status).toBe(201);
    expect(made.body.note).toBeNull();
    const no = await decide(gfid, made.body.id, 'decline', admin, { reason: 'Photo needed' });
    expect(no.status).toBe(200);
    expect(await observationsOf(gfid)).toEqual([]);
    expect((await mine()).find((i) => i.id === made.body.id)).toMatchObject({
      kind: 'observation',
      status: 'declined',
      reason: 'Photo needed',
      title: 'Bombus terrestris',
    });
  });

  it('is accepted by a bulk decision of the queue like any other item', async () => {
    const gfid = await newFeature({ name: 'bulk pond' }, point(7.2, 47));
    const made = await suggest(gfid, { ...otter, note: 'bulk' });
    const res = await call(`/api/apps/${SUGG_APP_KEY}/review/decisions`, {
      method: 'POST',
      body: { decision: 'accept', items: [{ source: 'attachment', id: made.body.id }] },
      ...admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(1);
    expect((await observationsOf(gfid)).map((o) => o.note)).toEqual(['bulk']);
  });

  it('refuses visitors and users not registered on the workspace (SPEC §6)', async () => {
    const gfid = await newFeature({ name: 'guarded pond' }, point(7.3, 47));
    expectError(await suggest(gfid, otter, {}), 401, 'UNAUTHORIZED');
    const stranger = await newUser();
    expectError(await suggest(gfid, otter, { auth: stranger }), 403, 'WORKSPACE_NOT_REGISTERED');
    expect((await queue('')).body.items.filter((i: any) => i.gfid === gfid)).toEqual([]);
  });

  it('refuses bad input with a clear error and stores nothing (SPEC §5)', async () => {
    const gfid = await newFeature({ name: 'checked pond' }, point(7.4, 47));
    const cases: [unknown, string][] = [
      [{ ...otter, speciesId: undefined }, 'FIELD_REQUIRED'],
      [{ ...otter, speciesId: 'otter' }, 'FIELD_REQUIRED'],
      [{ ...otter, observedAt: 'yesterday' }, 'OBSERVATION_DATE_INVALID'],
      [{ ...otter, observedAt: new Date(Date.now() + 86_400_000).toISOString() }, 'OBSERVATION_DATE_INVALID'],
      [{ ...otter, count: 0 }, 'OBSERVATION_COUNT_INVALID'],
      [{ ...otter, count: 2.5 }, 'OBSERVATION_COUNT_INVALID'],
      [{ ...otter, note: 'x'.repeat(OBSERVATION_NOTE_MAX + 1) }, 'VALUE_TOO_LONG'],
      // A species of another layer, and one that does not exist.
      [{ ...otter, speciesId: S.species.frozenOnly }, 'SPECIES_NOT_ON_LAYER'],
      [{ ...otter, speciesId: 999_999_999 }, 'SPECIES_NOT_ON_LAYER'],
      ['not json', 'FIELD_REQUIRED'],
    ];
    for (const [body, key] of cases) expectError(await suggest(gfid, body), 400, key);
    expectError(await suggest('abc', otter), 400, 'GFID_REQUIRED');
    expectError(await suggest(999_999_999, otter), 404, 'FEATURE_NOT_FOUND');
    expect((await queue('')).body.items.filter((i: any) => i.gfid === gfid)).toEqual([]);
  });

  it('sent again with the same Idempotency-Key (an outbox replay), it is stored once', async () => {
    const gfid = await newFeature({ name: 'replayed pond' }, point(7.5, 47));
    const key = `obs-${gfid}`;
    const first = await suggest(gfid, otter, observer, { 'idempotency-key': key });
    const again = await suggest(gfid, otter, observer, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect((await queue('')).body.items.filter((i: any) => i.gfid === gfid)).toHaveLength(1);
  });
});
