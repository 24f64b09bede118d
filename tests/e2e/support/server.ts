// Shared e2e set-up: the built client (dist/) served by the real server (a child process, PGlite
// in a fresh data dir) and a headless Chromium. Every tests/e2e/*.test.ts starts one of each.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_PATH, chromiumArgs } from '../../../scripts/chromium.ts';
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
  log: () => string;
  stop: () => Promise<void>;
}

export async function startE2EServer(env: Record<string, string> = {}): Promise<E2EServer> {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` before the e2e suite.');
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-e2e-'));
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MAPDRAFT_DATA_DIR: dataDir,
      MAPDRAFT_ADMIN_PASSWORD: ADMIN.password,
      MAPDRAFT_USER_PASSWORD: USER.password,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const log = () => output.slice(-4000);
  await waitForApi(base, server, log);
  return {
    base,
    log,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: chromiumArgs() });
}

/** A page that records uncaught page errors into `errors` (tests assert it stays empty). */
export async function newPage(
  target: Browser | BrowserContext,
  errors: string[],
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  const page = 'newContext' in target ? await target.newPage({ viewport }) : await target.newPage();
  if (!('newContext' in target)) await page.setViewportSize(viewport);
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

/** Stores the cookie choice up front so the banner does not cover what a test clicks. */
export async function acceptCookies(context: BrowserContext, base: string): Promise<void> {
  await context.addCookies([{ name: 'mapdraft_cookie_consent', value: 'accepted', url: base }]);
}
