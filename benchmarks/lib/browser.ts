// The browser side of the harness: a Vite dev server rooted at the repo (so bench pages import our
// TS modules and workers exactly as the app does) and Debian Chromium through playwright-core.
//
// Fairness: Chromium's CDP CPU throttle slows the page's main thread only, never its
// dedicated workers. So the whole browser is pinned to ONE core with `taskset -c 0` (a wrapper
// executable): Mapdraft's workers then compete with the main thread for the same core, as on a
// phone whose other cores are busy, and cannot win by running on a spare core. Throttled figures
// (4×, 6×) are reported only for main-thread work (taps: event handling and hit-test round trips).
import { chmodSync, createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { CHROMIUM_PATH, chromiumArgs } from '../../scripts/chromium.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CACHE_DIR = join(ROOT, 'benchmarks/.cache');

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createNetServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

/** Switches of the bench API stand-in (scenario 4 "server stopped"). */
export const benchApi = { stopped: false, requests: 0, bytesServed: 0 };

/** Scenario 10: `/srv/...` on the bench page's origin is forwarded here (the API server under test). */
export const proxyTargets: Record<string, string> = {};

/**
 * `/api/features?layer=NAME[&f=fgb]` answers from benchmarks/.cache/NAME.geojson (or .fgb): the data
 * worker's real `loadLayer` fetch path over real HTTP, without seeding a million rows into PGlite.
 * The server's own endpoint is measured separately (scenario 10).
 */
function benchApiPlugin(): Plugin {
  return {
    name: 'mapdraft-bench-api',
    configureServer(server) {
      server.middlewares.use((req: IncomingMessage, res: ServerResponse, next: () => void) => {
        const url = new URL(req.url ?? '/', 'http://x');
        const prefix = url.pathname.split('/')[1];
        if (proxyTargets[prefix]) {
          // Same-origin forwarding (no CORS in the measurement): /PREFIX/api/... → target/api/...
          const t = new URL(proxyTargets[prefix]);
          const preq = httpRequest(
            {
              host: t.hostname,
              port: t.port,
              path: (req.url ?? '/').slice(prefix.length + 1),
              method: req.method,
              headers: { ...req.headers, host: t.host },
            },
            (pres) => {
              res.writeHead(pres.statusCode ?? 502, pres.headers);
              pres.pipe(res);
            },
          );
          preq.on('error', () => {
            res.statusCode = 502;
            res.end();
          });
          req.pipe(preq);
          return;
        }
        if (url.pathname !== '/api/features' && !url.pathname.startsWith('/bench-cache/')) return next();
        benchApi.requests++;
        if (benchApi.stopped) {
          // What the browser sees of a stopped server: the connection is refused / reset.
          req.socket.destroy();
          return;
        }
        let file: string;
        let type: string;
        if (url.pathname === '/api/features') {
          const layer = (url.searchParams.get('layer') ?? '').replace(/[^\w.-]/g, '');
          // Like the server: FlatGeobuf for f=fgb (when the dataset has it), else GeoJSON.
          const fgb = url.searchParams.get('f') === 'fgb' && existsSync(join(CACHE_DIR, `${layer}.fgb`));
          file = join(CACHE_DIR, `${layer}.${fgb ? 'fgb' : 'geojson'}`);
          type = fgb ? 'application/flatgeobuf' : 'application/geo+json';
        } else {
          file = join(CACHE_DIR, url.pathname.slice('/bench-cache/'.length).replace(/[^\w.-]/g, ''));
          type = 'application/octet-stream';
        }
        if (!existsSync(file)) {
          res.statusCode = 404;
          res.end(JSON.stringify({ message: `no bench data ${url.pathname}${url.search}` }));
          return;
        }
        res.setHeader('content-type', type);
        res.setHeader('content-length', String(statSync(file).size));
        res.setHeader('cache-control', 'no-store');
        benchApi.bytesServed += statSync(file).size;
        createReadStream(file).pipe(res);
      });
    },
  };
}

export async function startVite(): Promise<{ server: ViteDevServer; url: string }> {
  const port = await freePort();
  const server = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    clearScreen: false,
    plugins: [benchApiPlugin()],
    worker: { format: 'es' },
    // No dependency discovery: a mid-run "new dependencies optimized, reloading" would kill a
    // measurement. ESM packages (ol, rbush, comlink, flatgeobuf) are served as they are; the import
    // worker's CommonJS readers (scenario 14) are bundled once at start.
    optimizeDeps: { noDiscovery: true, include: ['papaparse', '@xmldom/xmldom'], exclude: ['@journeyapps/wa-sqlite'] },
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
  });
  await server.listen();
  return { server, url: `http://127.0.0.1:${port}` };
}

/**
 * A wrapper executable that starts Chromium pinned to one core (see the header): core 0, or the one
 * MAPDRAFT_BENCH_CORE names (a second run beside a first, each on its own core).
 */
function pinnedExecutable(): string {
  mkdirSync(CACHE_DIR, { recursive: true });
  const core = process.env.MAPDRAFT_BENCH_CORE ?? '0';
  if (!/^\d+$/.test(core)) throw new Error(`MAPDRAFT_BENCH_CORE must be a core number, not ${core}`);
  const path = join(CACHE_DIR, `chromium-core${core}.sh`);
  writeFileSync(path, `#!/bin/sh\nexec taskset -c ${core} ${JSON.stringify(CHROMIUM_PATH)} "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

export interface LaunchOptions {
  /** Pin the whole browser (all processes and threads) to one core. Default true. */
  pinned?: boolean;
}

export async function launchBrowser({ pinned = true }: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: pinned ? pinnedExecutable() : CHROMIUM_PATH,
    headless: true,
    args: chromiumArgs([
      '--enable-precise-memory-info',
      // Hidden/occluded pages must not have their timers and rAF slowed down mid-measurement.
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      '--js-flags=--expose-gc',
    ]),
  });
}

/** Mid-range phone viewport (CSS px) at pixel ratio 1: SwiftShader rasterises on the CPU. */
export const VIEWPORT = { width: 412, height: 732 };

/** One context for the whole run: pages share storage (scenario 4 reopens from OPFS / IndexedDB). */
export function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1, hasTouch: true });
}

export async function openHarness(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`  [page error] ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`  [page ${m.type()}] ${m.text().slice(0, 300)}`);
  });
  await page.goto(`${baseUrl}/benchmarks/pages/harness.html`);
  await page.waitForFunction(() => (window as unknown as { __benchReady?: boolean }).__benchReady === true, null, { timeout: 120_000 });
  return page;
}
