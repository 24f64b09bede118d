// End to end: the built client (dist/) served by the real server (a child process, PGlite in a
// fresh data dir), driven in Chromium. Covers SPEC §4 map load and the SPEC §8 unknown-key error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH, chromiumArgs } from '../../scripts/chromium.ts';
import { DEFAULT_FILL_COLOR, DEMO_APP_KEY, ERRORS } from '../../src/model/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 150_000;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

async function waitForApi(base: string, server: ChildProcess, log: () => string): Promise<void> {
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

let server: ChildProcess | undefined;
let dataDir: string;
let base: string;
let browser: Browser;
/** City markers are filled with the layer's fillColor (src/map/batchLayer.ts styleFor). */
let citiesColor = DEFAULT_FILL_COLOR;

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist/index.html'))) {
    throw new Error('dist/index.html is missing: run `npx vite build` before the e2e suite.');
  }
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-e2e-'));
  let output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MAPDRAFT_DATA_DIR: dataDir,
      MAPDRAFT_ADMIN_PASSWORD: 'a-pass-123',
      MAPDRAFT_USER_PASSWORD: 'u-pass-123',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  await waitForApi(base, server, () => output.slice(-4000));
  const app = (await (await fetch(`${base}/api/apps?appkey=${DEMO_APP_KEY}`)).json()) as {
    config: { layersConfig: { id: string; fillColor?: string }[] };
  };
  citiesColor = app.config.layersConfig.find((l) => l.id === 'cities')?.fillColor ?? citiesColor;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: chromiumArgs() });
}, START_TIMEOUT_MS + 30_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const pageErrors: string[] = [];

async function newPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => pageErrors.push(e.message));
  return page;
}

/**
 * Decodes a PNG in the page and reports distinct colours, pixels near `hex`, and "dots": pixels
 * whose whole 3×3 neighbourhood is near `hex`. Lines of ≤ 2 px (borders, outlines in the same
 * colour) have no such core, so dots count city markers only.
 */
async function analysePng(page: Page, png: Buffer, hex: string) {
  return page.evaluate(
    async ({ b64, hex }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, img.height);
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      const w = img.width;
      const h = img.height;
      const colours = new Set<number>();
      const mask = new Uint8Array(w * h);
      let near = 0;
      for (let i = 0, p = 0; i < data.length; i += 4, p++) {
        colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
        const hit = Math.abs(data[i] - want[0]) < 40 && Math.abs(data[i + 1] - want[1]) < 40 && Math.abs(data[i + 2] - want[2]) < 40;
        if (hit) {
          mask[p] = 1;
          near++;
        }
      }
      let dots = 0;
      for (let y = 1; y < h - 1; y++) {
        for (let x = 1; x < w - 1; x++) {
          let all = 1;
          for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1 && all; dx++) all = mask[(y + dy) * w + x + dx];
          dots += all;
        }
      }
      return { width: w, height: h, distinct: colours.size, near, dots };
    },
    { b64: png.toString('base64'), hex },
  );
}

describe('demo map', () => {
  it('loads every demo layer and draws them', async () => {
    const page = await newPage();
    await page.goto(`${base}/${DEMO_APP_KEY}`);
    const map = page.locator('[data-testid=map]');
    await map.waitFor();
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid=map]')?.getAttribute('data-features-loaded')) > 0,
      undefined,
      { timeout: 120_000, polling: 250 },
    );
    const total = Number(await map.getAttribute('data-features-loaded'));
    // cities (10,000 seeded) + countries + borders
    expect(total).toBeGreaterThanOrEqual(10_000);
    expect(await map.getAttribute('data-map-loading')).toBeNull();
    await expect.poll(() => page.getByTestId('app-title').textContent()).toBeTruthy();
    expect(await page.getByTestId('layer-count').textContent()).toMatch(/3/);

    const shot = await map.screenshot();
    const stats = await analysePng(page, shot, citiesColor);
    console.info('[e2e] map screenshot', stats);
    expect(stats.width).toBeGreaterThan(100);
    // Ocean, land, country fills, borders and city markers: far more than a blank canvas.
    expect(stats.distinct).toBeGreaterThan(50);
    expect(stats.near).toBeGreaterThan(500); // the cities' colour is on screen
    expect(stats.dots).toBeGreaterThan(1000); // as filled city markers, not only as lines
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it('shows "no application registered" for an unknown key and keeps the base map', async () => {
    const page = await newPage();
    await page.goto(`${base}/${'z'.repeat(32)}`);
    const error = page.getByTestId('app-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain(ERRORS.NO_APP_REGISTERED);
    expect(await page.locator('[data-testid=map] canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=map]').getAttribute('data-features-loaded')).toBeNull();
    expect(pageErrors).toEqual([]);
    await page.close();
  });
});
