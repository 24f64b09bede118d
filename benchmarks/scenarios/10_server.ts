// Scenario 10: the API server. The 135k-city layer listed as GeoJSON (baseline: what a plain OL app
// fetches) and as FlatGeobuf (Mapdraft), and the same FlatGeobuf bytes from a static in-memory file
// server (ceiling: no database); request → typed arrays in the data worker for each; and
// accept-change throughput with 50 concurrent clients (suggest an update as a user, accept it as an
// admin), checked for errors and lost changes in the database. On PGlite and on PostgreSQL 15.
// Load comes from a child process (benchmarks/lib/loadgen.ts) on 127.0.0.1; every job is bounded.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { loadTestLimits } from '../../server/limits.ts';
import type { RunningServer } from '../../server/start.ts';
import { startMeasuredServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { proxyTargets, ROOT } from '../lib/browser.ts';
import { call } from '../lib/render.ts';
import { percentile } from '../lib/stats.ts';
import { measureOnBothEngines } from '../lib/engines.ts';
import { buildResult, fmt, med, type Contender, type RunContext, type Scenario } from '../lib/scenario.ts';

const run = promisify(execFile);
const WS = 'ws_demo';
const LAYER = 'cities';
export const PASSWORDS = { admin: 'bench-admin-pass-1', user: 'bench-user-pass-1' };

async function loadgen(job: unknown, timeoutMs: number): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'benchmarks/lib/loadgen.ts'), JSON.stringify(job)], {
    cwd: ROOT,
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>;
}

