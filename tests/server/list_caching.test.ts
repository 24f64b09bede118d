// Feature lists carry an ETag of their layer's data version: a client that sends it back gets 304
// until a change is accepted; the whole-layer FlatGeobuf answers byte ranges (issue 15 "Caching").
import { describe, expect, it } from 'vitest';
import { call, indexedLayerFile, newOwnedApp } from './helpers.ts';
import { accept, newFeature, payload, point, S, suggest, target } from './suggest_helpers.ts';

const list = (query: string, headers: Record<string, string> = {}) => call(`/api/features?${query}`, { headers });

describe('ETag and 304 on feature lists', () => {
  it('answers 304 to If-None-Match with the current tag, in both formats, and asks to revalidate', async () => {
    for (const f of ['geojson', 'fgb']) {
      const first = await list(`workspace=ws_demo&layer=countries&f=${f}`);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/".+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await list(`workspace=ws_demo&layer=countries&f=${f}`, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
    }
    const json = (await list('workspace=ws_demo&layer=countries')).headers.get('etag');
    const fgb = (await list('workspace=ws_demo&layer=countries&f=fgb')).headers.get('etag');
    const box = (await list('workspace=ws_demo&layer=countries&bbox=0,0,10,10')).headers.get('etag');
    expect(new Set([json, fgb, box]).size).toBe(3);
  });

  it('changes the tag when a suggestion is accepted, and the diff layer’s when one is made', async () => {
    await newFeature(); // the layer has a feature before the tags are read
    const before = (await list(target())).headers.get('etag')!;
    const diffList = `/api/features?${target(`${S.layer}_diff`, `${S.workspace}_diff`)}`;
    const diffBefore = (await call(diffList, { session: S.member.session })).headers.get('etag')!;
    const made = await suggest('POST', payload({ name: 'cached', height: 2 }, point(11, 51)));
    expect(made.status).toBe(201);
    const diffAfter = await call(diffList, { session: S.member.session, headers: { 'if-none-match': diffBefore } });
    expect(diffAfter.status).toBe(200); // the new suggestion is a row of the diff layer
    expect((await list(target(), { 'if-none-match': before })).status).toBe(304); // pending: the layer is unchanged
    expect((await accept(made.body.id)).status).toBe(200);
    const after = await list(target(), { 'if-none-match': before });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(after.body.features.map((f: { properties: { name: string } }) => f.properties.name)).toContain('cached');
  });
});

describe('byte ranges of the whole-layer FlatGeobuf', () => {
  it('answers 206 with the asked bytes, and 416 outside the file', async () => {
    await indexedLayerFile('workspace=ws_demo&layer=borders');
    const whole = await list('workspace=ws_demo&layer=borders&f=fgb');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await list('workspace=ws_demo&layer=borders&f=fgb', { range: 'bytes=8-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-99/${whole.bytes.length}`);
    expect(Buffer.from(part.bytes).equals(Buffer.from(whole.bytes.subarray(8, 100)))).toBe(true);
    const tail = await list('workspace=ws_demo&layer=borders&f=fgb', { range: 'bytes=-10' });
    expect(Buffer.from(tail.bytes).equals(Buffer.from(whole.bytes.subarray(-10)))).toBe(true);
    const outside = await list('workspace=ws_demo&layer=borders&f=fgb', { range: `bytes=${whole.bytes.length}-` });
    expect(outside.status).toBe(416);
  });
});

describe('ETag and 304 on the app configuration', () => {
  it('answers 304 while the configuration is unchanged, and 200 with a new tag once the owner changes it', async () => {
    const { owner, appKey } = await newOwnedApp();
    const first = await call('/api/apps', { appKey });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await call('/api/apps', { appKey, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    const put = await call(`/api/apps/config?appkey=${appKey}`, { method: 'PUT', auth: owner, body: { appName: 'Renamed' } });
    expect(put.status).toBe(200);
    const changed = await call('/api/apps', { appKey, headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.config.appName).toBe('Renamed');
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});
