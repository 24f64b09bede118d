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
//  - the feature data a warm open moves: `/api/features` answer bodies through the gate, until it is quiet;
//  - a fourth visit that pans and zooms (drags, wheel notches) and taps features (lib/app_gestures.ts):
//    main-thread rAF p95 and long tasks, tap → the feature prompt on screen;
//  - 1M generated points in the cities layer (PGlite, Mapdraft only): cold open, taps, and memory
//    (main-thread heap, renderer processes) against the layers' typed-array bytes (lib/app_memory.ts).
// Against a plain OpenLayers 10 Canvas app (benchmarks/pages/plain_ol, also a production build) that
// fetches the same layers as GeoJSON from a static server; its mark is set at the first rendercomplete.
// The whole browser is pinned to one core (launchBrowser); each open also runs with CDP 4× CPU
// slowdown of the main thread (full mode). Contenders alternate baseline → Mapdraft within each rep.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { loadTestLimits } from '../../server/limits.ts';
import type { RunningServer } from '../../server/start.ts';
import { startMeasuredServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK } from '../../src/map/layer_session.ts';
import { insertFeatures } from '../../server/seed/bulk.ts';
import { pointCoords } from '../data/generate.ts';
import { dismissBanner, MAPDRAFT_UI, PLAIN_OL_UI, panZoom, tapFeatures, type MapPosition, type TapUi } from '../lib/app_gestures.ts';
import { appMemory, layersTypedArrayBytes } from '../lib/app_memory.ts';
import { openOnce, settle, type Open } from '../lib/app_open.ts';
import { buildPlainOl, ensureAppBuild, gate, plainOlSite, type Gate, type Site } from '../lib/app_sites.ts';
import { newContext, VIEWPORT } from '../lib/browser.ts';
import { measureOnBothEngines, type EngineSamples } from '../lib/engines.ts';
import { buildResult, fmt, maxOf, med, type RunContext, type Scenario, type ScenarioResult } from '../lib/scenario.ts';

const WS = 'ws_demo';
/** The demo app's vector layers a visitor loads (server/seed/demo_config.ts). */
const LAYERS = ['cities', 'countries', 'borders', 'roads'];
const BASELINE_MARK = 'baseline:features-drawn';

/** One size: demo cities, and for `points` that many generated points added to the cities layer (Mapdraft only, PGlite). */
interface Size {
  label: string;
  cities: number | 'all';
  points?: number;
}

/** What each interaction visit does: pan/zoom for `panMs` at every rate, then `taps` taps at `tapRate`. */
interface Interaction {
  panMs: number;
  taps: number;
  tapRate: number;
}

const rateSuffix = (rate: number) => (rate === 1 ? '' : `@${rate}x`);

const UI: Record<'baseline' | 'mapdraft', TapUi> = { baseline: PLAIN_OL_UI, mapdraft: MAPDRAFT_UI };
const TAP_ZOOM = 7;

const metresPerPx = (zoom: number) => 40_075_016.686 / 256 / 2 ** zoom;

/**
 * Taps land where the features are densest: the 1° cell holding the most, at zoom 7, a quarter of
 * the screen above the centre (taps stay in the upper half, clear of the prompt's sheet).
 */
export function tapView(lonLats: [number, number][]): MapPosition {
  const cells = new Map<string, number>();
  let best = { key: '0,0', n: 0 };
  for (const [lon, lat] of lonLats) {
    const key = `${Math.floor(lon)},${Math.floor(lat)}`;
    const n = (cells.get(key) ?? 0) + 1;
    cells.set(key, n);
    if (n > best.n) best = { key, n };
  }
  const [lon, lat] = best.key.split(',').map(Number);
  const quarterDeg = ((VIEWPORT.height / 4) * metresPerPx(TAP_ZOOM) * Math.cos(((lat + 0.5) * Math.PI) / 180)) / 111_320;
  return { zoom: TAP_ZOOM, lon: lon + 0.5, lat: lat + 0.5 - quarterDeg };
}

