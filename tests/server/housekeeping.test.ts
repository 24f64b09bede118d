// SPEC §4 "inactive apps are deleted after three months" (§9): the daily job, its clock injected,
// against a real database of the project's engine (PGlite in memory, or the test PostgreSQL).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate, openDb, type Db } from '../../server/db/index.ts';
import { DailyJob, deleteExpiredApps } from '../../server/services/housekeeping.ts';
import { unique } from './helpers.ts';

let db: Db;

beforeAll(async () => {
  const postgres = inject('engine') === 'postgres';
  db = await openDb(postgres ? { databaseUrl: process.env.MAPDRAFT_TEST_DATABASE_URL } : { dataDir: 'memory://' });
  if (!postgres) await migrate(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

const key = () => unique('hk').padEnd(32, 'x');

/** An app created at `createdAt`, activated at `activatedAt` or never, with a workspace, a layer and a feature. */
async function app(createdAt: string, activatedAt: string | null = null) {
  const appKey = key();
  const ws = unique('ws_hk');
  await db.query('INSERT INTO apps (app_key, created_at, activated_at) VALUES ($1, $2, $3)', [appKey, createdAt, activatedAt]);
  await db.query('INSERT INTO workspaces (id, app_key) VALUES ($1, $2)', [ws, appKey]);
  await db.query(`INSERT INTO layers (workspace_id, id, name, geometry_type) VALUES ($1, 'trees', 'Trees', 'Point')`, [ws]);
  await db.query(`INSERT INTO features (workspace_id, layer_id, geom) VALUES ($1, 'trees', ST_SetSRID(ST_MakePoint(1, 2), 4326))`, [ws]);
  await db.query(`INSERT INTO changes (kind, workspace_id, layer_id) VALUES ('create', $1, 'trees')`, [ws]);
  return { appKey, ws };
}

async function exists(appKey: string, ws: string) {
  const q = async (sql: string, v: string) => (await db.query(sql, [v])).rows.length > 0;
  return {
    app: await q('SELECT 1 FROM apps WHERE app_key = $1', appKey),
    workspace: await q('SELECT 1 FROM workspaces WHERE id = $1', ws),
    features: await q('SELECT 1 FROM features WHERE workspace_id = $1', ws),
    changes: await q('SELECT 1 FROM changes WHERE workspace_id = $1', ws),
  };
}

// Dates long past, so apps the other test files create now are never in reach of these clocks.
describe('deleting apps never activated (SPEC §4)', () => {
  it('deletes an app three calendar months after creation, with its data, and nothing else', async () => {
    const stale = await app('2001-01-31T10:00:00Z');
    const activated = await app('2001-01-31T10:00:00Z', '2001-02-01T00:00:00Z');
    const younger = await app('2001-02-15T00:00:00Z');
    // One second short of three calendar months (PostgreSQL clamps to the month's end: 31 Jan + 3 months = 30 Apr).
    expect(await deleteExpiredApps(db, new Date('2001-04-30T09:59:59Z'))).not.toContain(stale.appKey);
    expect(await exists(stale.appKey, stale.ws)).toEqual({ app: true, workspace: true, features: true, changes: true });
    const deleted = await deleteExpiredApps(db, new Date('2001-04-30T10:00:00Z'));
    expect(deleted).toContain(stale.appKey);
    expect(deleted).not.toContain(activated.appKey);
    expect(deleted).not.toContain(younger.appKey);
    expect(await exists(stale.appKey, stale.ws)).toEqual({ app: false, workspace: false, features: false, changes: false });
    expect(await exists(activated.appKey, activated.ws)).toEqual({ app: true, workspace: true, features: true, changes: true });
    expect((await exists(younger.appKey, younger.ws)).app).toBe(true);
  });

  it('runs as a daily job on its injected clock, once at start and then each interval', async () => {
    const stale = await app('2002-01-01T00:00:00Z');
    let now = new Date('2002-03-01T00:00:00Z');
    const job = new DailyJob((at) => deleteExpiredApps(db, at), { clock: () => now, intervalMs: 50 });
    try {
      expect(await job.start()).not.toContain(stale.appKey);
      now = new Date('2002-04-02T00:00:00Z');
      // The next tick of the interval deletes it.
      await expect.poll(async () => (await exists(stale.appKey, stale.ws)).app, { timeout: 5000 }).toBe(false);
    } finally {
      job.stop();
    }
  });

  it('logs a failed run and keeps going', async () => {
    const lines: string[] = [];
    const job = new DailyJob(async () => Promise.reject(new Error('database away')), { log: (l) => lines.push(l) });
    expect(await job.runOnce()).toEqual([]);
    expect(lines).toEqual(['housekeeping failed: database away']);
  });
});
