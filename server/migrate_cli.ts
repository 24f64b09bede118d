import { migrate, openDb } from './db/index.ts';
import { seedDemo } from './seed/index.ts';

// `npm run migrate`: applies pending migrations (and, unless MAPDRAFT_SEED=none, the first-start
// demo seed) and exits, so a deployment prepares its database once before it starts (or restarts)
// its app servers, which then find nothing left to do. Reads DATABASE_URL, else MAPDRAFT_DATA_DIR.
async function main(): Promise<void> {
  const env = process.env;
  const db = await openDb({ databaseUrl: env.DATABASE_URL || undefined, dataDir: env.MAPDRAFT_DATA_DIR ?? './data' });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'migrations are current');
    if (env.MAPDRAFT_SEED !== 'none') {
      const cities = env.MAPDRAFT_SEED_CITIES;
      await seedDemo(db, {
        seedCities: cities === 'all' ? 'all' : cities ? Number(cities) : undefined,
        adminPassword: env.MAPDRAFT_ADMIN_PASSWORD,
        userPassword: env.MAPDRAFT_USER_PASSWORD,
        print: (line) => console.log(line),
      });
    }
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