/** The points that may lie on a phone screen at `at` (a generous box; the page keeps those in view). */
export function near(lonLats: [number, number][], at: MapPosition): [number, number][] {
  const spanDeg = (Math.max(VIEWPORT.width, VIEWPORT.height) * metresPerPx(at.zoom)) / (111_320 * Math.cos((at.lat * Math.PI) / 180));
  return lonLats.filter(([lon, lat]) => Math.abs(lon - at.lon) < spanDeg && Math.abs(lat - at.lat) < spanDeg);
}

/** Pan/zoom at `rate`, and the taps when `rate` is the plan's tap rate; metrics keyed without size or rate. */
async function exercise(
  page: Page,
  cdp: CDPSession,
  c: 'baseline' | 'mapdraft',
  rate: number,
  plan: Interaction,
  tapAt: MapPosition,
  tapPoints: [number, number][],
): Promise<Record<string, number>> {
  await dismissBanner(page, UI[c]);
  const pan = await panZoom(page, cdp, plan.panMs, rate);
  const out: Record<string, number> = {
    panRafP95Ms: pan.rafP95Ms,
    panFrames: pan.frames,
    panLongTasks: pan.longTasks,
    panLongTaskMaxMs: pan.longTaskMaxMs,
  };
  if (rate === plan.tapRate) {
    const taps = await tapFeatures(page, cdp, UI[c], tapAt, tapPoints, plan.taps, rate);
    Object.assign(out, { tapP95Ms: taps.p95Ms, tapMedianMs: taps.medianMs, taps: taps.taps, tapMisses: taps.misses });
  }
  return out;
}

