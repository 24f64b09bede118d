// Scenario 14's web servers beside the product's own: the built client (`dist/`, built here when it
// is missing), the plain OpenLayers baseline built and served as static files with its GeoJSON, and a
// gate in front of the product's server that can play "no signal" (every connection dropped).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { CACHE_DIR, ROOT } from './browser.ts';

const listen = (server: Server): Promise<string> =>
  new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));

export interface Site {
  url: string;
  close(): Promise<void>;
}

const closer = (server: Server) => () =>
  new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });

/**
 * `npx vite build` in a child process: inside the bench process Vite's dev server has set
 * NODE_ENV=development, and a build there would be a development bundle without the service worker.
 */
function viteBuild(root: string): void {
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', root, '--logLevel', 'warn'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 600_000,
  });
}

/** Builds the product's client into dist/ (`npx vite build`) unless `rebuild` is false and one is there. */
export function ensureAppBuild(rebuild: boolean): void {
  if (!rebuild && existsSync(join(ROOT, 'dist/index.html'))) return;
  viteBuild(ROOT);
}

const PLAIN_OL_DIR = join(CACHE_DIR, 'plain-ol');

/** Builds benchmarks/pages/plain_ol (a production bundle, as the product's) into the bench cache. */
export function buildPlainOl(): void {
  viteBuild(join(ROOT, 'benchmarks/pages/plain_ol'));
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

/**
 * The baseline's static server: the built page, and `data/NAME.geojson` from memory, gzipped as a
 * static host would and revalidated with an ETag (a second visit gets 304 from the HTTP cache).
 */
export async function plainOlSite(geojson: Record<string, Buffer>): Promise<Site> {
  const files = new Map<string, { body: Buffer; gz: Buffer; type: string; etag: string }>();
  const add = (path: string, body: Buffer, type: string) =>
    files.set(path, { body, gz: gzipSync(body, { level: 6 }), type, etag: `"${createHash('sha1').update(body).digest('hex')}"` });
  for (const [name, body] of Object.entries(geojson)) add(`/data/${name}.geojson`, body, 'application/geo+json');
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname);
    let file = files.get(path);
    if (!file) {
      const disk = join(PLAIN_OL_DIR, path === '/' ? 'index.html' : path);
      if (!disk.startsWith(PLAIN_OL_DIR) || !existsSync(disk)) {
        res.writeHead(404).end();
        return;
      }
      add(path, readFileSync(disk), TYPES[extname(disk)] ?? 'application/octet-stream');
      file = files.get(path)!;
    }
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, { etag: file.etag }).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    res.writeHead(200, {
      'content-type': file.type,
      etag: file.etag,
      'cache-control': 'no-cache',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      'content-length': (gzip ? file.gz : file.body).length,
    });
    res.end(gzip ? file.gz : file.body);
  });
  return { url: await listen(server), close: closer(server) };
}

/** One answer that passed the gate: its path and query, status and body bytes as sent (still encoded). */
export interface Passed {
  url: string;
  status: number;
  bodyBytes: number;
}

export interface Gate extends Site {
  /** true: every connection is dropped, as with no signal. */
  down: boolean;
  /** Every answer completed since the last `clearPassed()`. */
  passed: Passed[];
  clearPassed(): void;
  /** Resolves once no request has been in flight for `quietMs` (or `capMs` have passed). */
  quiet(quietMs: number, capMs: number): Promise<void>;
}

/** A pass-through proxy to `target` that drops every connection while `down`, and logs what it passes. */
export async function gate(target: string): Promise<Gate> {
  const t = new URL(target);
  let inFlight = 0;
  let lastActivity = Date.now();
  const g = { down: false, passed: [] as Passed[] } as Gate;
  g.clearPassed = () => {
    g.passed = [];
  };
  g.quiet = async (quietMs, capMs) => {
    const until = Date.now() + capMs;
    while (Date.now() < until && (inFlight > 0 || Date.now() - lastActivity < quietMs)) {
      await new Promise((ok) => setTimeout(ok, 50));
    }
  };
  const server = createServer((req, res) => {
    if (g.down) {
      req.socket.destroy();
      return;
    }
    inFlight++;
    lastActivity = Date.now();
    res.on('close', () => {
      inFlight--;
      lastActivity = Date.now();
    });
    const out = request({ host: t.hostname, port: t.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      let bodyBytes = 0;
      answer.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
      });
      answer.on('end', () => g.passed.push({ url: req.url ?? '', status: answer.statusCode ?? 502, bodyBytes }));
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  g.url = await listen(server);
  g.close = closer(server);
  return g;
}
