import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { S, accept, admin, admin2, allChanges, newFeature, payload, suggest, target } from './suggest_helpers.ts';

// DESIGN "Suggestions never touch originals": accepting is one transaction that locks the change
// and the feature. Parallel real HTTP requests must not double-apply, lose, or mix changes.

describe('parallel decisions', () => {
  it('two admins accepting one change: exactly one 200, the other 409', async () => {
    const made = await suggest('POST', payload({ name: 'race-accept' }));
    const results = await Promise.all([accept(made.body.id, admin), accept(made.body.id, admin2)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = results.find((r) => r.status === 409)!;
    expect(loser.body.error).toBe('CHANGE_NOT_PENDING');
    // Exactly one feature was created.
    const layer = await call(`/api/features?${target()}`);
    expect(layer.body.features.filter((f: any) => f.properties.name === 'race-accept')).toHaveLength(1);
  });

  it('two modifications from one version accepted at once: one applies, the other is a 409 conflict', async () => {
    const gfid = await newFeature({ name: 'base', height: 1 });
    const a = await suggest('PUT', payload({ gfid, name: 'from-a', height: 10 }));
    const b = await suggest('PUT', payload({ gfid, name: 'from-b', height: 20 }));
    expect([a.body.baseVersion, b.body.baseVersion]).toEqual([1, 1]);
    const [ra, rb] = await Promise.all([accept(a.body.id, admin), accept(b.body.id, admin2)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    const loser = ra.status === 409 ? ra : rb;
    expect(loser.body.error).toBe('CHANGE_CONFLICT');
    const winner = ra.status === 200 ? 'from-a' : 'from-b';
    const got = await call(`/api/features/${gfid}`);
    expect(got.body.properties).toMatchObject({ name: winner, height: winner === 'from-a' ? 10 : 20, version: 2 });
    const history = await call(`/api/features/${gfid}/history`);
    expect(history.body.map((h: any) => h.version)).toEqual([2, 1]);
  });
});

describe('parallel suggestions', () => {
  it('200 distinct users suggesting at once: 200 pending changes, none lost', async () => {
    const tag = `crowd-${Date.now()}`;
    const results = await Promise.all(S.crowd.map((u, i) => suggest('POST', payload({ name: `${tag}-${i}` }), { session: u.session })));
    expect(results.map((r) => r.status)).toEqual(S.crowd.map(() => 201));
    expect(new Set(results.map((r) => r.body.id)).size).toBe(200);
    const pending = (await allChanges(`admin=true&${target()}`, admin)).filter((c) => String(c.after?.properties?.name).startsWith(tag));
    expect(pending).toHaveLength(200);
    expect(new Set(pending.map((c) => c.creator))).toEqual(new Set(S.crowd.map((u) => u.username)));
  }, 120_000);
});
