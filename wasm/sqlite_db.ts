// The SQLite connection wrapper shared by the browser's stores (wasm/sqlite.ts picks their storage)
// and the server's GeoPackage export (server/services/export_gpkg.ts): nothing here depends on a
// bundler or a browser API, so Node runs it on the same wa-sqlite build.
import * as SQLite from '@journeyapps/wa-sqlite';

export type VfsKind = 'opfs' | 'idb' | 'memory';
export type SqlValue = number | string | Uint8Array | bigint | null;

/** MemoryVFS's file table (the example class keeps it public; its .d.ts does not say so). */
interface MemoryFiles {
  mapNameToFile: Map<string, { pathname: string; flags: number; size: number; data: ArrayBuffer }>;
}

let memoryDatabases = 0;

/** A database being written in memory; `bytes()` is its file as SQLite has written it so far (call after COMMIT). */
export interface MemoryDatabase {
  db: SqliteDb;
  bytes(): Uint8Array;
}

/**
 * A database file in a MemoryVFS of its own on `module` (a built wa-sqlite module, the synchronous
 * build): new and writable, handed out as bytes when written (the GeoPackage export, issue 15), or,
 * given `bytes`, that file opened read-only (an imported GeoPackage).
 */
export async function openMemoryDatabase(module: unknown, bytes?: Uint8Array): Promise<MemoryDatabase> {
  const { MemoryVFS } = (await import('@journeyapps/wa-sqlite/src/examples/MemoryVFS.js')) as unknown as {
    MemoryVFS: { create(name: string, module: unknown): Promise<SQLiteVFS> };
  };
  const sqlite3 = SQLite.Factory(module);
  const vfsName = `mapdraft-file-${++memoryDatabases}`;
  const vfs = await MemoryVFS.create(vfsName, module);
  const files = (vfs as unknown as MemoryFiles).mapNameToFile;
  const pathname = '/file.sqlite';
  if (bytes) {
    const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    files.set(pathname, { pathname, flags: SQLite.SQLITE_OPEN_MAIN_DB | SQLite.SQLITE_OPEN_READONLY, size: bytes.byteLength, data });
  }
  sqlite3.vfs_register(vfs, false);
  const flags = bytes ? SQLite.SQLITE_OPEN_READONLY : SQLite.SQLITE_OPEN_CREATE | SQLite.SQLITE_OPEN_READWRITE;
  const db = new SqliteDb(sqlite3, await sqlite3.open_v2(pathname, flags, vfsName), 'memory', vfs);
  return {
    db,
    bytes: () => {
      const file = files.get(pathname)!;
      return new Uint8Array(file.data, 0, file.size).slice();
    },
  };
}

/**
 * A thin typed wrapper over one connection. Prepared statements are cached per SQL text and reused
 * (reset + rebind), because preparing costs more than stepping for the one-row statements that
 * bulk writes run 100k times.
 */
export class SqliteDb {
  private readonly statements = new Map<string, number>();

  constructor(
    readonly sqlite3: SQLiteAPI,
    readonly db: number,
    readonly vfs: VfsKind,
    private readonly vfsInstance: SQLiteVFS,
  ) {}

  /** Runs one or more statements without parameters (schema, pragmas, BEGIN/COMMIT). */
  async exec(sql: string): Promise<void> {
    await this.sqlite3.exec(this.db, sql);
  }

  /** A cached prepared statement for `sql`, ready to bind (bindings cleared). */
  async prepare(sql: string): Promise<number> {
    let stmt = this.statements.get(sql);
    if (stmt === undefined) {
      for await (const s of this.sqlite3.statements(this.db, sql, { unscoped: true })) {
        stmt = s;
        break;
      }
      if (stmt === undefined) throw new Error(`no statement in: ${sql}`);
      this.statements.set(sql, stmt);
    } else {
      await this.sqlite3.reset(stmt);
      this.sqlite3.clear_bindings(stmt);
    }
    return stmt;
  }

  /** Binds `params` (1-based positions) to a prepared statement. */
  bind(stmt: number, params: readonly SqlValue[]): void {
    for (let i = 0; i < params.length; i++) {
      const v = params[i];
      // Bind every number as a double unless it is a safe integer: wa-sqlite's generic `bind`
      // would store 2^31..2^53 as REAL.
      if (typeof v === 'number') {
        if ((v | 0) === v) this.sqlite3.bind_int(stmt, i + 1, v);
        else if (Number.isSafeInteger(v)) this.sqlite3.bind_int64(stmt, i + 1, BigInt(v));
        else this.sqlite3.bind_double(stmt, i + 1, v);
      } else {
        this.sqlite3.bind(stmt, i + 1, v);
      }
    }
  }

  /** Runs a statement that returns no rows. */
  async run(sql: string, params: readonly SqlValue[] = []): Promise<void> {
    const stmt = await this.prepare(sql);
    this.bind(stmt, params);
    await this.sqlite3.step(stmt);
  }

  /**
   * Steps a statement and hands each row to `onRow` while it is current. Blob columns are views
   * into WASM memory that the next step overwrites: `onRow` must copy what it keeps.
   */
  async each(sql: string, params: readonly SqlValue[], onRow: (stmt: number) => void): Promise<void> {
    const stmt = await this.prepare(sql);
    this.bind(stmt, params);
    while ((await this.sqlite3.step(stmt)) === SQLite.SQLITE_ROW) onRow(stmt);
  }

  isNull(stmt: number, col: number): boolean {
    return this.sqlite3.column_type(stmt, col) === SQLite.SQLITE_NULL;
  }

  /** Whether the column holds a BLOB (SQLite keeps a value's own type, whatever the column's affinity). */
  isBlob(stmt: number, col: number): boolean {
    return this.sqlite3.column_type(stmt, col) === SQLite.SQLITE_BLOB;
  }

  /**
   * A copy of a BLOB column in its own, 8-byte-aligned buffer (the column's view is WASM memory the
   * next step reuses). NULL reads as empty: sqlite3_malloc(0) is NULL, so an empty blob binds as NULL.
   */
  blob(stmt: number, col: number): Uint8Array {
    return this.blobView(stmt, col).slice();
  }

  /** A BLOB column as a view into WASM memory, valid until the statement steps again (NULL: empty). */
  blobView(stmt: number, col: number): Uint8Array {
    return this.isNull(stmt, col) ? new Uint8Array(0) : this.sqlite3.column_blob(stmt, col);
  }

  /** All rows as arrays of values (blobs copied). For small results. */
  async all(sql: string, params: readonly SqlValue[] = []): Promise<SqlValue[][]> {
    const rows: SqlValue[][] = [];
    await this.each(sql, params, (stmt) => {
      rows.push(this.sqlite3.row(stmt).map((v) => (v instanceof Uint8Array ? v.slice() : (v as SqlValue))));
    });
    return rows;
  }

  /** Runs `fn` in one transaction: committed if it resolves, rolled back if it throws. */
  async transaction<T>(fn: () => Promise<T>): Promise<T> {
    await this.exec('BEGIN IMMEDIATE');
    try {
      const result = await fn();
      await this.exec('COMMIT');
      return result;
    } catch (error) {
      if (!this.sqlite3.get_autocommit(this.db)) await this.exec('ROLLBACK');
      throw error;
    }
  }

  async close(): Promise<void> {
    for (const stmt of this.statements.values()) await this.sqlite3.finalize(stmt);
    this.statements.clear();
    await this.sqlite3.close(this.db);
    // Releases OPFS access handles / the IndexedDB connection so a later open (another tab or
    // worker after a reload) gets them without waiting for this worker to die.
    await this.vfsInstance.close();
  }
}
