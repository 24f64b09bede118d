// A server that starts builds its layers' FlatGeobuf files before anyone asks (issue 17): the first
// reader after a start or a deploy gets the built file — indexed, with its length, compressed once —
// not the layer streamed unindexed. The build stops at half the cache's budget and when the server
// closes. Against both engines (a second server on the suite's database, as mail_smtp.test.ts).
import { deserialize } from 'flatgeobuf/lib/mjs/geojson.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadTestLimits } from '../../server/limits.ts';
import { VERSIONED_LAYERS_SQL, type VersionedLayerRow } from '../../server/routes/common.ts';
import { LayerFileCache } from '../../server/services/layer_files.ts';
import { type RunningServer, startServer } from '../../server/start.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';

let server: RunningServer;

beforeAll(async () => {
  const postgres = inject('engine') === 'postgres';
  server = await startServer({
    port: 0,
    databaseUrl: postgres ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined,
    dataDir: postgres ? undefined : 'memory://',
    seedCities: postgres ? 0 : 300,
    serveClient: false,
    print: () => undefined,
    limits: loadTestLimits(),
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** One plain GET of a demo layer's FlatGeobuf, as the data worker asks for it (brotli accepted). */
function getLayer(layer: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(`/api/features?workspace=ws_demo&layer=${layer}&f=fgb`, server.url);
    request(url, { headers: { 'x-app-key': DEMO_APP_KEY, 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

async function featureCount(file: Uint8Array): Promise<{ header: HeaderMeta; features: number }> {
  let header: HeaderMeta | undefined;
  let features = 0;
  for await (const _ of deserialize(file, { headerMetaFn: (h) => (header = h) })) features++;
  return { header: header!, features };
}

describe('the layer files built when the server starts', () => {
  it('answers the first reader of a layer with the built file, not the unindexed stream', async () => {
    await server.layerFilesBuilt;
    const res = await getLayer('cities');
    // The built file: byte ranges, its length known (a download that shows its progress), the copy
    // compressed once. The stream has neither ranges nor length, and counts no features ("unknown").
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String(res.body.length));
    const file = await featureCount(brotliDecompressSync(res.body));
    expect(file.features).toBeGreaterThan(0);
    expect(file.header.featuresCount).toBe(file.features);
    expect(file.header.indexNodeSize).toBeGreaterThan(0);
  });

  it('stops at half the budget and when told to', async () => {
    const { rows } = await server.db.query<VersionedLayerRow>(`${VERSIONED_LAYERS_SQL} ORDER BY l.workspace_id, l.id`);
    expect(rows.length).toBeGreaterThan(1);
    const built = (cache: LayerFileCache) => rows.filter((layer) => cache.peek(layer)).length;
    // A budget whose half the first layer's file and its brotli copy fill: that layer is built, and nothing after it.
    const probe = new LayerFileCache();
    const firstBytes = (await probe.get(server.db, rows[0])).length + (await probe.coded(rows[0], 'br'))!.length;
    const small = new LayerFileCache(2 * firstBytes);
    await small.warm(server.db, () => false);
    expect(built(small)).toBe(1);
    expect(small.peek(rows[0])).toBeDefined();
    const stopped = new LayerFileCache();
    await stopped.warm(server.db, () => true);
    expect(built(stopped)).toBe(0);
  });
});
