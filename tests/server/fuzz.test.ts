import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { migrate, openDb, type Db } from '../../server/db/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { foldLayerChanges } from '../../server/services/layer_changes.ts';
import { MemoryMailService } from '../../server/services/mail.ts';
import { ADMIN, DEMO, USER, basic } from './helpers.ts';

// Issue 16: a fuzz run driven by the server's own OpenAPI document. Every route gets malformed
// requests — wrong types, missing and extra fields, huge strings, negative and huge numbers, bad
// JSON, wrong content types, garbage path parameters — as a visitor, a user and an administrator. None may answer
// ≥ 500, none may hang, and no row may change. The server is a real one of its own on a database of
// its own (a fresh PGlite, or a schema of its own on PostgreSQL), so what other test files write
// meanwhile cannot be mistaken for a change.

const REQUESTS = 5_000;
const CONCURRENCY = 8;
const HANG_MS = 10_000;

/**
 * Tables these requests may legitimately write: `rate_limits` counts failed logins and other
 * attempts by address (that is its job, issue 16); `sessions`, because `GET /api/login` with the
 * user's valid basic-auth header and no `cookie` parameter is a well-formed login (GET has no body
 * to spoil) and opens a session; `request_counts`, which counts every request by address (issue 16).
 */
const MAY_CHANGE = new Set(['rate_limits', 'request_counts', 'sessions']);

/** mulberry32: a small seeded PRNG, so every run sends the same requests. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Schema = { type?: string; properties?: Record<string, Schema>; required?: string[]; items?: Schema };
interface Operation {
  method: string;
  path: string;
  query: string[];
  body?: Schema;
}

const HUGE = 'x'.repeat(70_000);
/** Values of every wrong kind; each generator picks among them. */
const GARBAGE: unknown[] = [
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53 + 2,
  1.5,
  '',
  ' ',
  'a'.repeat(3_000),
  HUGE,
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '\u0000',
  '../../etc/passwd',
  true,
  null,
  [],
  [1, 'x', null],
  {},
  { $gt: '' },
  { type: 'Point', coordinates: [1e300, 'x'] },
];
const PATH_GARBAGE = [
  '-1',
  '0',
  '1e400',
  '99999999999999999999999',
  'x'.repeat(400),
  '%00',
  '%2e%2e%2f',
  "'",
  'null',
  'NaN',
  '%F0%9F%92',
  DEMO,
];

/** A value of another JSON type than the schema asks for (so the body is malformed whatever else it holds). */
function wrongType(schema: Schema | undefined, pick: <T>(xs: readonly T[]) => T): unknown {
  switch (schema?.type) {
    case 'string':
      return pick([12, -1, true, null, [], { $ne: 1 }]);
    case 'number':
    case 'integer':
      return pick(['abc', '', '1e400', true, null, [], {}]);
    case 'boolean':
      return pick(['yes', 2, null, [], {}]);
    case 'array':
      return pick(['x', 5, { 0: 1 }, null]);
    case 'object':
      return pick(['x', 5, [], null]);
    default:
      return pick([Symbol.for('omit'), 'x']);
  }
}

/** A body that breaks the operation's schema in one of several ways, plus random extras. */
function malformedBody(schema: Schema | undefined, rand: () => number, pick: <T>(xs: readonly T[]) => T): unknown {
  const props = Object.entries(schema?.properties ?? {});
  const required = schema?.required ?? [];
  const mode = Math.floor(rand() * 4);
  if (!props.length || mode === 0) return pick(GARBAGE);
  const body: Record<string, unknown> = {};
  // Every property gets garbage or is left out…
  for (const [name] of props) if (rand() < 0.5) body[name] = pick(GARBAGE);
  // …extra fields ride along…
  if (mode === 2) for (let i = 0; i < 5; i++) body[`extra_${i}`] = pick(GARBAGE);
  // …and at least one field is surely wrong: a required one missing, or one of the wrong type.
  const victim = required.length && rand() < 0.5 ? pick(required) : pick(props)[0];
  if (required.includes(victim) && rand() < 0.5) delete body[victim];
  else body[victim] = wrongType(schema?.properties?.[victim], pick);
  if (body[victim] === Symbol.for('omit')) body[victim] = [[[HUGE]]];
  return body;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

function operations(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: method.toUpperCase(), path, query, body });
    }
  }
  return ops;
}

interface Identity {
  authorization?: string;
  admin?: boolean;
}

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** A well-formed app key no app has. */
const NO_APP = 'f'.repeat(32);

