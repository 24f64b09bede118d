// Scenario 16: issue 16's load test. 100 clients for 60 s doing 60 % single-feature reads
// (GET /api/features/{gfid}), 30 % update suggestions and 10 % acceptances of pending suggestions, on
// PostgreSQL with the demo data (all 135k cities). Mapdraft: two app servers on the one database, the
// clients split between them (a session made on the first is used on the second); baseline: the same
// load on one app server. The load comes from a child process (benchmarks/lib/loadgen.ts); after each
// run the database is checked for every acknowledged write (lost writes).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadTestLimits } from '../../server/limits.ts';
import type { RunningServer } from '../../server/start.ts';
import { startMeasuredServer } from '../lib/bench_server.ts';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { ROOT } from '../lib/browser.ts';
// The demo accounts' bench passwords and their login, as scenario 10 (the API server) uses them.
import { PASSWORDS, session } from './10_server.ts';
import { percentile } from '../lib/stats.ts';
import { buildResult, fmt, maxOf, med, notRun, type RunContext, type Scenario } from '../lib/scenario.ts';

const run = promisify(execFile);
const WS = 'ws_demo';
const LAYER = 'cities';
const MIX = { read: 60, suggest: 30, accept: 10 };
const OPS = ['read', 'suggest', 'accept'] as const;
type Op = (typeof OPS)[number];

interface MixedAnswer {
  wallMs: number;
  latencies: Record<Op, number[]>;
  errors: Record<Op, number>;
  failures: string[];
  suggested: number[];
  accepted: number[];
}

const startApp = (databaseUrl: string, seedCities: number | 'all', seed: boolean): Promise<RunningServer> =>
  startMeasuredServer({
    port: 0,
    databaseUrl,
    seed,
    seedCities,
    adminPassword: PASSWORDS.admin,
    userPassword: PASSWORDS.user,
    serveClient: false,
    log: false,
    print: () => undefined,
    // Every client is on 127.0.0.1.
    limits: loadTestLimits(),
  });

/** Acknowledged writes the database does not hold: suggestions missing, acceptances not applied. */
async function lostWrites(srv: RunningServer, answer: MixedAnswer): Promise<number> {
  const made = await srv.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM changes WHERE id = ANY($1::bigint[])`, [answer.suggested]);
  const done = await srv.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM changes WHERE id = ANY($1::bigint[]) AND status = 'accepted'`,
    [answer.accepted],
  );
  return answer.suggested.length - Number(made.rows[0].n) + (answer.accepted.length - Number(done.rows[0].n));
}

