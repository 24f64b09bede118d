import type { Db } from './types.ts';

export type { Db, QueryResult } from './types.ts';
export { migrate } from './migrate.ts';

/** PostgreSQL when a URL is given (scale), else embedded PGlite in dataDir (DESIGN "One SQL dialect"). */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return (await import('./pg.ts')).openPg(opts.databaseUrl);
  return (await import('./pglite.ts')).openPglite(opts.dataDir ?? './data');
}
