// The whole-layer FlatGeobuf right after a change (issue 17): until the layer's indexed file is
// built, a plain GET streams the layer unindexed at once (count "unknown", gfid order) and the
// indexed file is built after it; ranges and HEAD only ever come from the indexed file, and both
// shapes carry the data version's ETag. Against both engines.
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { Geometry } from 'geojson';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { call, indexedLayerFile } from './helpers.ts';
import { accept, payload, S, suggest, target } from './suggest_helpers.ts';

type Feat = { properties: Record<string, unknown> };
const tracks = target(S.lineLayer);
const url = `/api/features?${tracks}&f=fgb`;
const DOUBLE = 10; // ColumnType.Double

async function decode(bytes: Uint8Array): Promise<{ header: HeaderMeta; features: Feat[] }> {
  let header: HeaderMeta | undefined;
  const features: Feat[] = [];
  for await (const f of deserialize(bytes, { headerMetaFn: (h) => (header = h) })) features.push(f as Feat);
  return { header: header!, features };
}

/** An accepted new track: the layer's data version moves on. */
async function newTrack(height: number): Promise<number> {
  const line: Geometry = {
    type: 'LineString',
    coordinates: [
      [5, 45],
      [5.1, 45.1],
      [5.2, 45.05],
    ],
  };
  const made = await suggest('POST', payload({ name: `track ${height}`, height }, line), undefined, tracks);
  expect(made.status).toBe(201);
  const done = await accept(made.body.id);
  expect(done.status).toBe(200);
  return done.body.gfid as number;
}

const listedGfids = async () => ((await call(`/api/features?${tracks}`)).body.features as { id: number }[]).map((f) => f.id);

describe('the whole-layer FlatGeobuf after a change', () => {
  it('streams the layer unindexed at once, then serves the indexed file with ranges under the same tag', async () => {
    const gfid = await newTrack(7.5);
    const first = await call(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('accept-ranges')).toBeNull();
    const streamed = await decode(first.bytes);
    expect(streamed.header.indexNodeSize).toBe(0);
    expect(streamed.header.featuresCount).toBe(0); // "unknown": nothing was counted before the first page
    const gfids = await listedGfids();
    expect(streamed.features.map((f) => f.properties.gfid)).toEqual(gfids); // gfid order, every feature
    expect(streamed.header.columns!.find((c) => c.name === 'height')?.type).toBe(DOUBLE);
    expect(streamed.features.find((f) => f.properties.gfid === gfid)?.properties.height).toBe(7.5);

    // A range waits for the indexed file, whose build the finished stream started.
    const part = await call(url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    const size = Number(part.headers.get('content-range')?.split('/')[1]);
    const built = await call(url);
    expect(built.headers.get('accept-ranges')).toBe('bytes');
    expect(built.bytes.length).toBe(size);
    expect(Buffer.from(part.bytes).equals(Buffer.from(built.bytes.subarray(0, 8)))).toBe(true);
    expect(built.headers.get('etag')).toBe(first.headers.get('etag'));
    const indexed = await decode(built.bytes);
    expect(indexed.header.indexNodeSize).toBe(16);
    expect(indexed.header.featuresCount).toBe(gfids.length);
    expect(indexed.features.map((f) => f.properties.gfid).sort((a, b) => Number(a) - Number(b))).toEqual(gfids);
    // The client that has this version gets 304 either way.
    expect((await call(url, { headers: { 'if-none-match': first.headers.get('etag')! } })).status).toBe(304);
  });

  it('answers HEAD and a range from the indexed file when no stream has built it yet', async () => {
    await newTrack(3);
    const head = await call(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('accept-ranges')).toBe('bytes');
    const size = Number(head.headers.get('content-length'));
    const tail = await call(url, { headers: { range: 'bytes=-10' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
  });

  it('answers every reader after the build from a compressed copy made once per version (br and gzip), with its length', async () => {
    await newTrack(9);
    const file = Buffer.from(await indexedLayerFile(tracks));
    const get = (coding: string) =>
      new Promise<{ coding?: string; length?: string; body: Buffer }>((resolve, reject) => {
        request(new URL(url, inject('apiBase')), { headers: { 'accept-encoding': coding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ coding: res.headers['content-encoding'], length: res.headers['content-length'], body: Buffer.concat(chunks) }),
          );
        })
          .on('error', reject)
          .end();
      });
    for (const [coding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      // br is made with the file; gzip when first asked for, that reader waiting for it. Either way the
      // first reader gets the kept copy, with its length (a download that can show its progress),
      // not the file compressed again on the fly.
      const res = await get(coding);
      expect(res.coding).toBe(coding);
      expect(res.length).toBe(String(res.body.length));
      expect(decode(res.body).equals(file)).toBe(true);
    }
  });
});
