import { describe, expect, it } from 'vitest';
import { groupChanges } from '../../workers/data/review.ts';
import type { ChangeEntry } from '../../workers/data/protocol.ts';

const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });
const entry = (id: number, grpstatus: 'n' | 'm' | 'd', over: Partial<ChangeEntry> = {}): ChangeEntry => ({
  id,
  grpstatus,
  gfid: grpstatus === 'n' ? null : 100 + id,
  diffGfid: 900 + id,
  workspace: 'ws_demo',
  layerId: 'cities',
  layerName: 'Cities',
  creator: 'user',
  creatormail: 'user@example.org',
  insertedat: '2026-01-01T10:00:00Z',
  baseVersion: grpstatus === 'n' ? null : 1,
  before: grpstatus === 'n' ? null : { geometry: pt(1, 1), properties: { name: 'Old', population: 5 } },
  after: grpstatus === 'd' ? null : { geometry: pt(1, 1), properties: { name: 'New', population: 5 } },
  status: 'pending',
  ...over,
});

describe('groupChanges (SPEC §2 comparison)', () => {
  it('groups new / modified / deleted in input order with the per-property diff', () => {
    const g = groupChanges({
      changes: [
        entry(1, 'm'),
        entry(2, 'n'),
        entry(3, 'd'),
        entry(4, 'm', { after: { geometry: pt(2, 2), properties: { name: 'Old', population: 5 } } }),
      ],
      admin: true,
    });
    expect(g.groups).toEqual({ new: [1], modified: [0, 3], deleted: [2] });
    expect(g.entries[0].changedProperties).toEqual([{ name: 'name', before: 'Old', after: 'New' }]);
    expect(g.entries[0].geometryChanged).toBe(false);
    expect(g.entries[3].changedProperties).toEqual([]);
    expect(g.entries[3].geometryChanged).toBe(true);
    // a new feature: every proposed value is a change, and its geometry is new
    expect(g.entries[1].changedProperties.map((c) => c.name)).toEqual(['name', 'population']);
    expect(g.entries[1].geometryChanged).toBe(true);
    expect(g.entries[2].changedProperties).toEqual([]);
  });

  it('drops the deleted group for non-admins (SPEC §6)', () => {
    const g = groupChanges({ changes: [entry(1, 'd'), entry(2, 'n')], admin: false });
    expect(g.groups).toEqual({ new: [0], modified: [], deleted: [] });
    expect(g.entries.map((e) => e.id)).toEqual([2]);
  });

  it('ignores meta keys (gfid, version) in the diff', () => {
    const e = entry(1, 'm', { after: { geometry: pt(1, 1), properties: { name: 'Old', population: 5, gfid: 101, version: 2 } } });
    expect(groupChanges({ changes: [e], admin: true }).entries[0].changedProperties).toEqual([]);
  });
});
