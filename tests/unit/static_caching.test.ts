// Hashed build assets are immutable for a year; index.html is revalidated (issue 15 "Caching").
// The app is built over a temporary dist/ and asked in-process; a static GET never reaches the
// database, so the app gets a database handle that fails any query.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { noDatabase } from './no_database.ts';

const dist = mkdtempSync(join(tmpdir(), 'mapdraft-dist-'));
let app: FastifyInstance;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Mapdraft</title>');
  writeFileSync(join(dist, 'assets', 'index-B3x9kQ2a.js'), 'console.log(1)');
  writeFileSync(join(dist, 'sw.js'), 'self.x = 1');
  app = await buildApp({ db: noDatabase, config: { distDir: dist, serveClient: true } });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('static caching', () => {
  it('keeps content-hashed assets for a year, immutable', async () => {
    const res = await app.inject('/assets/index-B3x9kQ2a.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates index.html, the client routes and the service worker', async () => {
    for (const path of ['/index.html', '/sw.js', '/demodemodemodemodemodemodemodemo']) {
      const res = await app.inject(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('answers the built files without CORS headers, so a stored copy matches a module script request', async () => {
    // The service worker's static routes (public/sw-static-routes.js) look the request up in the
    // precache honouring Vary: a module script's request has an Origin header, the precache fetch had none.
    const origin = 'http://127.0.0.1:8080';
    const asset = await app.inject({ url: '/assets/index-B3x9kQ2a.js', headers: { origin } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers.vary).toBeUndefined();
    expect(asset.headers['access-control-allow-origin']).toBeUndefined();
    // The HTTP API keeps CORS for any origin (CONTRACT "HTTP API").
    const api = await app.inject({ url: '/api/openapi.json', headers: { origin } });
    expect(api.headers['access-control-allow-origin']).toBe(origin);
    expect(api.headers.vary).toMatch(/Origin/);
  });

  it('does not answer OGC API paths at the root with the app page', async () => {
    const res = await app.inject('/collections');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});
