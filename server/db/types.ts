// The one database interface the server talks to (DESIGN "One SQL dialect"): PGlite embedded or a
// PostgreSQL server behind it, so routes, migrations and tests run unchanged on both engines.
export interface QueryResult<T> {
  rows: T[];
}

export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs fn on one connection inside BEGIN/COMMIT; use `tx`, never the outer db, inside fn. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs several `;`-separated statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly engine: 'pglite' | 'postgres';
}
