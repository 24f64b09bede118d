import { PGlite, types } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { lockDataDir } from './data_dir_lock.ts';
import type { Db, QueryResult } from './types.ts';

/** Resolves after the event loop's I/O phase: requests that arrived meanwhile get read and queued. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// PGlite is one connection: a query issued by another request while a transaction is open would run
// inside that transaction. This queue makes each top-level query or transaction run alone.
// PGlite runs in this thread and settles its promises without I/O, so a chain of queries (a bulk
// decision of 10,000 items) would never let the event loop read a socket: every other request, and
// every health check, would wait for the whole chain. Each queued call starts on a later turn.
class Queue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.tail.then(nextTurn).then(fn);
    this.tail = next.catch(() => undefined);
    return next;
  }
}

// int8 (bigserial gfid, count(*)) as JS numbers on both engines; ids stay far below 2^53.
const parsers = { [types.INT8]: (v: string) => Number(v) };

function txDb(tx: Pick<PGlite, 'query' | 'exec'>): Db {
  const self: Db = {
    engine: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)) as QueryResult<T>,
    // Nested transactions are not needed by our routes; run inline on the same transaction.
    transaction: (fn) => fn(self),
    exec: async (sql) => void (await tx.exec(sql)),
    close: async () => undefined,
  };
  return self;
}

export async function openPglite(dataDir: string): Promise<Db> {
  const lock = dataDir.includes('://') ? undefined : lockDataDir(dataDir); // memory:// and idb:// need none
  let pg: PGlite;
  try {
    pg = await PGlite.create(dataDir, { extensions: { postgis }, parsers });
  } catch (err) {
    lock?.release();
    throw err;
  }
  const queue = new Queue();
  return {
    engine: 'pglite',
    query: <T>(sql: string, params?: unknown[]) => queue.run(async () => (await pg.query<T>(sql, params)) as QueryResult<T>),
    transaction: (fn) => queue.run(() => pg.transaction((tx) => fn(txDb(tx)))),
    exec: (sql) => queue.run(async () => void (await pg.exec(sql))),
    close: () => queue.run(() => pg.close()).finally(() => lock?.release()),
  };
}
