import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';

// Issue 16: what a load balancer asks each app server. 200 when the database answers and every
// migration this build knows has been applied; 503 otherwise (the server should get no traffic).

const MIGRATIONS_DIR = fileURLToPath(new URL('../db/migrations/', import.meta.url));

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const known = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f));
  app.get('/health', { schema: { tags: ['health'] } }, async (_req, reply) => {
    try {
      const { rows } = await app.deps.db.query<{ name: string }>('SELECT name FROM schema_migrations');
      const applied = new Set(rows.map((r) => r.name));
      const missing = known.filter((f) => !applied.has(f));
      const status = missing.length ? 503 : 200;
      return reply.code(status).send({ status: missing.length ? 'migrations-pending' : 'ok', database: 'ok', missingMigrations: missing });
    } catch {
      return reply.code(503).send({ status: 'database-unreachable', database: 'unreachable', missingMigrations: [] });
    }
  });
}
