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

/**
 * Each build's WebAssembly compiled once per worker. The data worker opens two databases at start
 * (the product's and the app's, SPEC §9), and compiling the 1 MB module for each cost a pinned cold
 * open ≈ 2.7 s more before the second one opened (issue 17).
 */
const compiled = new Map<string, Promise<WebAssembly.Module>>();

function compileOnce(url: string): Promise<WebAssembly.Module> {
  let module = compiled.get(url);
  if (!module) {
    module = Promise.resolve()
      .then(() => WebAssembly.compileStreaming(fetch(url)))
      // A server that does not send application/wasm refuses streaming (an older WebView has none);
      // the bytes still compile.
      .catch(async () => WebAssembly.compile(await (await fetch(url)).arrayBuffer()));
    // A failed compile is tried again by the next open (the next back end, a later visit's call).
    module.catch(() => compiled.delete(url));
    compiled.set(url, module);
  }
  return module;
}

type EmscriptenFactory = (options: {
  instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void): object;
}) => Promise<unknown>;

/** A module instance on the shared compiled WebAssembly; rejects (never hangs) when instantiating fails. */
async function instantiate(factory: EmscriptenFactory, url: string): Promise<unknown> {
  const wasm = await compileOnce(url);
  return new Promise((resolve, reject) => {
    factory({
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm), reject);
        return {};
      },
    }).then(resolve, reject);
  });
}

async function buildModule(kind: VfsKind): Promise<unknown> {
  // IDBBatchAtomicVFS answers asynchronously, so it needs the Asyncify build; the others run on
  // the smaller synchronous one. Dynamic imports keep the unused build out of the worker's startup.
  if (kind === 'idb') {
    const { default: factory } = await import('@journeyapps/wa-sqlite/dist/wa-sqlite-async.mjs');
    return instantiate(factory as EmscriptenFactory, asyncWasmUrl);
  }
  const { default: factory } = await import('@journeyapps/wa-sqlite/dist/wa-sqlite.mjs');
  return instantiate(factory as EmscriptenFactory, syncWasmUrl);
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
 * the app without a store — after a few seconds of tries for an OPFS database that exists.
 */
export async function openSqlite({ name, vfs }: OpenSqliteOptions): Promise<SqliteDb> {
  const candidates: VfsKind[] = vfs
    ? [vfs]
    : [...(hasOpfsSyncAccess() ? (['opfs'] as const) : []), ...(hasIndexedDb() ? (['idb'] as const) : []), 'memory'];
  let lastError: unknown;
  for (const kind of candidates) {
    try {
      return await (kind === 'opfs' ? openOpfs(name) : openWith(kind, name));
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/**
 * Waits between tries of an OPFS database that exists but does not open. A page that has just gone
 * (a reload, a tab closed and opened again) gives up its Web Lock at once but its access handles a
 * moment later: opening another back end then would show an empty store — offline, a map without
 * its features (issue 17) — and write beside the real one. On a busy phone the old page's worker can
 * take several seconds to end, so the tries go on for about 16 s before another back end is opened
 * (a reload under load came back with an empty map and its recorded track not resumed at 4 s).
 */
const OPFS_RETRY_MS = [50, 100, 250, 500, 1_000, 2_000, 3_000, 4_000, 5_000];
/** The files of one OPFS database, as OPFSCoopSyncVFS opens them. */
const OPFS_FILE_SUFFIXES = ['', '-journal', '-wal'];

async function openOpfs(name: string): Promise<SqliteDb> {
  // Asked before the first try, which creates the file: a new database that fails is not waited for.
  const existed = !(await databaseCertainlyEmpty(name));
  for (let attempt = 0; ; attempt++) {
    const last = !existed || attempt >= OPFS_RETRY_MS.length;
    try {
      // Only files that are free go to the VFS: it asks for their handles all at once and gives up
      // at the first refusal, so the others would stay held and fail every later try.
      if (existed && !last && !(await opfsFilesFree(name))) throw new Error(`${name}: its files are still held`);
      return await openWith('opfs', name);
    } catch (error) {
      if (last) throw error;
      await new Promise((resolve) => setTimeout(resolve, OPFS_RETRY_MS[attempt]));
    }
  }
}

/**
 * Whether no one holds a file of OPFS database `name`. A live connection (another tab) holds
 * OPFSCoopSyncVFS's Web Lock with its handles and gives them up when the VFS asks: then the VFS is
 * left to ask. Where the lock is free, each file that exists is opened for synchronous access and
 * closed again, one after the other (so a refusal leaves nothing held), under the lock.
 */
async function opfsFilesFree(name: string): Promise<boolean> {
  const probe = async () => {
    const root = await navigator.storage.getDirectory();
    for (const suffix of OPFS_FILE_SUFFIXES) {
      let file: FileSystemFileHandle;
      try {
        file = await root.getFileHandle(name + suffix);
      } catch {
        continue; // not there: nobody holds it
      }
      try {
        (await (file as unknown as { createSyncAccessHandle(): Promise<{ close(): void }> }).createSyncAccessHandle()).close();
      } catch {
        return false;
      }
    }
    return true;
  };
  if (!navigator.locks) return probe();
  // The VFS names its lock after the file's path (OPFSCoopSyncVFS `ahp:<path>`).
  return navigator.locks.request(`ahp:/${name}`, { ifAvailable: true }, (lock) => (lock ? probe() : true));
}

/** What a failed OPFSCoopSyncVFS try may still hold (its fields; the class ships without types). */
interface OpfsVfsHoldings {
  persistentFiles?: Map<string, { accessHandle: { close(): void } | null }>;
  boundAccessHandles?: Map<string, { close(): void }>;
  unboundAccessHandles?: Set<{ close(): void }>;
  releaser?: (() => void) | null;
}

/** How long a failed OPFS try's handle requests, made together, may take to land before they are closed. */
const OPFS_SETTLE_MS = 100;

/**
 * Gives back everything a failed OPFS try holds: its database files' handles (some land after the
 * failure), its temporary files and their lock. Left open, they would refuse the next try.
 */
async function releaseOpfsTry(vfs: OpfsVfsHoldings): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, OPFS_SETTLE_MS));
  const handles = [
    ...[...(vfs.persistentFiles?.values() ?? [])].map((f) => f.accessHandle),
    ...(vfs.boundAccessHandles?.values() ?? []),
    ...(vfs.unboundAccessHandles ?? []),
  ];
  for (const handle of handles) {
    try {
      handle?.close();
    } catch {
      // already closed
    }
  }
  vfs.releaser?.();
}

async function openWith(kind: VfsKind, name: string): Promise<SqliteDb> {
  const [module, Vfs] = await Promise.all([buildModule(kind), loadVfs(kind)]);
  const sqlite3 = SQLite.Factory(module);
  // A VFS name unique to this module instance, so several stores in one worker cannot clash.
  const vfsName = `mapdraft-${kind}`;
  const vfsInstance = await Vfs.create(vfsName, module, { idbName: name });
  try {
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
  } catch (error) {
    if (kind === 'opfs') await releaseOpfsTry(vfsInstance as unknown as OpfsVfsHoldings);
    throw error;
  }
}

/** Opens a database file that is only bytes in memory (an imported GeoPackage, issue 15), read-only. */
export async function openSqliteBytes(bytes: Uint8Array): Promise<SqliteDb> {
  return (await openMemoryDatabase(await buildModule('memory'), bytes)).db;
}
