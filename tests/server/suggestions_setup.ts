import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../server/auth/password.ts';
import type { Db } from '../../server/db/index.ts';

// Suggestion fixtures, made once by global-setup through the server's own db handle (tests reach the
// server only over HTTP). Suggestion tests work in ws_sugg so the demo's cities stay as seeded.

export interface SuggestFixture {
  workspace: string;
  /** Point layer, editable, with an editAdminOnly property `status`. */
  layer: string;
  /** Point layer not flagged editable (SPEC §6). */
  frozenLayer: string;
  /** Point layer, editable but `deletable: false`, whose property `ref` is not editable (issue 16). */
  guardedLayer: string;
  /** Editable Polygon and LineString layers (geometry limits and validity, issue 16). */
  polygonLayer: string;
  lineLayer: string;
  password: string;
  member: { username: string; session: string };
  admin2: { username: string; session: string };
  /** 200 members with sessions for the parallel-suggestion test. */
  crowd: { username: string; session: string }[];
  bulk: { workspace: string; layer: string; count: number; username: string; session: string };
  /** A member of ws_sugg whose suggestions only the review-queue tests make (filtered by creator). */
  submitter: { username: string; session: string };
  /** Species ids recorded for `layer` (an endangered one and a common one) and for `frozenLayer` (SPEC §1 observations). */
  species: { otter: number; bumblebee: number; frozenOnly: number };
}

const props = JSON.stringify([
  { name: 'name', label: 'Site name', type: 'TEXT' },
  { name: 'height', label: 'Height (m)', type: 'NUMBER' },
  { name: 'status', label: 'Status', type: 'TEXT', editAdminOnly: true },
  { name: 'notes', label: 'Notes', type: 'EDITOR' },
]);

/** ws_sugg and ws_bulk belong to their own app (the demo's workspace list stays as seeded) whose sizeLimitImage is 1MB (SPEC §3 App configuration). */
export const SUGG_APP_KEY = 'sugg'.repeat(8);
export const SUGG_SIZE_LIMIT_IMAGE = 1024 * 1024;

async function workspace(db: Db, id: string, appKey: string): Promise<void> {
  await db.query(`INSERT INTO workspaces (id, app_key, is_diff) VALUES ($1 || '_diff', $2, true)`, [id, appKey]);
  await db.query(
    `INSERT INTO workspaces (id, app_key, public_access, managed, diff_workspace) VALUES ($1, $2, true, true, $1 || '_diff')`,
    [id, appKey],
  );
}

async function layer(
  db: Db,
  ws: string,
  id: string,
  editable: boolean,
  withDiff: boolean,
  config = {},
  properties = props,
  geometryType = 'Point',
): Promise<void> {
  const insert = `INSERT INTO layers (workspace_id, id, name, geometry_type, properties, config, editable, diff_of)
    VALUES ($1, $2, $3, $8, $4::jsonb, $7::jsonb, $5, $6)`;
  const cfg = JSON.stringify({ nameProperty: 'name', ...config });
  await db.query(insert, [ws, id, id, properties, editable, null, cfg, geometryType]);
  if (withDiff) await db.query(insert, [`${ws}_diff`, `${id}_diff`, `${id} updates`, properties, editable, id, cfg, geometryType]);
}

/** The guarded layer's properties: `ref` is shown but not editable (SPEC §3 Property definition). */
const guardedProps = JSON.stringify([
  { name: 'name', label: 'Name', type: 'TEXT' },
  { name: 'ref', label: 'Reference', type: 'TEXT', editable: false },
]);

/** Users share one precomputed hash and get a session each: no scrypt per request. */
async function users(db: Db, prefix: string, n: number, type: string, hash: string, ws: string | null) {
  const { rows } = await db.query<{ id: number; username: string }>(
    `INSERT INTO users (username, password_hash, type, first_name, last_name, email)
     SELECT $1 || lpad(i::text, 3, '0'), $2, $3, 'Test', 'User', $1 || lpad(i::text, 3, '0') || '@example.org'
     FROM generate_series(1, $4) AS i RETURNING id, username`,
    [prefix + randomBytes(3).toString('hex') + '_', hash, type, n],
  );
  const out = rows.map((r) => ({ ...r, session: randomBytes(24).toString('base64url') }));
  await db.query(
    `INSERT INTO sessions (id, user_id, expires_at)
     SELECT s->>'session', (s->>'id')::bigint, now() + interval '1 day' FROM jsonb_array_elements($1::jsonb) AS s`,
    [JSON.stringify(out)],
  );
  if (ws) {
    await db.query(`INSERT INTO workspace_members (workspace_id, user_id) SELECT $1, unnest($2::bigint[])`, [ws, out.map((u) => u.id)]);
  }
  return out;
}

