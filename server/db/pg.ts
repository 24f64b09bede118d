import pg from 'pg';
import type { Db, QueryResult } from './types.ts';

// Same row shapes as the PGlite adapter: int8 as number (gfid, counts).
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

function clientDb(client: pg.PoolClient): Db {
  const self: Db = {
    engine: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params as unknown[])) as unknown as QueryResult<T>,
    transaction: (fn) => fn(self),
    exec: async (sql) => void (await client.query(sql)),
    close: async () => undefined,
  };
  return self;
}

/** Connections per app server (MAPDRAFT_PG_POOL_SIZE): servers × pool size must stay under max_connections. */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MAPDRAFT_PG_POOL_SIZE);
  return Number.isInteger(n) && n > 0 ? n : 10;
}

export async function openPg(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: poolSize() });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => undefined);
  return {
    engine: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params as unknown[])) as unknown as QueryResult<T>,
    // Each transaction holds one pooled client from BEGIN to COMMIT/ROLLBACK.
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientDb(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => void (await pool.query(sql)),
    close: () => pool.end(),
  };
}
