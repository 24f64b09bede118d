// A layer's data version (migration 090) names what its files and ETags hold: it must change with
// every committed write of its features, whichever transaction commits first, and stay the same
// while nothing changed — also when the change log is folded into the layers rows.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate, openDb, type Db } from '../../server/db/index.ts';
import { foldLayerChanges } from '../../server/services/layer_changes.ts';
import { unique } from './helpers.ts';

const postgres = inject('engine') === 'postgres';
let db: Db;

beforeAll(async () => {
  db = await openDb(postgres ? { databaseUrl: process.env.MAPDRAFT_TEST_DATABASE_URL } : { dataDir: 'memory://' });
  if (!postgres) await migrate(db);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

async function newLayer(on: Db, ws: string) {
  await on.query(`INSERT INTO layers (workspace_id, id, name, geometry_type) VALUES ($1, 'trees', 'Trees', 'Point')`, [ws]);
}

async function newWorkspace() {
  const ws = unique('ws_lv');
  await db.query('INSERT INTO workspaces (id) VALUES ($1)', [ws]);
  await newLayer(db, ws);
  return ws;
}

const insertTree = (on: Db, ws: string) =>
  on.query(`INSERT INTO features (workspace_id, layer_id, geom) VALUES ($1, 'trees', ST_SetSRID(ST_MakePoint(1, 2), 4326))`, [ws]);

async function version(ws: string): Promise<string> {
  const { rows } = await db.query<{ v: string }>(`SELECT layer_version(l) AS v FROM layers l WHERE workspace_id = $1 AND id = 'trees'`, [
    ws,
  ]);
  return rows[0].v;
}

describe('layer data versions', () => {
  it('change with every insert, update and delete, and stay the same across a fold', async () => {
    const ws = await newWorkspace();
    const seen = [await version(ws)];
    await insertTree(db, ws);
    seen.push(await version(ws));
    await db.query(`UPDATE features SET properties = '{"height": 3}' WHERE workspace_id = $1`, [ws]);
    seen.push(await version(ws));
    await foldLayerChanges(db);
    expect(await version(ws)).toBe(seen.at(-1));
    await db.query('DELETE FROM features WHERE workspace_id = $1', [ws]);
    seen.push(await version(ws));
    // A statement that touches nothing changes nothing.
    await db.query(`UPDATE features SET properties = '{}' WHERE workspace_id = $1`, [ws]);
    expect(await version(ws)).toBe(seen.at(-1));
    expect(new Set(seen).size).toBe(4);
  });

  it('change with the property definitions, and never name a deleted layer’s state again', async () => {
    const ws = await newWorkspace();
    const before = await version(ws);
    await db.query(`UPDATE layers SET properties = '[{"name": "height", "type": "NUMBER"}]' WHERE workspace_id = $1`, [ws]);
    const defined = await version(ws);
    expect(defined).not.toBe(before);
    await db.query('DELETE FROM layers WHERE workspace_id = $1', [ws]);
    await newLayer(db, ws);
    expect([before, defined]).not.toContain(await version(ws));
  });

  // Only PostgreSQL runs two transactions at once (PGlite has one connection, so there they cannot overlap).
  if (postgres) {
    it('change when a write commits after a later one: counted, not the highest number', async () => {
      const ws = await newWorkspace();
      const other = await openDb({ databaseUrl: process.env.MAPDRAFT_TEST_DATABASE_URL });
      try {
        let commitFirst!: () => void;
        const held = new Promise<void>((ok) => (commitFirst = ok));
        let written!: () => void;
        const wrote = new Promise<void>((ok) => (written = ok));
        // The first transaction writes first but commits last.
        const first = other.transaction(async (tx) => {
          await insertTree(tx, ws);
          written();
          await held;
        });
        await wrote;
        await insertTree(db, ws);
        const afterSecond = await version(ws);
        commitFirst();
        await first;
        expect(await version(ws)).not.toBe(afterSecond);
      } finally {
        await other.close();
      }
    });
  }
});
