// Starts the real API server in-process for the browser suite (PGlite in memory, 500 seeded cities)
// and hands its address to the tests through vitest's provide/inject.
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
  }
}

let close: (() => Promise<void>) | undefined;

export async function setup(project: TestProject) {
  const { startServer } = await import('../../server/start.ts');
  const { loadTestLimits } = await import('../../server/limits.ts');
  const server = await startServer({
    port: 0,
    dataDir: 'memory://',
    seedCities: 500,
    serveClient: false,
    adminPassword: 'a-pass-123',
    userPassword: 'u-pass-123',
    log: false,
    limits: loadTestLimits(),
  });
  // Tests that change features work on copies of the demo layers (and their _diff companions), so the
  // suites reading the demo layers in parallel never see their edits.
  await server.db.exec(`
    INSERT INTO layers (workspace_id, id, name, geometry_type, properties, config, editable, diff_of)
      SELECT workspace_id, 'edit_' || id, name, geometry_type, properties, config, editable,
             CASE WHEN diff_of IS NULL THEN NULL ELSE 'edit_' || diff_of END
      FROM layers WHERE id IN ('cities', 'borders', 'cities_diff', 'borders_diff');
    INSERT INTO features (workspace_id, layer_id, geom, properties)
      SELECT workspace_id, 'edit_' || layer_id, geom, properties
      FROM features WHERE layer_id IN ('cities', 'borders') ORDER BY gfid;
    -- A workspace closed to visitors (SPEC §6), for the login tests: 20 of the demo's cities.
    INSERT INTO workspaces (id, app_key, public_access, managed) VALUES ('ws_private', '${'demo'.repeat(8)}', false, false);
    INSERT INTO layers (workspace_id, id, name, geometry_type, properties, config, editable, diff_of)
      SELECT 'ws_private', 'private_sites', 'Private sites', geometry_type, properties, config, false, NULL
      FROM layers WHERE id = 'cities';
    INSERT INTO features (workspace_id, layer_id, geom, properties)
      SELECT 'ws_private', 'private_sites', geom, properties FROM features WHERE layer_id = 'cities' ORDER BY gfid LIMIT 20;
  `);
  close = () => server.close();
  project.provide('apiBase', server.url.replace(/\/$/, ''));
}

export async function teardown() {
  await close?.();
}
