import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../server/db/pglite.ts';
import type { Db } from '../../server/db/types.ts';

// The embedded database (PGlite) runs in the server's own thread and settles its queries without any
// I/O. A long chain of queries (a bulk decision of 10,000 suggestions, an import) must still leave
// the event loop turns to read other requests: before, the whole server stopped answering until the
// chain ended (45 s for 10,000 accepts).
describe('embedded database fairness', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite('memory://');
  }, 60_000);
  afterAll(() => db?.close());

  it('lets the event loop run between queued queries and transactions', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const started = turns;
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query<{ n: number }>('SELECT $1::int AS n', [i]);
      expect(rows[0].n).toBe(i);
      await db.transaction((tx) => tx.query('SELECT 1'));
    }
    counting = false;
    // Each queued call starts on a later turn: the other work got about one turn per call.
    expect(turns - started).toBeGreaterThanOrEqual(200);
  });
});
