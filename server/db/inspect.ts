import type { Db } from './types.ts';

export interface SpatialFacts {
  postgis: string;
  geometryColumns: { table: string; column: string; type: string; srid: number }[];
  gistIndexes: { table: string; index: string }[];
}

/** What the schema really holds (PostGIS columns, GiST indexes): for tests and diagnostics. */
export async function spatialFacts(db: Db): Promise<SpatialFacts> {
  const version = await db.query<{ v: string }>('SELECT postgis_lib_version() AS v');
  const columns = await db.query<SpatialFacts['geometryColumns'][number]>(
    `SELECT f_table_name AS "table", f_geometry_column AS "column", type, srid
     FROM geometry_columns WHERE f_table_schema = current_schema() ORDER BY 1, 2`,
  );
  const indexes = await db.query<SpatialFacts['gistIndexes'][number]>(
    `SELECT tablename AS "table", indexname AS "index" FROM pg_indexes
     WHERE schemaname = current_schema() AND indexdef ILIKE '%USING gist%' ORDER BY 1, 2`,
  );
  return { postgis: version.rows[0].v, geometryColumns: columns.rows, gistIndexes: indexes.rows };
}