function request(op: Operation, rand: () => number, identities: readonly Identity[]): Sent {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const identity = pick(identities);
  // The administrator may run the demo app's body-less actions (POST /apps/activate?appkey=… is a
  // well-formed activation whatever body rides along), so their writes name no real app; their reads
  // name the demo app, so the admin routes' validation runs past the app lookup.
  const appKey = identity.admin && op.method !== 'GET' ? NO_APP : DEMO;
  const garbage = (v: string) => (v === DEMO ? appKey : v);
  const path = op.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(garbage(pick(PATH_GARBAGE))).replace(/%25/g, '%'));
  const params = new URLSearchParams();
  // Huge values go in bodies; a URL over the header limit is refused before any route runs (431).
  for (const name of op.query) if (rand() < 0.7) params.set(name, String(pick(GARBAGE)).slice(0, 3_000));
  if (rand() < 0.2) params.set('appkey', pick([appKey, 'x', HUGE.slice(0, 500)]));
  const headers: Record<string, string> = {};
  if (identity.authorization) headers.authorization = identity.authorization;
  let body: string | undefined;
  if (op.method !== 'GET' && op.method !== 'HEAD') {
    const shape = rand();
    if (shape < 0.6) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(malformedBody(op.body, rand, pick)) ?? 'null';
    } else if (shape < 0.75) {
      headers['content-type'] = 'application/json';
      body = pick(['{"a":', '{', '[1,2', '{"n":1e400}', 'nul', '{"__proto__":{"x":1}}x', '\u0000', '"unterminated']);
    } else if (shape < 0.9) {
      headers['content-type'] = pick(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data']);
      body = pick(['a=1&b=2', '<x/>', HUGE.slice(0, 5_000), '--b\r\nContent-Disposition: form-data; name="f"\r\n\r\nx\r\n--b--']);
    } else {
      headers['content-type'] = 'multipart/form-data; boundary=b';
      body =
        '--b\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--b--\r\n';
    }
  }
  const qs = params.toString();
  return { method: op.method, url: path + (qs ? `?${qs}` : ''), headers, body };
}

/** Row count and checksum of every table, in a stable order. */
async function snapshot(db: Db): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    if (MAY_CHANGE.has(name)) continue;
    const { rows } = await db.query<{ n: number; sum: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`,
    );
    out[name] = `${rows[0].n} ${rows[0].sum}`;
  }
  return out;
}

let db: Db;
let app: FastifyInstance;
let base = '';
let schema: string | undefined;

beforeAll(async () => {
  const url = inject('engine') === 'postgres' ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined;
  if (url) {
    schema = `fuzz_${randomBytes(4).toString('hex')}`;
    const admin = await openDb({ databaseUrl: url });
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path=${schema},public`);
    db = await openDb({ databaseUrl: scoped.toString() });
    expect((await db.query<{ s: string }>('SELECT current_schema() AS s')).rows[0].s).toBe(schema);
  } else {
    db = await openDb({ dataDir: 'memory://' });
  }
  await migrate(db);
  await seedDemo(db, { seedCities: 50, adminPassword: ADMIN.password, userPassword: USER.password });
  // The seed's changes folded into their layers now, so the servers' periodic fold has nothing left
  // to move while the rows are compared (only a request that wrote could give it any).
  await foldLayerChanges(db);
  app = await buildApp({ db, mail: new MemoryMailService(), config: { serveClient: false, limits: loadTestLimits() } });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);

afterAll(async () => {
  await app?.close();
  if (schema) await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db?.close();
});

describe('OpenAPI-driven fuzzing', () => {
  it(`answers ${REQUESTS} malformed requests over every route with no 5xx, no hang and no changed row`, async () => {
    const doc = await (await fetch(`${base}/api/openapi.json`)).json();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThan(50);
    const rand = prng(16);
    // A visitor, a user and an administrator (who passes every role check, so validation must hold).
    const identities: Identity[] = [{}, { authorization: basic(USER) }, { authorization: basic(ADMIN), admin: true }];
    const sent = Array.from({ length: REQUESTS }, (_, i) => request(ops[i % ops.length], rand, identities));
    const before = await snapshot(db);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    async function worker() {
      while (next < sent.length) {
        const r = sent[next++];
        const started = Date.now();
        try {
          const res = await fetch(base + r.url, { ...r, signal: AbortSignal.timeout(HANG_MS) });
          const text = await res.text();
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 500)
            failures.push(`${r.method} ${r.url.slice(0, 200)} ${r.body?.slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`);
        } catch (e) {
          failures.push(`${r.method} ${r.url.slice(0, 200)} → ${(e as Error).name} after ${Date.now() - started} ms`);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const after = await snapshot(db);
    // Printed as well: vitest 5 on Node 20 cannot format long assertion diffs (Map.groupBy).
    if (failures.length) console.log(failures.slice(0, 50).join('\n'));
    expect(failures).toEqual([]);
    expect(after).toEqual(before);
    // Most requests reached a route's validation (not only the router's 404 or the parser's limits).
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 3);
  }, 180_000);
});
