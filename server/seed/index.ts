import { randomBytes } from 'node:crypto';
import { DEMO_APP_KEY, baseLayerId, type LayerInput } from '../../src/model/index.ts';
import { generatePassword, hashPassword } from '../auth/password.ts';
import type { Db } from '../db/index.ts';
import { insertFeatures } from './bulk.ts';
import { generateDemoRoads } from './demo_roads.ts';
import { seedDemoObservations } from './demo_observations.ts';
import { DEMO_BASE_LAYERS, DEMO_CONFIG, DEMO_DIFF_LAYERS, DEMO_DIFF_WORKSPACE, DEMO_LAYERS, DEMO_WORKSPACE } from './demo_config.ts';
import { loadBorders, loadCities, loadCountries, type SeedFeature } from './geodata.ts';

export interface SeedOptions {
  seedCities?: number | 'all';
  adminPassword?: string;
  userPassword?: string;
  /** Where generated passwords are printed once (stdout in main.ts). */
  print?: (line: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  counts?: Record<string, number>;
}

async function insertUser(tx: Db, username: string, type: string, passwordHash: string): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, type, first_name, last_name, email)
     VALUES ($1, $2, $3, $1, 'Demo', $1 || '@mapdraft.invalid') RETURNING id`,
    [username, passwordHash, type],
  );
  return rows[0].id;
}

async function insertLayer(tx: Db, layer: LayerInput, diffOf: string | null): Promise<void> {
  const { id, name, type, workspace, properties, edit, ...config } = layer;
  await tx.query(
    `INSERT INTO layers (workspace_id, id, name, geometry_type, properties, config, editable, diff_of)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)`,
    [workspace, id, name, type, JSON.stringify(properties ?? []), JSON.stringify(config), edit ?? false, diffOf],
  );
}

/**
 * First start seeds the demo of CONTRACT "Demo seed", in one transaction, only while the demo app
 * row is absent — so a restart, or a second server on the same database, seeds nothing.
 */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const present = await db.query('SELECT 1 FROM apps WHERE app_key = $1', [DEMO_APP_KEY]);
  if (present.rows.length) return { seeded: false };
  const print = opts.print ?? (() => undefined);
  const adminPassword = opts.adminPassword || generatePassword();
  const userPassword = opts.userPassword || generatePassword();
  const cities = loadCities(opts.seedCities ?? 10_000);
  const data: Record<string, SeedFeature[]> = {
    cities,
    countries: loadCountries(),
    borders: loadBorders(),
    roads: generateDemoRoads(cities),
  };
  // The ws_demo registration secret (POST /api/workspaces/ws_demo/register) is printed once, like passwords.
  const secret = randomBytes(18).toString('base64url');
  // Hashes before the transaction: on PGlite an open transaction holds the only connection.
  const [adminHash, userHash, secretHash] = await Promise.all([adminPassword, userPassword, secret].map(hashPassword));
  const counts = await db.transaction(async (tx) => {
    // Two servers starting on one empty PostgreSQL: the second waits here, then sees the demo and stops.
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('mapdraft-seed-demo'))");
    if ((await tx.query('SELECT 1 FROM apps WHERE app_key = $1', [DEMO_APP_KEY])).rows.length) return null;
    const adminId = await insertUser(tx, 'admin', 'admin', adminHash);
    const userId = await insertUser(tx, 'user', 'user', userHash);
    await tx.query(
      `INSERT INTO apps (app_key, owner_id, organisation, owner_name, is_public, config, layers, base_layers, activated_at)
       VALUES ($1, $2, 'Mapdraft', 'admin', true, $3::jsonb, $4::jsonb, $5::jsonb, now())`,
      [DEMO_APP_KEY, adminId, JSON.stringify(DEMO_CONFIG), JSON.stringify(DEMO_LAYERS), JSON.stringify(DEMO_BASE_LAYERS)],
    );
    // The diff workspace first: ws_demo references it.
    await tx.query(
      `INSERT INTO workspaces (id, app_key, public_access, managed, is_diff, secret_hash, created_by)
       VALUES ($1, $2, false, false, true, NULL, $3)`,
      [DEMO_DIFF_WORKSPACE, DEMO_APP_KEY, adminId],
    );
    await tx.query(
      `INSERT INTO workspaces (id, app_key, public_access, managed, diff_workspace, secret_hash, secret, created_by)
       VALUES ($1, $2, true, true, $3, $4, $5, $6)`,
      [DEMO_WORKSPACE, DEMO_APP_KEY, DEMO_DIFF_WORKSPACE, secretHash, secret, adminId],
    );
    await tx.query(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'editor')`, [
      DEMO_WORKSPACE,
      adminId,
      userId,
    ]);
    for (const layer of DEMO_LAYERS) await insertLayer(tx, layer, null);
    for (const layer of DEMO_DIFF_LAYERS) await insertLayer(tx, layer, baseLayerId(layer.id));
    const result: Record<string, number> = {};
    for (const [layer, rows] of Object.entries(data)) {
      result[layer] = await insertFeatures(tx, DEMO_WORKSPACE, layer, rows, adminId);
    }
    result.observations = await seedDemoObservations(tx, DEMO_WORKSPACE, 'cities', adminId);
    return result;
  });
  if (!counts) return { seeded: false };
  if (!opts.adminPassword) print(`Seeded user admin with generated password: ${adminPassword}`);
  if (!opts.userPassword) print(`Seeded user user with generated password: ${userPassword}`);
  print(`Workspace ${DEMO_WORKSPACE} registration secret: ${secret}`);
  return { seeded: true, counts };
}
