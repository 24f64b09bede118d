// Scenario 14: the product on its own path (issue 17). The built app (`dist/`) served by the real
// server (server/start.ts) on PGlite and on PostgreSQL, demo data at 10k and all 135k cities, a fresh
// browser profile (context) per run:
//  - cold open: navigation start → the app's `mapdraft:features-drawn` mark (every feature of the
//    first load drawn, src/map/layer_session.ts);
//  - warm open: a second visit in the same profile, server up (local store first, ETag revalidation),
//    once the first visit's `mapdraft:layers-stored` mark says its layers are on the device;
//  - offline open: a third visit with every connection to the server dropped (service worker shell,
//    stored config and layers);
//  - main-thread long tasks (PerformanceObserver 'longtask') from the first paint to drawn;
//  - the feature data a warm open moves: `/api/features` answer bodies through the gate, until it is quiet.
// Against a plain OpenLayers 10 Canvas app (benchmarks/pages/plain_ol, also a production build) that
// fetches the same layers as GeoJSON from a static server; its mark is set at the first rendercomplete.
// The whole browser is pinned to one core (launchBrowser); each open also runs with CDP 4× CPU
// slowdown of the main thread (full mode). Contenders alternate baseline → Mapdraft within each rep.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { loadTestLimits } from '../../server/limits.ts';
import { startServer } from '../../server/start.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK, LAYERS_STORED_MARK } from '../../src/map/layer_session.ts';
import { buildPlainOl, ensureAppBuild, gate, plainOlSite, type Gate, type Site } from '../lib/app_sites.ts';
import { newContext } from '../lib/browser.ts';
import { cdpFor, setThrottle } from '../lib/cdp.ts';
import { measureOnBothEngines, type EngineSamples } from '../lib/engines.ts';
import { buildResult, fmt, med, type RunContext, type Scenario, type ScenarioResult } from '../lib/scenario.ts';

const WS = 'ws_demo';
/** The demo app's vector layers a visitor loads (server/seed/demo_config.ts). */
const LAYERS = ['cities', 'countries', 'borders', 'roads'];
const BASELINE_MARK = 'baseline:features-drawn';

interface Open {
  drawnMs: number;
  firstPaintMs: number;
  features: number;
  /** Long tasks from the first paint to drawn. */
  longTasks: number;
  longTaskMaxMs: number;
}

declare global {
  interface Window {
    __benchLongTasks?: [number, number][];
  }
}

/** One visit in `context`: navigation start → `mark`, with the long tasks and the first paint. */
async function openOnce(
  context: BrowserContext,
  url: string,
  mark: string,
  rate: number,
  timeoutMs: number,
  after?: (page: Page) => Promise<void>,
): Promise<Open> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const tasks: [number, number][] = [];
      window.__benchLongTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await cdpFor(page);
    await setThrottle(cdp, rate);
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(
      (name) => {
        const drawn = performance.getEntriesByName(name)[0] as PerformanceMark | undefined;
        if (!drawn) return null;
        const paints = performance.getEntriesByType('paint');
        const paint = (paints.find((p) => p.name === 'first-paint') ?? paints[0])?.startTime ?? 0;
        const counted = document.querySelector('[data-features-loaded]')?.getAttribute('data-features-loaded');
        const tasks = (window.__benchLongTasks ?? []).filter(([t, d]) => t + d >= paint && t <= drawn.startTime);
        return {
          drawnMs: drawn.startTime,
          firstPaintMs: paint,
          features: Number(counted ?? drawn.detail ?? NaN),
          longTasks: tasks.length,
          longTaskMaxMs: Math.max(0, ...tasks.map(([, d]) => d)),
        };
      },
      mark,
      { timeout: timeoutMs, polling: 250 },
    );
    const open = (await handle.jsonValue()) as Open;
    await setThrottle(cdp, 1);
    await after?.(page);
    return open;
  } finally {
    await page.close();
  }
}

/** The end of a first visit: its service worker active (the shell precached) and its layers written to the device. */
async function settle(page: Page): Promise<void> {
  const active = await page.evaluate(async () => {
    const ready = navigator.serviceWorker?.ready;
    if (!ready) return false;
    return Promise.race([ready.then(() => true), new Promise<boolean>((ok) => setTimeout(() => ok(false), 120_000))]);
  });
  if (!active) throw new Error('the service worker did not become active during the first visit');
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, LAYERS_STORED_MARK, {
    timeout: 300_000,
    polling: 250,
  });
}

function record(out: EngineSamples, c: 'baseline' | 'mapdraft', prefix: string, suffix: string, o: Open, which: string) {
  const add = (k: string, v: number) => ((out[c][`${prefix}.${which}${k}${suffix}`] ??= []) as number[]).push(v);
  add('Ms', o.drawnMs);
  if (which === 'cold') {
    add('FirstPaintMs', o.firstPaintMs);
    add('LongTasks', o.longTasks);
    add('LongTaskMaxMs', o.longTaskMaxMs);
    add('Features', o.features);
  }
}

