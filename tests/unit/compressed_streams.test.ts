// A streamed answer (a layer read page by page, issue 17) is compressed page by page: a page reaches the
// client, decompressible, while the server is still reading the next one. The app is built in-process
// and listens on a real socket; a route of this test holds its stream between two pages.
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { noDatabase } from './no_database.ts';
import { FGB_MIME, FGB_ROUTE_COMPRESSION } from '../../server/services/flatgeobuf.ts';

const page = (n: number) => JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ page: n, feature: i, name: `feature ${i}` })));
let app: FastifyInstance;
let base: string;
let releaseSecondPage = () => {};

/** Page 1, then page 2 once the test lets it go. */
function heldPages(): Readable {
  const held = new Promise<void>((resolve) => (releaseSecondPage = resolve));
  async function* pages() {
    yield page(1);
    await held;
    yield page(2);
  }
  return Readable.from(pages());
}

beforeAll(async () => {
  app = await buildApp({ db: noDatabase });
  app.get('/held/json', (_req, reply) => reply.type('application/json').send(heldPages()));
  // A route with a compressible type of its own, as the FlatGeobuf routes declare theirs.
  app.get('/held/fgb', { compress: FGB_ROUTE_COMPRESSION }, (_req, reply) => reply.type(FGB_MIME).send(heldPages()));
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterEach(() => releaseSecondPage()); // a failed test's stream ends too
afterAll(() => app.close());

describe('a streamed answer, compressed', () => {
  it.each([
    ['json', 'br', createBrotliDecompress],
    ['json', 'gzip', createGunzip],
    ['fgb', 'br', createBrotliDecompress],
    ['fgb', 'gzip', createGunzip],
  ] as const)('hands over each page as it is written (%s, %s)', async (route, coding, decompressor) => {
    let text = '';
    let coded: string | undefined;
    const ended = new Promise<void>((resolve, reject) => {
      request(`${base}/held/${route}`, { headers: { 'accept-encoding': coding } }, (res) => {
        coded = res.headers['content-encoding'];
        const plain = res.pipe(decompressor());
        plain.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        plain.on('end', resolve);
        plain.on('error', reject);
      })
        .on('error', reject)
        .end();
    });
    // The first page arrives whole while the second is held back.
    await expect.poll(() => text, { timeout: 3_000 }).toBe(page(1));
    expect(coded).toBe(coding);
    releaseSecondPage();
    await ended;
    expect(text).toBe(page(1) + page(2));
  });
});
