// SPEC §2: the deleted group of a diff layer is shown to admins only (issue 16). A member's delete
// proposal is in the diff layer for them and for a reviewer, never for another member — in the
// GeoJSON list and in FlatGeobuf, whole layer (cached per layer version) and by bbox.
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import { describe, expect, it } from 'vitest';
import { call } from './helpers.ts';
import { S, admin, newFeature, payload, suggest, target } from './suggest_helpers.ts';

type Who = { session?: string; auth?: { username: string; password: string } };
type Props = Record<string, unknown>;

const diffLayer = `workspace=${S.workspace}_diff&layer=${S.layer}_diff`;
const userA = { session: S.crowd[198].session };
const userB = { session: S.crowd[199].session };

/** The gfids of the diff layer's rows as `who` reads them (FlatGeobuf carries the declared properties and gfid). */
async function diffGfids(who: Who, format: 'geojson' | 'fgb' | 'fgb-bbox'): Promise<number[]> {
  const query = `${diffLayer}${format === 'geojson' ? '' : '&f=fgb'}${format === 'fgb-bbox' ? '&bbox=-180,-90,180,90' : ''}`;
  const res = await call(`/api/features?${query}`, who);
  expect(res.status).toBe(200);
  if (format === 'geojson') return (res.body.features as { id: number }[]).map((f) => f.id);
  const out: number[] = [];
  for await (const f of deserialize(res.bytes)) out.push(Number((f as { properties: Props }).properties.gfid));
  return out;
}

/** The diff row of the proposal `kind` on feature `gfid`, as the admin sees it. */
async function proposalRow(gfid: number, kind: 'm' | 'd'): Promise<number> {
  const res = await call(`/api/features?${diffLayer}`, admin);
  const rows = (res.body.features as { id: number; properties: Props }[]).filter(
    (f) => f.properties.grpfid === gfid && f.properties.grpstatus === kind,
  );
  expect(rows).toHaveLength(1);
  return rows[0].id;
}

describe('delete proposals in the diff layer', () => {
  it("shows user A's delete proposal to A and to the admin, not to member B, in GeoJSON and FlatGeobuf", async () => {
    const gfid = await newFeature({ name: 'to remove' });
    // B's own edit of the same feature stays visible to B: only others' deletes are hidden.
    expect((await suggest('PUT', payload({ gfid, name: 'kept by B' }), userB)).status).toBe(201);
    // Read the whole layer once before the proposal, so the shared per-version file exists.
    await diffGfids(admin, 'fgb');
    expect((await suggest('DELETE', payload({ gfid }), userA, target())).status).toBe(201);
    const deletion = await proposalRow(gfid, 'd');
    const edit = await proposalRow(gfid, 'm');
    for (const format of ['geojson', 'fgb', 'fgb-bbox'] as const) {
      // B first: a filtered file must not be what the admin then gets from the cache, nor the reverse.
      const forB = await diffGfids(userB, format);
      expect(forB, `B, ${format}`).not.toContain(deletion);
      expect(forB, `B's own edit, ${format}`).toContain(edit);
      expect(await diffGfids(admin, format), `admin, ${format}`).toContain(deletion);
      expect(await diffGfids(userA, format), `A, ${format}`).toContain(deletion);
      expect(await diffGfids(userB, format), `B again, ${format}`).not.toContain(deletion);
    }
  });

  it("counts A's delete proposal in the diff layer's categories for A and the admin, not for member B", async () => {
    const name = `counted ${Date.now()}`;
    const gfid = await newFeature({ name });
    expect((await suggest('DELETE', payload({ gfid }), userA, target())).status).toBe(201);
    const count = async (who: Who) => {
      const res = await call(
        `/api/layers/${S.layer}_diff/categories?workspace=${S.workspace}_diff&categoryname=${encodeURIComponent(name)}`,
        who,
      );
      expect(res.status).toBe(200);
      return (res.body as { count: number | string }[]).reduce((n, c) => n + Number(c.count), 0);
    };
    expect(await count(userB)).toBe(0);
    expect(await count(userA)).toBe(1);
    expect(await count(admin)).toBe(1);
  });

  it('gives each audience its own ETag, so a revalidation never hands one the other’s list', async () => {
    const etag = async (who: Who) => (await call(`/api/features?${diffLayer}&f=fgb`, who)).headers.get('etag');
    const [forA, forB, forAdmin] = [await etag(userA), await etag(userB), await etag(admin)];
    expect(new Set([forA, forB, forAdmin]).size).toBe(3);
    // B's tag is not accepted for the admin: a 200 with the whole layer, not a 304.
    const asAdmin = await call(`/api/features?${diffLayer}&f=fgb`, { ...admin, headers: { 'if-none-match': forB! } });
    expect(asAdmin.status).toBe(200);
    const again = await call(`/api/features?${diffLayer}&f=fgb`, { ...userB, headers: { 'if-none-match': forB! } });
    expect(again.status).toBe(304);
  });
});