/** Bytes of one response body exactly as sent (no decompression). */
function wireBytes(url: string, headers: Record<string, string>): Promise<{ bytes: number; body: Buffer; type: string }> {
  return new Promise((ok, fail) => {
    const u = new URL(url);
    request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        ok({ bytes: body.length, body, type: String(res.headers['content-type'] ?? '') });
      });
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

/** Milliseconds from sending a GET to its first body bytes (the rest is read and dropped). */
function firstByteMs(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((ok, fail) => {
    const u = new URL(url);
    const t0 = performance.now();
    let first = NaN;
    request({ host: u.hostname, port: u.port, path: u.pathname + u.search, headers }, (res) => {
      res.on('data', () => {
        if (Number.isNaN(first)) first = performance.now() - t0;
      });
      res.on('end', () => ok(first));
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

export async function session(base: string, who: 'admin' | 'user'): Promise<string> {
  const auth = 'Basic ' + Buffer.from(`${who}:${PASSWORDS[who]}`).toString('base64');
  const res = await fetch(`${base}/api/login`, { headers: { authorization: auth, 'x-app-key': DEMO_APP_KEY } });
  const id = res.headers.get('x-session-id');
  if (!res.ok || !id) throw new Error(`login ${who}: ${res.status} ${await res.text()}`);
  return id;
}

/** A static in-memory file server with the same FlatGeobuf bytes (the ceiling: no database). */
function staticServer(fgb: Buffer): Promise<{ url: string; server: Server }> {
  const gz = gzipSync(fgb);
  return new Promise((ok) => {
    const server = createServer((req, res) => {
      const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(200, {
        'content-type': 'application/flatgeobuf',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        'content-length': gzip ? gz.length : fgb.length,
      });
      res.end(gzip ? gz : fgb);
    });
    server.listen(0, '127.0.0.1', () => ok({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server }));
  });
}

async function measureEngine(
  ctx: RunContext,
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): Promise<Record<Contender, Record<string, number[]>>> {
  const dataDir = engine === 'pglite' ? mkdtempSync(join(tmpdir(), 'mapdraft-bench-')) : undefined;
  const t0 = Date.now();
  const srv: RunningServer = await startMeasuredServer({
    port: 0,
    dataDir,
    databaseUrl,
    seedCities: ctx.quick ? 20_000 : 'all',
    adminPassword: PASSWORDS.admin,
    userPassword: PASSWORDS.user,
    serveClient: false,
    log: false,
    print: () => undefined,
    // The load comes from 127.0.0.1 alone.
    limits: loadTestLimits(),
  });
  ctx.log(`    ${engine}: server up with ${ctx.quick ? '20k' : '135k'} cities in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  let stat: { url: string; server: Server } | undefined;
  const page = await ctx.openPage();
  try {
    const q = `workspace=${WS}&layer=${LAYER}`;
    const h = { 'x-app-key': DEMO_APP_KEY };
    const urls = { geojson: `${srv.url}/api/features?${q}`, fgb: `${srv.url}/api/features?${q}&f=fgb` };
    const fgbPlain = await wireBytes(urls.fgb, { ...h, 'accept-encoding': 'identity' });
    if (!fgbPlain.type.startsWith('application/flatgeobuf')) throw new Error(`f=fgb answered ${fgbPlain.type}`);
    stat = await staticServer(fgbPlain.body);
    const targets: Record<Contender, string> = {
      baseline: urls.geojson,
      mapdraft: urls.fgb,
      ceiling: `${stat.url}/api/features?${q}&f=fgb`,
    };
    proxyTargets.srv = srv.url;
    proxyTargets.static = stat.url;
    const out = { baseline: {}, ceiling: {}, mapdraft: {} } as Record<Contender, Record<string, number[]>>;
    const requests = ctx.quick ? 2 : 40;
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const c of ['baseline', 'ceiling', 'mapdraft'] as Contender[]) {
        const plain = await wireBytes(targets[c], { ...h, 'accept-encoding': 'identity' });
        const gz = await wireBytes(targets[c], { ...h, 'accept-encoding': 'gzip' });
        const load = await loadgen(
          { kind: 'get', url: targets[c], headers: { ...h, 'accept-encoding': 'gzip' }, concurrency: 4, requests, timeoutMs: 120_000 },
          600_000,
        );
        const base = c === 'ceiling' ? '/static' : '/srv';
        const worker = await call(page, 'micro', 'loadViaDataWorker', base, WS, LAYER, DEMO_APP_KEY, c === 'baseline' ? 'geojson' : 'fgb');
        const add = (k: string, v: number) => (out[c][k] ??= []).push(v);
        add('listReqPerS', load.reqPerS as number);
        add('listP99Ms', percentile(load.latencies as number[], 99));
        add('listErrors', load.errors as number);
        add('plainBytes', plain.bytes);
        add('gzipBytes', gz.bytes);
        add('requestToTypedArraysMs', worker.ms);
        add('featuresDecoded', worker.count);
        ctx.log(
          `    ${engine} rep ${rep + 1} ${c}: ${(load.reqPerS as number).toFixed(2)} req/s, p99 ${percentile(load.latencies as number[], 99).toFixed(0)} ms, ${plain.bytes} B (gzip ${gz.bytes} B), worker ${worker.ms.toFixed(0)} ms for ${worker.count} features`,
        );
      }
    }
    // First bytes right after a change (issue 17): the layer's data version moves on, so no cached
    // file answers; FlatGeobuf streams its first page unindexed, GeoJSON its first page as ever.
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const c of ['baseline', 'mapdraft'] as const) {
        await srv.db.query(
          `UPDATE features SET properties = properties WHERE gfid = (SELECT min(gfid) FROM features WHERE workspace_id = $1 AND layer_id = $2)`,
          [WS, LAYER],
        );
        const ms = await firstByteMs(targets[c], { ...h, 'accept-encoding': 'gzip' });
        (out[c].firstByteAfterChangeMs ??= []).push(ms);
        ctx.log(`    ${engine} rep ${rep + 1} ${c}: first bytes ${ms.toFixed(0)} ms after a change`);
      }
    }
    // Accept-change throughput: 50 concurrent clients, one update + acceptance each per city.
    const n = ctx.quick ? 100 : 2_000;
    const { rows } = await srv.db.query<{ gfid: number; lon: number; lat: number }>(
      `SELECT gfid, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM features WHERE workspace_id = $1 AND layer_id = $2 ORDER BY gfid LIMIT ${n}`,
      [WS, LAYER],
    );
    const before = await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM changes WHERE status = 'accepted'`);
    const sessions = { user: await session(srv.url, 'user'), admin: await session(srv.url, 'admin') };
    const changes = rows.map((r) => ({ gfid: Number(r.gfid), lon: Number(r.lon), lat: Number(r.lat), population: 424242 }));
    const res = await loadgen(
      {
        kind: 'changes',
        base: srv.url,
        appKey: DEMO_APP_KEY,
        userSession: sessions.user,
        adminSession: sessions.admin,
        workspace: WS,
        layer: LAYER,
        changes,
        concurrency: 50,
        timeoutMs: 60_000,
      },
      900_000,
    );
    const after = await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM changes WHERE status = 'accepted'`);
    const applied = await srv.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM features WHERE workspace_id = $1 AND layer_id = $2 AND gfid = ANY($3::bigint[]) AND (properties->>'population')::bigint = 424242`,
      [WS, LAYER, res.acceptedGfids as number[]],
    );
    const accepted = res.accepted as number;
    const lost = accepted - Math.min(Number(after.rows[0].n) - Number(before.rows[0].n), Number(applied.rows[0].n));
    out.mapdraft.changesPerS = [res.changesPerS as number];
    out.mapdraft.changeCycleP99Ms = [percentile(res.latencies as number[], 99)];
    out.mapdraft.changeErrors = [res.failureCount as number];
    out.mapdraft.lostChanges = [lost];
    ctx.log(
      `    ${engine}: ${accepted}/${changes.length} changes accepted at ${(res.changesPerS as number).toFixed(1)}/s, p99 ${percentile(res.latencies as number[], 99).toFixed(0)} ms, errors ${res.failureCount}, lost ${lost}${(res.failures as string[]).length ? ` — first: ${(res.failures as string[])[0]}` : ''}`,
    );
    return out;
  } finally {
    delete proxyTargets.srv;
    delete proxyTargets.static;
    await page.close().catch(() => undefined);
    stat?.server.close();
    await srv.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

export const scenario: Scenario = {
  id: 10,
  name: 'server',
  title: 'Server: 135k-feature list as GeoJSON vs FlatGeobuf; accept-change throughput (50 clients); PGlite and PostgreSQL',
  async run(ctx) {
    const { samples, pgUrl, notes } = await measureOnBothEngines('mapdraft_bench', (engine, url) => measureEngine(ctx, engine, url));
    const r = buildResult(
      {
        id: 10,
        name: 'server',
        title: this.title,
        primary: 'pglite.requestToTypedArraysMs',
        params: {
          layer: `${WS}/${LAYER}`,
          cities: ctx.quick ? 20_000 : 135_233,
          engines: pgUrl ? ['pglite', 'postgres'] : ['pglite'],
          listConcurrency: 4,
          changeClients: 50,
          changes: ctx.quick ? 100 : 2000,
        },
        notes: [
          "Contenders: baseline = GET /api/features as GeoJSON (what a plain OL app fetches); Mapdraft = the same list as FlatGeobuf (f=fgb, the data worker's default); ceiling = the same FlatGeobuf bytes from a static in-memory node server (no database).",
          'listReqPerS/listP99Ms: the whole 135k list, 4 concurrent connections, gzip accepted, from a child process. plainBytes/gzipBytes: one response body as sent with accept-encoding identity / gzip.',
          "requestToTypedArraysMs: the data worker's loadLayer (fetch + decode → FeatureBatch) in the browser, through a same-origin forward on the bench page server; the worker is started before the clock.",
          "firstByteAfterChangeMs: one GET right after an update moved the layer's data version (no cached file), request to first body bytes, gzip accepted (issue 17).",
          'Accept-change throughput is Mapdraft-only (changesPerS, changeCycleP99Ms = suggest + accept round trips, changeErrors, lostChanges = accepted answers whose change is not in the database).',
          ...notes,
        ],
      },
      { baseline: 'GeoJSON list', ceiling: 'static FlatGeobuf file server', mapdraft: 'FlatGeobuf list (+ change API)' },
      samples,
    );
    for (const e of pgUrl ? ['pglite', 'postgres'] : ['pglite']) {
      const g = med(r, 'baseline', `${e}.requestToTypedArraysMs`),
        f = med(r, 'mapdraft', `${e}.requestToTypedArraysMs`);
      r.targets.push({
        text: `${e}: request-to-typed-arrays ≥ 3× faster with FlatGeobuf than GeoJSON`,
        met: g / f >= 3,
        detail: `${fmt(g / f, 2)}× (GeoJSON ${fmt(g)} ms, FlatGeobuf ${fmt(f)} ms)`,
      });
      r.targets.push({
        text: `${e}: FlatGeobuf faster than GeoJSON (request to typed arrays)`,
        met: f < g,
        detail: `${fmt(g / f, 2)}×`,
      });
      const fb = med(r, 'mapdraft', `${e}.firstByteAfterChangeMs`);
      r.targets.push({
        text: `${e}: FlatGeobuf's first bytes within 100 ms of the request right after a change`,
        met: fb <= 100,
        detail: `${fmt(fb, 0)} ms (GeoJSON ${fmt(med(r, 'baseline', `${e}.firstByteAfterChangeMs`), 0)} ms)`,
      });
      const errs = med(r, 'mapdraft', `${e}.changeErrors`) + med(r, 'baseline', `${e}.listErrors`) + med(r, 'mapdraft', `${e}.listErrors`);
      const lost = med(r, 'mapdraft', `${e}.lostChanges`);
      r.targets.push({
        text: `${e}: no error and no lost change under load`,
        met: errs === 0 && lost === 0,
        detail: `errors ${fmt(errs, 0)}, lost ${fmt(lost, 0)}, ${fmt(med(r, 'mapdraft', `${e}.changesPerS`))} changes/s`,
      });
    }
    if (!pgUrl) r.targets.push({ text: 'the same on PostgreSQL', met: null, detail: 'not measured (see notes)' });
    return r;
  },
};