const describe = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([k, v]) => `${k} ${fmt(v, 0)}`)
    .join(', ');

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
  size: Size,
  rates: number[],
  plan: Interaction,
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<EngineSamples> {
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'mapdraft-bench-app-')) : undefined;
  const t0 = Date.now();
  const srv = await startMeasuredServer({
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
    const cities = (
      JSON.parse(geojson.cities.toString('utf8')) as { features: { geometry: { coordinates: [number, number] } }[] }
    ).features.map((f) => f.geometry.coordinates);
    const tapAt = tapView(cities);
    const tapPoints = near(cities, tapAt);
    const urls = { baseline: `${plain.url}/?layers=${LAYERS.join(',')}`, mapdraft: `${front.url}/${DEMO_APP_KEY}` };
    const timeout = 300_000;
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const rate of rates) {
        const suffix = rateSuffix(rate);
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
            const warmPassed = door.passed.length;
            let acted: Record<string, number> = {};
            // A visit that pans, zooms and taps, once the app has drawn (and revalidated, for Mapdraft).
            await openOnce(context, urls[c], mark, rate, timeout, async (page, cdp) => {
              if (c === 'mapdraft') await door.quiet(1_500, 60_000);
              acted = await exercise(page, cdp, c, rate, plan, tapAt, tapPoints);
            });
            for (const [k, v] of Object.entries(acted)) (out[c][`${size.label}.${k}${suffix}`] ??= []).push(v);
            let line = `cold ${fmt(cold.drawnMs, 0)} ms (${cold.features} features, ${cold.longTasks} long tasks ≤ ${fmt(cold.longTaskMaxMs, 0)} ms), warm ${fmt(warm.drawnMs, 0)} ms`;
            if (c === 'mapdraft') {
              const features = door.passed.slice(0, warmPassed).filter((p) => p.url.startsWith('/api/features'));
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
            line += `; ${describe(acted)}`;
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

/** Adds the generated points to the demo's cities layer through the seed's own bulk insert, 50,000 rows at a time. */
async function seedPoints(srv: RunningServer, coords: Float64Array): Promise<void> {
  const n = coords.length / 2;
  for (let from = 0; from < n; from += 50_000) {
    const rows = [];
    for (let i = from; i < Math.min(n, from + 50_000); i++) {
      rows.push({ g: { type: 'Point' as const, coordinates: [coords[2 * i], coords[2 * i + 1]] }, p: { name: `p${i}` } });
    }
    await insertFeatures(srv.db, WS, 'cities', rows, null);
  }
}

/**
 * Generated points (PGlite, Mapdraft only: the plain page would build a million OL features): a cold
 * open pinned, then in the same page once the layers are stored the memory, then taps at `plan.tapRate`.
 */
async function measurePoints(ctx: RunContext, size: Size, plan: Interaction): Promise<EngineSamples> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mapdraft-bench-app-'));
  const t0 = Date.now();
  const srv = await startMeasuredServer({
    port: 0,
    dataDir,
    seedCities: size.cities,
    log: false,
    print: () => undefined,
    limits: loadTestLimits(),
  });
  const out = { baseline: {}, ceiling: {}, mapdraft: {} } as EngineSamples;
  const add = (k: string, v: number) => (out.mapdraft[`${size.label}.${k}`] ??= []).push(v);
  try {
    const coords = pointCoords(size.points ?? 0, 1);
    await seedPoints(srv, coords);
    ctx.log(`    pglite ${size.label}: server up and ${size.points} points added in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const points = Array.from({ length: coords.length / 2 }, (_, i) => [coords[2 * i], coords[2 * i + 1]] as [number, number]);
    const tapAt = tapView(points);
    for (let rep = 0; rep < ctx.reps; rep++) {
      const context = await newContext(ctx.browser);
      try {
        const got: Record<string, number> = {};
        const cold = await openOnce(context, `${srv.url}/${DEMO_APP_KEY}`, FEATURES_DRAWN_MARK, 1, 600_000, async (page, cdp) => {
          await settle(page);
          Object.assign(got, await appMemory(page, cdp, ctx.browser));
          await dismissBanner(page, MAPDRAFT_UI);
          const taps = await tapFeatures(page, cdp, MAPDRAFT_UI, tapAt, near(points, tapAt), plan.taps, plan.tapRate);
          const at = rateSuffix(plan.tapRate);
          Object.assign(got, {
            [`tapP95Ms${at}`]: taps.p95Ms,
            [`tapMedianMs${at}`]: taps.medianMs,
            [`taps${at}`]: taps.taps,
            [`tapMisses${at}`]: taps.misses,
          });
        });
        record(out, 'mapdraft', size.label, '', cold, 'cold');
        for (const [k, v] of Object.entries(got)) add(k, v);
        ctx.log(`    pglite ${size.label} rep ${rep + 1}: cold ${fmt(cold.drawnMs, 0)} ms (${cold.features} features); ${describe(got)}`);
      } finally {
        await context.close();
      }
    }
    // After the browser's visits, so the cold open was the server's first answer of the layers.
    add('layerTypedArrayBytes', await layersTypedArrayBytes(srv.url, WS, LAYERS));
    return out;
  } finally {
    await srv.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Issue 17 targets 4 and 5 on the gestures and taps of one size. */
function interactionTargets(r: ScenarioResult, k: (m: string) => string, label: string, engine: string, plan: Interaction): void {
  const top = rateSuffix(plan.tapRate);
  const at = top ? ` at ${plan.tapRate}×` : '';
  const tasks = maxOf(r, 'mapdraft', k(`panLongTasks${top}`));
  const pan = (c: 'baseline' | 'mapdraft', suffix: string) =>
    `rAF p95 ${fmt(med(r, c, k(`panRafP95Ms${suffix}`)), 0)} ms, ${fmt(med(r, c, k(`panLongTasks${suffix}`)), 0)} long tasks ≤ ${fmt(med(r, c, k(`panLongTaskMaxMs${suffix}`)), 0)} ms`;
  r.targets.push({
    text: `${engine}, ${label}: zero main-thread long tasks during ${plan.panMs / 1000} s of drags and wheel zooms${at}`,
    met: Number.isFinite(tasks) ? tasks === 0 : null,
    detail: `Mapdraft ${pan('mapdraft', top)}; plain OL ${pan('baseline', top)}${top ? `; pinned: Mapdraft ${pan('mapdraft', '')}, plain OL ${pan('baseline', '')}` : ''}`,
  });
  const m = med(r, 'mapdraft', k(`tapP95Ms${top}`));
  r.targets.push({
    text: `${engine}, ${label}: tap → feature prompt p95 ≤ 100 ms${at}`,
    met: Number.isFinite(m) ? m <= 100 : null,
    detail: `Mapdraft ${fmt(m, 0)} ms (median ${fmt(med(r, 'mapdraft', k(`tapMedianMs${top}`)), 0)}), plain OL forEachFeatureAtPixel + popup ${fmt(med(r, 'baseline', k(`tapP95Ms${top}`)), 0)} ms (it answers OpenLayers' singleclick, 250 ms wait included; Mapdraft its click)`,
  });
}

/** Issue 17 targets 5 (reported at 1M) and 6 on the generated points. */
function pointsTargets(r: ScenarioResult, label: string, plan: Interaction): void {
  const k = (m: string) => `pglite.${label}.${m}`;
  const top = rateSuffix(plan.tapRate);
  const tap = med(r, 'mapdraft', k(`tapP95Ms${top}`));
  r.targets.push({
    text: `pglite, ${label}: tap → feature prompt p95 ≤ 100 ms${top ? ` at ${plan.tapRate}×` : ''}`,
    met: Number.isFinite(tap) ? tap <= 100 : null,
    detail: `${fmt(tap, 0)} ms (median ${fmt(med(r, 'mapdraft', k(`tapMedianMs${top}`)), 0)}); cold open ${fmt(med(r, 'mapdraft', k('coldMs')), 0)} ms, ${fmt(med(r, 'mapdraft', k('coldFeatures')), 0)} features`,
  });
  const heap = maxOf(r, 'mapdraft', k('mainHeapBytes'));
  r.targets.push({
    text: `pglite, ${label}: main-thread JS heap ≤ 20 MB`,
    met: Number.isFinite(heap) ? heap <= 20e6 : null,
    detail: `at most ${fmt(heap / 1e6, 1)} MB after a GC, layers drawn and stored`,
  });
  const rss = med(r, 'mapdraft', k('rendererBytes'));
  const typed = med(r, 'mapdraft', k('layerTypedArrayBytes'));
  r.targets.push({
    text: `pglite, ${label}: the app's renderer process ≤ 2× the typed-array bytes of the loaded layers`,
    met: Number.isFinite(rss / typed) ? rss <= 2 * typed : null,
    detail: `${fmt(rss / 1e6, 0)} MB (PSS of the app's renderer process) against ${fmt(typed / 1e6, 1)} MB of typed arrays (${fmt(rss / typed, 1)}×)`,
  });
}

export const scenario: Scenario = {
  id: 14,
  name: 'app',
  title: 'The app itself: cold, warm and offline open, pan/zoom, taps and 1M points of the demo app on the real server',
  async run(ctx) {
    ensureAppBuild(!ctx.quick);
    buildPlainOl();
    const citySizes: Size[] = ctx.quick
      ? [{ label: 'cities2k', cities: 2_000 }]
      : [
          { label: 'cities10k', cities: 10_000 },
          { label: 'cities135k', cities: 'all' },
        ];
    const pointSizes: Size[] = [{ label: ctx.quick ? 'points5k' : 'points1m', cities: 2_000, points: ctx.quick ? 5_000 : 1_000_000 }];
    // A part of the full run (benchmarks/README.md): MAPDRAFT_BENCH_APP_SIZES=cities135k,points1m, MAPDRAFT_BENCH_APP_ENGINES=pglite.
    const picked = (process.env.MAPDRAFT_BENCH_APP_SIZES ?? '').split(',').filter(Boolean);
    const keep = (size: Size) => !picked.length || picked.includes(size.label);
    const pgliteOnly = process.env.MAPDRAFT_BENCH_APP_ENGINES === 'pglite';
    const sizes = [...citySizes.filter(keep), ...pointSizes.filter(keep)];
    const rates = ctx.quick ? [1] : [1, 4];
    const plan: Interaction = { panMs: ctx.quick ? 2_000 : 8_000, taps: ctx.quick ? 3 : 30, tapRate: Math.max(...rates) };
    const samples = { baseline: {}, ceiling: {}, mapdraft: {} } as EngineSamples;
    const notes: string[] = [];
    const merge = (prefix: string, s: EngineSamples) => {
      for (const c of ['baseline', 'mapdraft'] as const) for (const [k, v] of Object.entries(s[c])) samples[c][`${prefix}${k}`] = v;
    };
    for (const size of sizes) {
      if (size.points) merge('pglite.', await measurePoints(ctx, size, plan));
      else if (pgliteOnly) merge('pglite.', await measure(ctx, size, rates, plan, 'pglite'));
      else {
        const both = await measureOnBothEngines(`mapdraft_bench_app_${size.label}`, (engine, url) =>
          measure(ctx, size, rates, plan, engine, url),
        );
        merge('', both.samples);
        notes.push(...both.notes);
      }
    }
    if (pgliteOnly) notes.push('MAPDRAFT_BENCH_APP_ENGINES=pglite: PostgreSQL not measured in this run.');
    const big = sizes.filter((size) => !size.points).at(-1)?.label ?? sizes[0].label;
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
          `Interactions (a fourth visit, after the warm one; lib/app_gestures.ts): ${plan.panMs / 1000} s of one-finger drags (CDP touch events, 160 px in 0.8 s, a move every 16 ms not waiting for the page) and mouse wheel notches from the opened view, at each rate: pan* = main-thread rAF interval p95 and long tasks meanwhile. Then ${plan.taps} taps at ${plan.tapRate}× on features picked (seeded) where they are densest (zoom ${TAP_ZOOM}, upper half of the map): tap* = pointerdown → the frame after the tap's prompt appears (Mapdraft: the feature prompt sheet; plain OL: forEachFeatureAtPixel, 3 px, and an Overlay popup). Mapdraft answers OpenLayers' click at once; the plain page answers its singleclick, which waits 250 ms for a second click, and its tap figures include that wait. Taps are 300 ms apart, so no two make a double click.`,
          "Generated points (pointsN, PGlite, Mapdraft only): benchmarks/data/generate.ts pointCoords added to the demo cities layer (2,000 cities) with the seed's bulk insert; one cold open pinned; once the layers are stored, mainHeapBytes = CDP JSHeapUsedSize after a GC, rendererBytes = PSS of the app tab's renderer process (the page, its workers; gpuBytes: the GPU process apart; allRenderersRssBytes: VmRSS summed over every renderer process, the earlier upper bound), each worker's heap and ArrayBuffers, dataWorkerWasmBytes = wa-sqlite's memory (lib/app_memory.ts); layerTypedArrayBytes = the typed arrays of the four layers' FeatureBatches as the data worker's FlatGeobuf decoder makes them from the server's answers; then the taps.",
          ...notes,
        ],
      },
      {
        baseline: 'plain OpenLayers 10 Canvas app, GeoJSON from a static server (production build)',
        mapdraft: 'the built Mapdraft app on server/start.ts',
      },
      samples,
      Object.fromEntries(
        Object.keys(samples.mapdraft)
          .filter((key) => /Bytes(@|$)/.test(key))
          .map((key) => [key, 'B']),
      ),
    );
    const engines = Object.keys(r.contenders.mapdraft?.metrics ?? {}).some((k) => k.startsWith('postgres.'))
      ? ['pglite', 'postgres']
      : ['pglite'];
    const cityMeasured = sizes.some((size) => size.label === big && !size.points);
    for (const engine of cityMeasured ? engines : []) {
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
      interactionTargets(r, k, big, engine, plan);
    }
    for (const size of sizes.filter((s) => s.points)) pointsTargets(r, size.label, plan);
    return r;
  },
};