async function measure(
  ctx: RunContext,
  size: { label: string; cities: number | 'all' },
  rates: number[],
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<EngineSamples> {
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'mapdraft-bench-app-')) : undefined;
  const t0 = Date.now();
  const srv = await startServer({
    port: 0,
    dataDir,
    databaseUrl,
    seedCities: size.cities,
    log: false,
    print: () => undefined,
    limits: loadTestLimits(),
  });
  ctx.log(`    ${engine} ${size.label}: server up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  let front: Gate | undefined;
  let plain: Site | undefined;
  const out = { baseline: {}, ceiling: {}, mapdraft: {} } as EngineSamples;
  try {
    const door = await gate(srv.url);
    front = door;
    const geojson: Record<string, Buffer> = {};
    for (const layer of LAYERS) {
      const res = await fetch(`${srv.url}/api/features?workspace=${WS}&layer=${layer}`, { headers: { 'x-app-key': DEMO_APP_KEY } });
      if (!res.ok) throw new Error(`GeoJSON of ${layer}: ${res.status}`);
      geojson[layer] = Buffer.from(await res.arrayBuffer());
    }
    plain = await plainOlSite(geojson);
    const urls = { baseline: `${plain.url}/?layers=${LAYERS.join(',')}`, mapdraft: `${front.url}/${DEMO_APP_KEY}` };
    const timeout = 300_000;
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const rate of rates) {
        const suffix = rate === 1 ? '' : `@${rate}x`;
        for (const c of ['baseline', 'mapdraft'] as const) {
          const context = await newContext(ctx.browser);
          try {
            const mark = c === 'baseline' ? BASELINE_MARK : FEATURES_DRAWN_MARK;
            const cold = await openOnce(context, urls[c], mark, rate, timeout, c === 'mapdraft' ? settle : undefined);
            record(out, c, size.label, suffix, cold, 'cold');
            door.clearPassed();
            // The warm open's revalidation may leave after the mark: wait for the gate to go quiet.
            const warm = await openOnce(
              context,
              urls[c],
              mark,
              rate,
              timeout,
              c === 'mapdraft' ? () => door.quiet(1_500, 60_000) : undefined,
            );
            record(out, c, size.label, suffix, warm, 'warm');
            let line = `cold ${fmt(cold.drawnMs, 0)} ms (${cold.features} features, ${cold.longTasks} long tasks ≤ ${fmt(cold.longTaskMaxMs, 0)} ms), warm ${fmt(warm.drawnMs, 0)} ms`;
            if (c === 'mapdraft') {
              const features = door.passed.filter((p) => p.url.startsWith('/api/features'));
              const bytes = features.reduce((sum, p) => sum + p.bodyBytes, 0);
              (out[c][`${size.label}.warmFeatureBytes${suffix}`] ??= []).push(bytes);
              line += ` (${bytes} B of feature data in ${features.length} answers, ${features.filter((p) => p.status === 304).length} × 304)`;
            }
            if (c === 'mapdraft') {
              front.down = true;
              try {
                const offline = await openOnce(context, urls[c], mark, rate, timeout);
                record(out, c, size.label, suffix, offline, 'offline');
                (out[c][`${size.label}.offlineFeatures${suffix}`] ??= []).push(offline.features);
                line += `, offline ${fmt(offline.drawnMs, 0)} ms (${offline.features} features)`;
              } finally {
                front.down = false;
              }
            }
            ctx.log(`    ${engine} ${size.label} rep ${rep + 1} ${rate}× ${c}: ${line}`);
          } finally {
            await context.close();
          }
        }
      }
    }
    return out;
  } finally {
    await plain?.close();
    await front?.close();
    await srv.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const scenario: Scenario = {
  id: 14,
  name: 'app',
  title: 'The app itself: cold, warm and offline open of the demo app on the real server',
  async run(ctx) {
    ensureAppBuild(!ctx.quick);
    buildPlainOl();
    const sizes = ctx.quick
      ? [{ label: 'cities2k', cities: 2_000 as number | 'all' }]
      : [
          { label: 'cities10k', cities: 10_000 as number | 'all' },
          { label: 'cities135k', cities: 'all' as const },
        ];
    const rates = ctx.quick ? [1] : [1, 4];
    const samples = { baseline: {}, ceiling: {}, mapdraft: {} } as EngineSamples;
    const notes: string[] = [];
    for (const size of sizes) {
      const both = await measureOnBothEngines(`mapdraft_bench_app_${size.label}`, (engine, url) => measure(ctx, size, rates, engine, url));
      for (const c of ['baseline', 'mapdraft'] as const) Object.assign(samples[c], both.samples[c]);
      notes.push(...both.notes);
    }
    const big = sizes[sizes.length - 1].label;
    const r: ScenarioResult = buildResult(
      {
        id: 14,
        name: 'app',
        title: this.title,
        primary: `pglite.${big}.coldMs`,
        params: { sizes: sizes.map((s) => s.label), layers: LAYERS, cpuThrottle: rates },
        notes: [
          'Times are from navigation start (a new page in the profile) to the mark: Mapdraft `mapdraft:features-drawn` (every vector layer of the first load drawn by the render worker, the view fitted), baseline `baseline:features-drawn` (first OL rendercomplete after every layer is read and the view fitted).',
          'Keys: `ENGINE.SIZE.METRIC[@4x]`. cold = fresh profile; warm = second visit, same profile, server up; offline = third visit with every connection to the server dropped (Mapdraft only: the plain page cannot open offline).',
          'warmFeatureBytes: the bodies of every `/api/features` answer the gate passed during the warm open and its revalidation (until no request for 1.5 s); a 304 has none.',
          'Long tasks: main-thread PerformanceObserver longtask entries between the first paint and the mark, in the cold open.',
          'Mapdraft also draws its base map (Natural Earth land) on the main thread; the baseline draws only the four layers.',
          ...notes,
        ],
      },
      {
        baseline: 'plain OpenLayers 10 Canvas app, GeoJSON from a static server (production build)',
        mapdraft: 'the built Mapdraft app on server/start.ts',
      },
      samples,
    );
    const engines = Object.keys(r.contenders.mapdraft?.metrics ?? {}).some((k) => k.startsWith('postgres.'))
      ? ['pglite', 'postgres']
      : ['pglite'];
    for (const engine of engines) {
      const k = (m: string) => `${engine}.${big}.${m}`;
      for (const [suffix, share] of [
        ['', 3],
        ['@4x', 5],
      ] as const) {
        const m = med(r, 'mapdraft', k(`coldMs${suffix}`));
        const b = med(r, 'baseline', k(`coldMs${suffix}`));
        r.targets.push({
          text: `${engine}, ${big}${suffix ? ' at 4× CPU slowdown' : ', pinned'}: cold open ≤ 1/${share} of the plain OL app's`,
          met: Number.isFinite(m / b) ? m * share <= b : null,
          detail: Number.isFinite(m / b)
            ? `${fmt(m / b, 2)} of baseline (Mapdraft ${fmt(m, 0)} ms, plain OL ${fmt(b, 0)} ms)`
            : 'not measured in this mode',
        });
      }
      const cold = med(r, 'mapdraft', k('coldMs'));
      const warm = med(r, 'mapdraft', k('warmMs'));
      r.targets.push({
        text: `${engine}, ${big}: warm open ≥ 3× faster than cold`,
        met: cold >= 3 * warm,
        detail: `${fmt(cold / warm, 2)}× (cold ${fmt(cold, 0)} ms, warm ${fmt(warm, 0)} ms)`,
      });
      const tasksKey = k(rates.includes(4) ? 'coldLongTasks@4x' : 'coldLongTasks');
      const tasks = r.contenders.mapdraft?.metrics[tasksKey]?.max ?? NaN;
      r.targets.push({
        text: `${engine}, ${big}: zero main-thread long tasks from first paint to drawn${rates.includes(4) ? ' at 4×' : ''}`,
        met: tasks === 0,
        detail: `at most ${fmt(tasks, 0)} in a run, longest ${fmt(r.contenders.mapdraft?.metrics[k(rates.includes(4) ? 'coldLongTaskMaxMs@4x' : 'coldLongTaskMaxMs')]?.max ?? NaN, 0)} ms`,
      });
      const moved = r.contenders.mapdraft?.metrics[k('warmFeatureBytes')]?.max ?? NaN;
      r.targets.push({
        text: `${engine}, ${big}: a repeat open moves ≤ 1 KB of feature data (issue 15)`,
        met: Number.isFinite(moved) ? moved <= 1024 : null,
        detail: `at most ${fmt(moved, 0)} B of \`/api/features\` answer bodies in a warm open, revalidation included`,
      });
      const online = med(r, 'mapdraft', k('coldFeatures'));
      const offline = r.contenders.mapdraft?.metrics[k('offlineFeatures')]?.min ?? NaN;
      r.targets.push({
        text: `${engine}, ${big}: offline open draws every feature of the online one`,
        met: offline === online,
        detail: `offline ${fmt(offline, 0)} of ${fmt(online, 0)} features, in ${fmt(med(r, 'mapdraft', k('offlineMs')), 0)} ms`,
      });
    }
    return r;
  },
};
