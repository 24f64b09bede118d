import type { Db } from '../db/index.ts';
import type { SeedFeature } from './geodata.ts';

const CHUNK = 5000;

/**
 * Portable bulk insert (TOOLCHAIN "PostgreSQL"): one JSON array parameter per chunk expanded by
 * jsonb_array_elements, so PGlite and pg take the same statement and 5,000 rows cost one round trip.
 */
export async function insertFeatures(
  db: Db,
  workspace: string,
  layer: string,
  rows: SeedFeature[],
  createdBy: number | null,
): Promise<number> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.query(
      `INSERT INTO features (workspace_id, layer_id, geom, properties, created_by)
       SELECT $1, $2, ST_SetSRID(ST_GeomFromGeoJSON((e->'g')::text), 4326), e->'p', $3
       FROM jsonb_array_elements($4::jsonb) WITH ORDINALITY AS t(e, n) ORDER BY n`,
      [workspace, layer, createdBy, JSON.stringify(rows.slice(i, i + CHUNK))],
    );
  }
  return rows.length;
}
