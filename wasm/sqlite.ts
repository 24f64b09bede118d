// wa-sqlite glue: builds the WASM module, picks the storage back end and wraps the low-level C API
// in a few typed helpers. Runs inside a dedicated (module) worker: the OPFS back end needs
// synchronous access handles, which exist only in workers (TOOLCHAIN.md "wa-sqlite in a module worker").
//
// Back ends, best first (DESIGN.md "Offline first": layers and features must survive a reload):
//  - 'opfs':   OPFSCoopSyncVFS on the synchronous build (fastest: 100k rows ≈ 0.5 s insert);
//  - 'idb':    IDBBatchAtomicVFS on the Asyncify build, where OPFS sync handles are missing
//              (older Safari, some WebViews); the IndexedDB database carries the same name;
//  - 'memory': MemoryVFS, nothing persists; only so the app still runs where storage is refused
//              (private modes), and callers can see it through `vfs`.
import * as SQLite from '@journeyapps/wa-sqlite';
// The .wasm files go through Vite's `?url` so the production build emits and fingerprints them;
// wa-sqlite's own `new URL('x.wasm', import.meta.url)` lookup breaks once the .mjs is bundled.
import syncWasmUrl from '@journeyapps/wa-sqlite/dist/wa-sqlite.wasm?url';
import asyncWasmUrl from '@journeyapps/wa-sqlite/dist/wa-sqlite-async.wasm?url';

export type VfsKind = 'opfs' | 'idb' | 'memory';
export type SqlValue = number | string | Uint8Array | bigint | null;

/** What every wa-sqlite example VFS offers; `.create` is missing from the package's .d.ts. */
interface VfsFactory {
  create(name: string, module: unknown, options?: { idbName?: string }): Promise<SQLiteVFS>;
}

/** The one place the untyped VFS modules are cast to `VfsFactory`. */
async function loadVfs(kind: VfsKind): Promise<VfsFactory> {
  switch (kind) {
    case 'opfs': {
      // @ts-expect-error -- OPFSCoopSyncVFS ships without type declarations.
      const m = await import('@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js');
      return m.OPFSCoopSyncVFS as VfsFactory;
    }
    case 'idb': {
      const m = await import('@journeyapps/wa-sqlite/src/examples/IDBBatchAtomicVFS.js');
      return m.IDBBatchAtomicVFS as unknown as VfsFactory;
    }
    case 'memory': {
      const m = await import('@journeyapps/wa-sqlite/src/examples/MemoryVFS.js');
      return m.MemoryVFS as unknown as VfsFactory;
    }
  }
}

/** OPFS with synchronous access handles: Chromium 108+, Firefox 111+, Safari 17+, workers only. */
export function hasOpfsSyncAccess(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.storage?.getDirectory === 'function' &&
    typeof FileSystemFileHandle !== 'undefined' &&
    'createSyncAccessHandle' in FileSystemFileHandle.prototype
  );
}

function hasIndexedDb(): boolean {
  return typeof indexedDB !== 'undefined';
}

async function buildModule(kind: VfsKind): Promise<unknown> {
  // IDBBatchAtomicVFS answers asynchronously, so it needs the Asyncify build; the others run on
  // the smaller synchronous one. Dynamic imports keep the unused build out of the worker's startup.
  if (kind === 'idb') {
    const { default: factory } = await import('@journeyapps/wa-sqlite/dist/wa-sqlite-async.mjs');
    return factory({ locateFile: () => asyncWasmUrl });
  }
  const { default: factory } = await import('@journeyapps/wa-sqlite/dist/wa-sqlite.mjs');
  return factory({ locateFile: () => syncWasmUrl });
}

export interface OpenSqliteOptions {
  /** Database name: the OPFS file name, and the IndexedDB database name for 'idb'. */
  name: string;
  /** Force one back end (tests, diagnostics); by default the best one available. */
  vfs?: VfsKind;
}

/**
 * Opens `name` on the best back end that works here. A back end that is present but fails to open
 * (quota, a locked handle, a broken IndexedDB) falls through to the next one rather than leaving
 * the app without a store.
 */
export async function openSqlite({ name, vfs }: OpenSqliteOptions): Promise<SqliteDb> {
  const candidates: VfsKind[] = vfs
    ? [vfs]
    : [...(hasOpfsSyncAccess() ? (['opfs'] as const) : []), ...(hasIndexedDb() ? (['idb'] as const) : []), 'memory'];
  let lastError: unknown;
  for (const kind of candidates) {
    try {
      return await openWith(kind, name);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function openWith(kind: VfsKind, name: string): Promise<SqliteDb> {
  const [module, Vfs] = await Promise.all([buildModule(kind), loadVfs(kind)]);
  const sqlite3 = SQLite.Factory(module);
  // A VFS name unique to this module instance, so several stores in one worker cannot clash.
  const vfsName = `mapdraft-${kind}`;
  const vfsInstance = await Vfs.create(vfsName, module, { idbName: name });
  sqlite3.vfs_register(vfsInstance, false);
  const db = await sqlite3.open_v2(name, SQLite.SQLITE_OPEN_CREATE | SQLite.SQLITE_OPEN_READWRITE, vfsName);
  const handle = new SqliteDb(sqlite3, db, kind, vfsInstance);
  try {
    // Fails here, not on first use, when the back end cannot really read or write.
    await handle.exec('PRAGMA user_version');
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** MemoryVFS's file table (the example class keeps it public; its .d.ts does not say so). */
interface MemoryFiles {
  mapNameToFile: Map<string, { pathname: string; flags: number; size: number; data: ArrayBuffer }>;
}

let bytesDatabases = 0;

/**
 * Opens a database file that is only bytes in memory (an imported GeoPackage, issue 15), read-only:
 * a MemoryVFS of its own is given the bytes as its file before SQLite opens it.
 */
export async function openSqliteBytes(bytes: Uint8Array): Promise<SqliteDb> {
  const [module, Vfs] = await Promise.all([buildModule('memory'), loadVfs('memory')]);
  const sqlite3 = SQLite.Factory(module);
  const vfsName = `mapdraft-bytes-${++bytesDatabases}`;
  const vfsInstance = await Vfs.create(vfsName, module);
  const pathname = '/file.sqlite';
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  (vfsInstance as unknown as MemoryFiles).mapNameToFile.set(pathname, {
    pathname,
    flags: SQLite.SQLITE_OPEN_MAIN_DB | SQLite.SQLITE_OPEN_READONLY,
    size: bytes.byteLength,
    data,
  });
  sqlite3.vfs_register(vfsInstance, false);
  const db = await sqlite3.open_v2(pathname, SQLite.SQLITE_OPEN_READONLY, vfsName);
  return new SqliteDb(sqlite3, db, 'memory', vfsInstance);
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
    return this.isNull(stmt, col) ? new Uint8Array(0) : this.sqlite3.column_blob(stmt, col).slice();
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
