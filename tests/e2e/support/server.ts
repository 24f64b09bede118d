// Shared e2e set-up: the built client (dist/) served by the real server (a child process, PGlite
// in a fresh data dir) and a headless Chromium. Every tests/e2e/*.test.ts starts one of each.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH, chromiumArgs } from '../../../scripts/chromium.ts';
import { LOAD_TEST_REQUESTS_PER_IP } from '../../../server/limits.ts';
import { DEMO_APP_KEY } from '../../../src/model/index.ts';

export const ROOT = resolve(import.meta.dirname, '../../..');
export const START_TIMEOUT_MS = 150_000;
/** Demo users (CONTRACT.md demo seed) with the passwords this harness starts the server with. */
export const ADMIN = { username: 'admin', password: 'a-pass-123' } as const;
export const USER = { username: 'user', password: 'u-pass-123' } as const;

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export async function waitForApi(base: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${base}/api/apps?appkey=${DEMO_APP_KEY}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer within ${START_TIMEOUT_MS} ms:\n${log()}`);
}

export interface E2EServer {
  base: string;
  /** The last 4,000 characters the server printed. */
  log: () => string;
  /** Everything the server printed since it first started. */
  fullLog: () => string;
  stop: () => Promise<void>;
  /** SIGKILL, as a crash or an out-of-memory kill would: no shutdown, no flush. */
  kill: () => Promise<void>;
  /** Starts the server again on the same port and data directory (after `kill` or `halt`). */
  restart: () => Promise<void>;
  /** Stops the server gracefully but keeps its data, for a later `restart`. */
  halt: () => Promise<void>;
  /** Whether the server process is running. */
  running: () => boolean;
}

/** `client: false` for an API-only run (the server then answers the API without `dist/`). */
export async function startE2EServer(env: Record<string, string> = {}, { client = true } = {}): Promise<E2EServer> {
  if (client && !existsSync(join(ROOT, 'dist/index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` before the e2e suite.');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-e2e-'));
  let output = '';
  const log = () => output.slice(-4000);
  const spawnServer = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MAPDRAFT_DATA_DIR: dataDir,
        MAPDRAFT_ADMIN_PASSWORD: ADMIN.password,
        MAPDRAFT_USER_PASSWORD: USER.password,
        DATABASE_URL: '',
        // Every journey's requests come from 127.0.0.1.
        MAPDRAFT_REQUESTS_PER_IP: String(LOAD_TEST_REQUESTS_PER_IP),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    return child;
  };
  let server = spawnServer();
  await waitForApi(base, server, log);
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
  const halt = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const done = exited(server);
    server.kill('SIGTERM');
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    await exited(server);
  };
  return {
    base,
    log,
    fullLog: () => output,
    halt,
    running: () => server.exitCode === null && server.signalCode === null,
    async kill() {
      const done = exited(server);
      server.kill('SIGKILL');
      await done;
    },
    async restart() {
      server = spawnServer();
      await waitForApi(base, server, log);
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: chromiumArgs() });
}

/**
 * A browser with a profile on disk: closing it and launching again on the same directory is a
 * browser restart (service worker, OPFS and cookies kept), optionally with the network off.
 */
export function launchProfile(userDataDir: string, opts: { offline?: boolean; phone?: boolean } = {}): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: chromiumArgs(),
    offline: opts.offline ?? false,
    // A 360 px phone with a touch screen, as field crews hold it.
    ...(opts.phone
      ? { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1280, height: 800 } }),
  });
}

/** A page that records uncaught page errors into `errors` (tests assert it stays empty). */
export async function newPage(target: Browser | BrowserContext, errors: string[], viewport = { width: 1280, height: 800 }): Promise<Page> {
  const page = 'newContext' in target ? await target.newPage({ viewport }) : await target.newPage();
  if (!('newContext' in target)) await page.setViewportSize(viewport);
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/** Stores the cookie choice up front so the banner does not cover what a test clicks. */
export async function acceptCookies(context: BrowserContext, base: string): Promise<void> {
  await context.addCookies([{ name: 'mapdraft_cookie_consent', value: 'accepted', url: base }]);
}

/** What a journey file shares: the server and browser it starts, its screenshot folder and the page errors it saw. */
export interface E2ESuite {
  readonly server: E2EServer;
  readonly browser: Browser;
  /** Screenshots per journey step: `MAPDRAFT_SHOTS_DIR`, else `shotsName` under the temp folder. */
  readonly shots: string;
  readonly pageErrors: string[];
}

/** Starts one server and one browser for the calling test file (beforeAll) and stops them after it (afterAll). */
export function e2eSuite(shotsName: string): E2ESuite {
  let server: E2EServer | undefined;
  let browser: Browser | undefined;
  const shots = process.env.MAPDRAFT_SHOTS_DIR ?? join(process.env.TMPDIR ?? '/tmp', shotsName);
  const pageErrors: string[] = [];
  beforeAll(async () => {
    server = await startE2EServer();
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  }, START_TIMEOUT_MS + 30_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('e2eSuite: the server is not started yet');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('e2eSuite: the browser is not started yet');
      return browser;
    },
    shots,
    pageErrors,
  };
}
