import type { Db } from '../../server/db/index.ts';

// An app with one public and one private workspace, for the OGC API – Features role tests: made
// once by global-setup through the server's db handle (layers cannot be created over HTTP yet).

export interface OgcFixture {
  appKey: string;
  /** Collection in the public workspace: 3 points, `kind` a, b, a; `rank` 1, 2, 3. */
  publicLayer: string;
  /** Collection in the private workspace (SPEC §6: members, admins and the owner only). */
  privateLayer: string;
  /** An app whose only workspace is private. */
  privateAppKey: string;
}

export const OGC_APP_KEY = 'ogcp'.repeat(8);
const PRIVATE_APP_KEY = 'ogcq'.repeat(8);

export async function setupOgc(db: Db): Promise<OgcFixture> {
  const props = JSON.stringify([
    { name: 'kind', label: 'Kind', type: 'TEXT' },
    { name: 'rank', label: 'Rank', type: 'NUMBER' },
  ]);
  for (const [key, name] of [
    [OGC_APP_KEY, 'OGC test'],
    [PRIVATE_APP_KEY, 'OGC private'],
  ]) {
    await db.query(`INSERT INTO apps (app_key, is_public, config, activated_at) VALUES ($1, true, $2::jsonb, now())`, [
      key,
      JSON.stringify({ appName: name }),
    ]);
  }
  await db.query(
    `INSERT INTO workspaces (id, app_key, public_access) VALUES ('ws_ogc_pub', $1, true), ('ws_ogc_priv', $1, false), ('ws_ogcq_priv', $2, false)`,
    [OGC_APP_KEY, PRIVATE_APP_KEY],
  );
  await db.query(
    `INSERT INTO layers (workspace_id, id, name, geometry_type, properties) VALUES
       ('ws_ogc_pub', 'sites', 'Sites', 'Point', $1::jsonb), ('ws_ogc_priv', 'secret', 'Secret', 'Point', $1::jsonb),
       ('ws_ogcq_priv', 'hidden', 'Hidden', 'Point', $1::jsonb)`,
    [props],
  );
  await db.query(
    `INSERT INTO features (workspace_id, layer_id, geom, properties) VALUES
       ('ws_ogc_pub', 'sites', ST_SetSRID(ST_MakePoint(1, 1), 4326), '{"kind":"a","rank":1}'),
       ('ws_ogc_pub', 'sites', ST_SetSRID(ST_MakePoint(2, 2), 4326), '{"kind":"b","rank":2}'),
       ('ws_ogc_pub', 'sites', ST_SetSRID(ST_MakePoint(3, 3), 4326), '{"kind":"a","rank":3}'),
       ('ws_ogc_priv', 'secret', ST_SetSRID(ST_MakePoint(4, 4), 4326), '{"kind":"x","rank":9}')`,
  );
  return { appKey: OGC_APP_KEY, publicLayer: 'sites', privateLayer: 'secret', privateAppKey: PRIVATE_APP_KEY };
}
