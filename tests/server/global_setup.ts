import type { TestProject } from 'vitest/node';
import { migrate } from '../../server/db/index.ts';
import { spatialFacts, type SpatialFacts } from '../../server/db/inspect.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { startServer } from '../../server/start.ts';
import { ADMIN, SEED_CITIES, USER } from './fixtures.ts';
import { setupOgc, type OgcFixture } from './ogc_setup.ts';
import { setupSuggestions, type SuggestFixture } from './suggestions_setup.ts';

// One server per test run (TOOLCHAIN: start PGlite once per process); test files share it and stay
// apart by unique names. The same files run against PGlite and PostgreSQL (DESIGN "One SQL dialect").
declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    engine: 'pglite' | 'postgres';
    spatial: SpatialFacts;
    /** gfid of a feature in the demo's cities_diff layer (SPEC §5 diff-layer lookup refusal). */
    diffGfid: number;
    /** Whether a second seed on the started database did anything (it must not: idempotent seed). */
    reseeded: boolean;
    /** Migrations a second migrate() applied on the started database (must be none). */
    remigrated: string[];
    /** Workspace, layers and users for suggestion tests (suggestions_setup.ts). */
    suggest: SuggestFixture;
    /** Apps and layers for the OGC API – Features tests (ogc_setup.ts). */
    ogc: OgcFixture;
  }
}

export default async function setup(project: TestProject) {
  const engine = project.name === 'server-postgres' ? 'postgres' : 'pglite';
  const databaseUrl = engine === 'postgres' ? process.env.MAPDRAFT_TEST_DATABASE_URL : undefined;
  if (engine === 'postgres' && !databaseUrl) {
    throw new Error(
      'server-postgres needs MAPDRAFT_TEST_DATABASE_URL (run: export MAPDRAFT_TEST_DATABASE_URL=$(bash scripts/pg_test_db.sh))',
    );
  }
  const server = await startServer({
    port: 0,
    databaseUrl,
    dataDir: engine === 'pglite' ? 'memory://' : undefined,
    seedCities: SEED_CITIES,
    adminPassword: ADMIN.password,
    userPassword: USER.password,
    serveClient: false,
    print: () => undefined,
    // The whole suite's requests come from 127.0.0.1 (tests/server/two_servers.test.ts tests the limit).
    limits: loadTestLimits(),
  });
  // One pending feature placed straight in the diff layer, without the suggestion routes.
  const diff = await server.db.query<{ gfid: number }>(
    `INSERT INTO features (workspace_id, layer_id, geom, properties)
     VALUES ('ws_demo_diff', 'cities_diff', ST_SetSRID(ST_MakePoint(2.35, 48.85), 4326), '{"name":"Paris (suggested)"}')
     RETURNING gfid`,
  );
  project.provide('suggest', await setupSuggestions(server.db));
  project.provide('ogc', await setupOgc(server.db));
  project.provide('apiBase', server.url);
  project.provide('engine', engine);
  project.provide('spatial', await spatialFacts(server.db));
  project.provide('diffGfid', diff.rows[0].gfid);
  project.provide('remigrated', await migrate(server.db));
  project.provide('reseeded', (await seedDemo(server.db, { seedCities: 5 })).seeded);
  return async () => {
    await server.close();
  };
}
