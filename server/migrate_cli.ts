import { migrate, openDb } from './db/index.ts';

// `npm run migrate`: applies pending migrations and exits, so a deployment migrates once before it
// starts (or restarts) its app servers. Reads DATABASE_URL, else MAPDRAFT_DATA_DIR (PGlite).
async function main(): Promise<void> {
  const db = await openDb({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.MAPDRAFT_DATA_DIR ?? './data' });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'migrations are current');
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
