// Server scenarios measure the same thing on both databases the product runs on: the embedded PGlite,
// then a fresh PostgreSQL database made by the project's own script. Samples are keyed `engine.metric`.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './browser.ts';
import { CONTENDERS, type Contender } from './scenario.ts';

export type EngineSamples = Record<Contender, Record<string, number[]>>;

export interface BothEngines {
  samples: EngineSamples;
  /** The PostgreSQL database used, or undefined when it could not be created (then a note says why). */
  pgUrl: string | undefined;
  notes: string[];
}

/** Runs `measure` on PGlite, then on a dedicated PostgreSQL database `pgDatabase` (never the test suite's). */
export async function measureOnBothEngines(
  pgDatabase: string,
  measure: (engine: 'pglite' | 'postgres', databaseUrl?: string) => Promise<EngineSamples>,
): Promise<BothEngines> {
  const samples = { baseline: {}, ceiling: {}, mapdraft: {} } as EngineSamples;
  const notes: string[] = [];
  const merge = (engine: string, s: EngineSamples) => {
    for (const c of CONTENDERS) for (const [k, v] of Object.entries(s[c])) samples[c][`${engine}.${k}`] = v;
  };
  merge('pglite', await measure('pglite'));
  let pgUrl: string | undefined;
  try {
    pgUrl = execFileSync('bash', [join(ROOT, 'scripts/pg_test_db.sh')], {
      env: { ...process.env, MAPDRAFT_TEST_DB_NAME: pgDatabase },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 300_000,
    }).trim();
  } catch (e) {
    notes.push(`PostgreSQL not measured: scripts/pg_test_db.sh failed (${(e as Error).message.split('\n')[0]}).`);
  }
  if (pgUrl) merge('postgres', await measure('postgres', pgUrl));
  return { samples, pgUrl, notes };
}