async function measure(ctx: RunContext, databaseUrl: string) {
  const size = ctx.quick ? { label: '10k', cities: 10_000 as number | 'all' } : { label: '135k', cities: 'all' as const };
  const load = ctx.quick ? { clients: 20, durationMs: 10_000 } : { clients: 100, durationMs: 60_000 };
  const t0 = Date.now();
  const first = await startApp(databaseUrl, size.cities, true);
  let second: RunningServer | undefined;
  try {
    second = await startApp(databaseUrl, size.cities, false);
    ctx.log(`    two servers up on one PostgreSQL with ${size.label} cities in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    const sessions = { user: await session(first.url, 'user'), admin: await session(first.url, 'admin') };
    const { rows } = await first.db.query<{ gfid: number; lon: number; lat: number }>(
      `SELECT gfid, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM features WHERE workspace_id = $1 AND layer_id = $2 ORDER BY gfid`,
      [WS, LAYER],
    );
    const cities = rows.map((r) => ({ gfid: Number(r.gfid), lon: Number(r.lon), lat: Number(r.lat) }));
    const out = { baseline: {}, mapdraft: {} } as Record<'baseline' | 'mapdraft', Record<string, number[]>>;
    // Each run suggests on its own slice of the cities, so no run finds another's pending suggestions.
    const runs = ctx.reps * 2;
    const slice = Math.floor(cities.length / runs);
    let k = 0;
    const dir = mkdtempSync(join(tmpdir(), 'mapdraft-bench-mixed-'));
    for (let rep = 0; rep < ctx.reps; rep++) {
      for (const c of ['baseline', 'mapdraft'] as const) {
        const bases = c === 'mapdraft' ? [first.url, second.url] : [first.url];
        const jobFile = join(dir, `job-${k}.json`);
        writeFileSync(
          jobFile,
          JSON.stringify({
            kind: 'mixed',
            bases,
            appKey: DEMO_APP_KEY,
            userSession: sessions.user,
            adminSession: sessions.admin,
            workspace: WS,
            layer: LAYER,
            cities: cities.slice(k * slice, (k + 1) * slice),
            clients: load.clients,
            durationMs: load.durationMs,
            mix: MIX,
            timeoutMs: 10_000,
          }),
        );
        const { stdout } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'benchmarks/lib/loadgen.ts'), `@${jobFile}`], {
          cwd: ROOT,
          timeout: load.durationMs + 120_000,
          maxBuffer: 256 * 1024 * 1024,
        });
        k++;
        const answer = JSON.parse(stdout.trim().split('\n').pop() as string) as MixedAnswer;
        const lost = await lostWrites(first, answer);
        const add = (key: string, v: number) => (out[c][key] ??= []).push(v);
        const done = OPS.reduce((n, op) => n + answer.latencies[op].length, 0);
        const errors = OPS.reduce((n, op) => n + answer.errors[op], 0);
        add('reqPerS', (done / answer.wallMs) * 1000);
        for (const op of OPS) {
          add(`${op}P95Ms`, percentile(answer.latencies[op], 95));
          add(`${op}PerS`, (answer.latencies[op].length / answer.wallMs) * 1000);
        }
        add('errors', errors);
        add('lostWrites', lost);
        ctx.log(
          `    rep ${rep + 1} ${c} (${bases.length} server${bases.length > 1 ? 's' : ''}): ${fmt((done / answer.wallMs) * 1000, 0)} req/s; p95 ${OPS.map((op) => `${op} ${fmt(percentile(answer.latencies[op], 95), 0)} ms (${answer.latencies[op].length})`).join(', ')}; errors ${errors}, lost ${lost}${answer.failures.length ? ` — first: ${answer.failures[0]}` : ''}`,
        );
      }
    }
    rmSync(dir, { recursive: true, force: true });
    return { out, size, load };
  } finally {
    await second?.close();
    await first.close();
  }
}

export const scenario: Scenario = {
  id: 16,
  name: 'mixed-load',
  title: 'Mixed load on two app servers on one PostgreSQL: reads, suggestions and acceptances (issue 16)',
  async run(ctx) {
    let pgUrl: string;
    try {
      pgUrl = execFileSync('bash', [join(ROOT, 'scripts/pg_test_db.sh')], {
        env: { ...process.env, MAPDRAFT_TEST_DB_NAME: 'mapdraft_bench_mixed' },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 300_000,
      }).trim();
    } catch (e) {
      return notRun(16, 'mixed-load', this.title, `PostgreSQL unavailable: ${(e as Error).message.split('\n')[0]}`);
    }
    const { out, size, load } = await measure(ctx, pgUrl);
    const r = buildResult(
      {
        id: 16,
        name: 'mixed-load',
        title: this.title,
        primary: 'readP95Ms',
        params: { engine: 'postgres', cities: size.label, clients: load.clients, durationS: load.durationMs / 1000, mix: MIX },
        notes: [
          'Contenders: baseline = one app server; Mapdraft = two app servers on the same PostgreSQL database, client i on server i mod 2 (sessions made on the first server).',
          'read = GET /api/features/{gfid} as the user; suggest = PUT /api/features/changes (an update of one city, each city once per run); accept = PUT /api/features/changes/{id}/accept as the admin, oldest acknowledged suggestion first.',
          'lostWrites = acknowledged suggestions missing from `changes` plus acknowledged acceptances whose change is not `accepted`. Errors = any answer other than 200/201, or no answer within 10 s.',
          'The load generator, both servers and PostgreSQL share the same 2-core machine.',
        ],
      },
      { baseline: 'one app server', mapdraft: 'two app servers, one PostgreSQL' },
      out,
    );
    for (const op of ['read', 'suggest'] as const) {
      const p95 = maxOf(r, 'mapdraft', `${op}P95Ms`);
      r.targets.push({
        text: `two servers: p95 of single-feature ${op === 'read' ? 'reads' : 'suggestions'} ≤ 250 ms`,
        met: Number.isFinite(p95) ? p95 <= 250 : null,
        detail: `worst run ${fmt(p95, 0)} ms (one server: ${fmt(med(r, 'baseline', `${op}P95Ms`), 0)} ms)`,
      });
    }
    const errors = maxOf(r, 'mapdraft', 'errors');
    const lost = maxOf(r, 'mapdraft', 'lostWrites');
    r.targets.push({ text: 'two servers: 0 errors', met: errors === 0, detail: `at most ${fmt(errors, 0)} in a run` });
    r.targets.push({ text: 'two servers: 0 lost writes', met: lost === 0, detail: `at most ${fmt(lost, 0)} in a run` });
    return r;
  },
};
