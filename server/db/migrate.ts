import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies server/db/migrations/NNN_*.sql in name order and records each in schema_migrations.
 * All pending files run in one transaction under an advisory lock: two servers starting on one
 * PostgreSQL cannot both apply a file, and a failing file leaves nothing half-done. The SQL is plain
 * PostgreSQL 15 so PGlite (PG 18) and the server run the same files (TOOLCHAIN "PostgreSQL").
 */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const sources = await Promise.all(files.map((f) => readFile(MIGRATIONS_DIR + f, 'utf8')));
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('mapdraft-migrate'))");
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
    const applied: string[] = [];
    for (const [i, file] of files.entries()) {
      if (done.has(file)) continue;
      await tx.exec(sources[i]);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
