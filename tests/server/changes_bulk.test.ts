import { describe, expect, it } from 'vitest';
import { ADMIN, call } from './helpers.ts';
import { S } from './suggest_helpers.ts';

// SPEC §6: admins page through everyone's pending changes; 10,000 of them were inserted in one
// statement by tests/server/suggestions_setup.ts (ws_bulk/bulk). Speed is measured in benchmarks/, not here.

describe('10,000 pending changes', () => {
  it('pages through all of them as admin, none missed, none twice', async () => {
    const ids = new Set<number>();
    const pageSize = 500;
    for (let page = 1; page <= S.bulk.count / pageSize; page++) {
      const res = await call(`/api/features/changes?admin=true&workspace=ws_bulk&layer=bulk&page=${page}&pageSize=${pageSize}`, {
        auth: ADMIN,
      });
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(S.bulk.count);
      expect(res.body.items).toHaveLength(pageSize);
      for (const c of res.body.items) ids.add(c.id);
    }
    expect(ids.size).toBe(S.bulk.count);
    const past = await call(`/api/features/changes?admin=true&workspace=ws_bulk&layer=bulk&page=21&pageSize=${pageSize}`, { auth: ADMIN });
    expect(past.body.items).toEqual([]);
  }, 120_000);

  it('shows the suggester their own 10,000 with the comparison fields', async () => {
    const res = await call('/api/features/changes?workspace=ws_bulk_diff&page=3&pageSize=10', { session: S.bulk.session });
    expect(res.body.total).toBe(S.bulk.count);
    expect(res.body.items[0]).toMatchObject({
      grpstatus: 'n',
      gfid: null,
      layerId: 'bulk',
      layerName: 'bulk',
      creator: S.bulk.username,
      creatormail: `${S.bulk.username}@example.org`,
      before: null,
      after: { geometry: { type: 'Point' } },
    });
  });
});
