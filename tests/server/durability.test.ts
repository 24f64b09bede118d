import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDb } from '../../server/db/index.ts';
import { type E2EServer, USER, startE2EServer } from '../e2e/support/server.ts';

// Issue 16 durability: the real server as a child process, 50 clients suggesting at once, SIGKILL
// mid-run (no shutdown, no flush), a restart on the same data — every suggestion the server
// acknowledged (2xx) must be there. PGlite keeps its data directory; on PostgreSQL the server gets a
// schema of its own, so the shared test database's other users do not matter.

const CLIENTS = 50;
/** Acknowledged suggestions after which the server is killed (the run is well under way by then). */
const KILL_AFTER_ACKS = 400;

let server: E2EServer;
let schema: string | undefined;
let session = '';

async function api(path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${server.base}/api${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-session-id': session, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

beforeAll(async () => {
  const url = inject('engine') === 'postgres' ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined;
  const env: Record<string, string> = { MAPDRAFT_SEED_CITIES: '20', MAPDRAFT_LOG: 'warn' };
  if (url) {
    schema = `durability_${randomBytes(4).toString('hex')}`;
    const db = await openDb({ databaseUrl: url });
    await db.query(`CREATE SCHEMA ${schema}`);
    await db.close();
    const scoped = new URL(url);
    scoped.searchParams.set('options', `-c search_path=${schema},public`);
    env.DATABASE_URL = scoped.toString();
  }
  server = await startE2EServer(env, { client: false });
  const login = await fetch(`${server.base}/api/login?cookie=none`, {
    headers: { authorization: `Basic ${Buffer.from(`${USER.username}:${USER.password}`).toString('base64')}` },
  });
  expect(login.status).toBe(200);
  session = login.headers.get('x-session-id')!;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (schema) {
    const db = await openDb({ databaseUrl: process.env.MAPDRAFT_TEST_DATABASE_URL! });
    await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  }
});

/** Every pending suggestion of the user, by change id (pages of 1,000). */
async function pendingIds(): Promise<Set<number>> {
  const ids = new Set<number>();
  for (let page = 1; ; page++) {
    const res = await api(`/features/changes?workspace=ws_demo&layer=cities&page=${page}&pageSize=1000`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: number }[]; total: number };
    for (const item of body.items) ids.add(item.id);
    if (ids.size >= body.total || body.items.length === 0) return ids;
  }
}

describe('durability under SIGKILL', () => {
  it(`keeps every acknowledged suggestion of ${CLIENTS} concurrent clients across a kill -9 and a restart`, async () => {
    const acknowledged = new Map<number, string>(); // change id → the suggested name
    let stopping = false;
    let cut = 0; // requests the kill interrupted
    let killed: Promise<void> | undefined;
    const client = async (n: number) => {
      for (let i = 0; !stopping; i++) {
        const name = `durable ${n}-${i}`;
        try {
          const res = await api('/features/changes?workspace=ws_demo&layer=cities', {
            method: 'POST',
            body: {
              type: 'FeatureCollection',
              features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [n, i % 80] }, properties: { name } }],
            },
          });
          const body = (await res.json()) as { id?: number };
          if (res.status >= 200 && res.status < 300) acknowledged.set(body.id!, name);
          else throw new Error(`suggestion refused: ${res.status} ${JSON.stringify(body)}`);
        } catch (e) {
          if (!stopping) throw e;
          cut++;
          return; // the server died under this request: not acknowledged, nothing to check
        }
        if (acknowledged.size >= KILL_AFTER_ACKS && !killed) {
          stopping = true;
          killed = server.kill();
        }
      }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
    await killed;
    expect(server.running()).toBe(false);
    // Killed mid-run: other clients' suggestions were in flight.
    expect(cut).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);

    await server.restart();
    const present = await pendingIds();
    const lost = [...acknowledged.keys()].filter((id) => !present.has(id));
    expect(lost).toEqual([]);
    // The proposals themselves are in the diff layer the user reads.
    const diff = (await (await api('/features?workspace=ws_demo_diff&layer=cities_diff')).json()) as {
      features: { properties: { name?: string } }[];
    };
    const names = new Set(diff.features.map((f) => f.properties.name));
    expect([...acknowledged.values()].filter((name) => !names.has(name))).toEqual([]);
  }, 120_000);
});