export async function setupSuggestions(db: Db): Promise<SuggestFixture> {
  const password = 'sugg-pass-1';
  const hash = await hashPassword(password);
  await db.query(`INSERT INTO apps (app_key, is_public, config, activated_at) VALUES ($1, true, $2::jsonb, now())`, [
    SUGG_APP_KEY,
    JSON.stringify({ appName: 'Suggestions test', sizeLimitImage: SUGG_SIZE_LIMIT_IMAGE }),
  ]);
  await workspace(db, 'ws_sugg', SUGG_APP_KEY);
  // Categories by name: the diff layer's category counts follow who may see a delete proposal (issue 16).
  await layer(db, 'ws_sugg', 'sites', true, true, { categoryProperty: 'name' });
  await layer(db, 'ws_sugg', 'frozen', false, false);
  await layer(db, 'ws_sugg', 'guarded', true, true, { deletable: false }, guardedProps);
  await layer(db, 'ws_sugg', 'parcels', true, true, {}, props, 'Polygon');
  await layer(db, 'ws_sugg', 'tracks', true, true, {}, props, 'LineString');
  await workspace(db, 'ws_bulk', SUGG_APP_KEY);
  await layer(db, 'ws_bulk', 'bulk', true, true);
  const [member] = await users(db, 's3m_', 1, 'user', hash, 'ws_sugg');
  const [admin2] = await users(db, 's3a_', 1, 'admin', hash, null);
  const crowd = await users(db, 's3c_', 200, 'user', hash, 'ws_sugg');
  const [bulkUser] = await users(db, 's3b_', 1, 'user', hash, 'ws_bulk');
  const [submitter] = await users(db, 's3q_', 1, 'user', hash, 'ws_sugg');
  // 10,000 pending suggestions in one statement (SPEC §4; the admin list must page them fast).
  const count = 10_000;
  await db.query(
    `INSERT INTO changes (kind, workspace_id, layer_id, after, suggested_by)
     SELECT 'create', 'ws_bulk', 'bulk',
       jsonb_build_object('geometry', jsonb_build_object('type', 'Point', 'coordinates', jsonb_build_array(i % 360 - 180, i % 180 - 90)),
                          'properties', jsonb_build_object('name', 'bulk ' || i)),
       $1
     FROM generate_series(1, $2) AS i`,
    [bulkUser.id, count],
  );
  const { rows: species } = await db.query<{ id: string }>(
    `INSERT INTO species (workspace_id, layer_id, scientific_name, common_name, status, status_source)
     VALUES ('ws_sugg', 'sites', 'Lutra lutra', 'Eurasian otter', 'NT', 'IUCN Red List 2024'),
            ('ws_sugg', 'sites', 'Bombus terrestris', 'Buff-tailed bumblebee', 'LC', 'IUCN Red List 2024'),
            ('ws_sugg', 'frozen', 'Lynx lynx', 'Eurasian lynx', 'LC', 'IUCN Red List 2024')
     RETURNING id`,
  );
  const pick = (u: { username: string; session: string }) => ({ username: u.username, session: u.session });
  return {
    workspace: 'ws_sugg',
    layer: 'sites',
    frozenLayer: 'frozen',
    guardedLayer: 'guarded',
    polygonLayer: 'parcels',
    lineLayer: 'tracks',
    password,
    member: pick(member),
    admin2: pick(admin2),
    crowd: crowd.map(pick),
    bulk: { workspace: 'ws_bulk', layer: 'bulk', count, ...pick(bulkUser) },
    submitter: pick(submitter),
    species: { otter: Number(species[0].id), bumblebee: Number(species[1].id), frozenOnly: Number(species[2].id) },
  };
}
