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

import { openMemoryDatabase, SqliteDb, type VfsKind } from './sqlite_db.ts';

export { SqliteDb, type SqlValue, type VfsKind } from './sqlite_db.ts';

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

/**
 * True when the database `name` certainly holds nothing: OPFS is the back end this browser uses and
 * no file of that name exists yet (a first visit). False when it may hold data or nobody can tell
 * without opening it (another back end, storage refused). Costs a directory lookup, not an open.
 */
export async function databaseCertainlyEmpty(name: string): Promise<boolean> {
  if (!hasOpfsSyncAccess()) return false;
  try {
    await (await navigator.storage.getDirectory()).getFileHandle(name);
    return false;
  } catch (error) {
    return error instanceof DOMException && error.name === 'NotFoundError';
  }
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

/** Opens a database file that is only bytes in memory (an imported GeoPackage, issue 15), read-only. */
export async function openSqliteBytes(bytes: Uint8Array): Promise<SqliteDb> {
  return (await openMemoryDatabase(await buildModule('memory'), bytes)).db;
}
