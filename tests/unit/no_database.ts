// A database handle for an app built in-process whose requests never reach the database: any query fails.
import type { Db } from '../../server/db/index.ts';

export const noDatabase = new Proxy({}, { get: () => () => Promise.reject(new Error('no database in this test')) }) as Db;
