import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { migrate, openDb, type Db } from '../../server/db/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { ERRORS, UPLOAD_LIMIT_BYTES } from '../../src/model/index.ts';
import { PNG } from './suggest_helpers.ts';
import { SUGG_APP_KEY, setupSuggestions, type SuggestFixture } from './suggestions_setup.ts';

// Issue 16 "uploads streamed": an upload's caller, role and quota are checked before its body is
// read, so a refused 10 MB upload is answered while the client has sent only its headers; an accepted
// body goes through a temp file that is gone once the request is answered, whatever the answer.

const QUOTA = 5 * 1024 * 1024;
const uploadDir = mkdtempSync(join(tmpdir(), 'mapdraft-upload-test-'));
let db: Db;
let app: FastifyInstance;
let base: string;
let fixture: SuggestFixture;
let gfid: number;

beforeAll(async () => {
  const databaseUrl = inject('engine') === 'postgres' ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined;
  if (databaseUrl) {
    db = await openDb({ databaseUrl });
    fixture = inject('suggest');
  } else {
    db = await openDb({ dataDir: 'memory://' });
    await migrate(db);
    fixture = await setupSuggestions(db);
  }
  app = await buildApp({ db, config: { serveClient: false, limits: { ...loadTestLimits(), uploadQuotaBytes: QUOTA }, uploadDir } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { rows } = await db.query<{ gfid: number }>(
    `INSERT INTO features (workspace_id, layer_id, geom, properties) VALUES ($1, $2, ST_SetSRID(ST_MakePoint(1, 2), 4326), '{}') RETURNING gfid`,
    [fixture.workspace, fixture.layer],
  );
  gfid = rows[0].gfid;
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** A member who uploads nothing elsewhere, so the quota starts empty for them. */
const uploader = () => ({ 'x-session-id': fixture.crowd[150].session });
const imagePath = (name: string) => `/api/features/${gfid}/images/changes?filename=${name}&description=`;

interface Answer {
  status: number;
  body: { error?: string; message?: string };
  connection: string | undefined;
}

function answerOf(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
        connection: res.headers.connection,
      }),
    );
  });
}

/** Sends the headers of a 10 MB upload and nothing of its body; the answer must come anyway. */
function headersOnly(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method, headers: { 'content-length': String(UPLOAD_LIMIT_BYTES), ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error('no answer while the body was not sent'));
    }, 5_000);
    req.on('response', (res) =>
      answerOf(res).then((a) => {
        clearTimeout(timer);
        req.destroy();
        resolve(a);
      }),
    );
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    req.flushHeaders();
  });
}

/** Sends a chunked body (no Content-Length) of up to `total` bytes, a quarter megabyte at a time, until answered. */
function chunked(path: string, headers: Record<string, string>, total: number): Promise<Answer & { sent: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(base + path, { method: 'POST', headers });
    let answered = false;
    let sent = 0;
    req.on('response', (res) => {
      answered = true;
      void answerOf(res).then((a) => resolve({ ...a, sent }));
    });
    req.on('error', (e) => !answered && reject(e));
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const pump = async () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        req.write(chunk);
        await new Promise((ok) => setTimeout(ok, 5));
      }
      if (!answered) req.end();
    };
    void pump();
  });
}

const leftFiles = () => readdirSync(uploadDir);

describe('upload bodies', () => {
  it('answer an unauthenticated 10 MB upload with 401 before its body is sent, and close the connection', async () => {
    const refused = await headersOnly('POST', imagePath('a.png'), { 'content-type': 'image/png' });
    expect(refused).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' }, connection: 'close' });
    expect(leftFiles()).toEqual([]);
  });

  it('answer a 10 MB icon upload by a user who does not own the app with 403 before its body is sent', async () => {
    const refused = await headersOnly('PUT', '/api/apps/icons/logo.png', {
      ...uploader(),
      'x-app-key': SUGG_APP_KEY,
      'content-type': 'image/png',
    });
    expect(refused).toMatchObject({ status: 403, body: { error: 'FORBIDDEN' }, connection: 'close' });
  });

  it('answer an upload over the user’s quota with 413 before its body is sent', async () => {
    const refused = await headersOnly('POST', imagePath('b.png'), { ...uploader(), 'content-type': 'image/png' });
    expect(refused).toMatchObject({
      status: 413,
      body: { error: 'UPLOAD_QUOTA_EXCEEDED', message: ERRORS.UPLOAD_QUOTA_EXCEEDED },
      connection: 'close',
    });
    expect(leftFiles()).toEqual([]);
  });

  it('refuse a body that grows past the limit while it streams with 413, and keep no temp file', async () => {
    const documents = `/api/features/${gfid}/documents/changes?filename=big.pdf&description=Too%20big`;
    const refused = await chunked(documents, { ...uploader(), 'content-type': 'application/pdf' }, UPLOAD_LIMIT_BYTES + 4 * 1024 * 1024);
    expect(refused).toMatchObject({ status: 413, body: { error: 'FILE_TOO_LARGE' }, connection: 'close' });
    // Answered once the limit was passed, not after the whole body.
    expect(refused.sent).toBeLessThan(UPLOAD_LIMIT_BYTES + 4 * 1024 * 1024);
    await expect.poll(leftFiles).toEqual([]);
  });

  it('store an accepted upload, read from its temp file, and remove the file once answered', async () => {
    const res = await fetch(base + imagePath('small.png'), {
      method: 'POST',
      headers: { ...uploader(), 'content-type': 'image/png' },
      body: PNG,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: 'small.png', status: 'pending', size: PNG.length });
    await expect.poll(leftFiles).toEqual([]);
    const stored = await fetch(`${base}/api/features/${gfid}/images/small.png`, { headers: uploader() });
    expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
