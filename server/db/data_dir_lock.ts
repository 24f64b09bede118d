import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is an embedded PostgreSQL without a postmaster: two processes opening one data directory
 * both write to it and leave it unreadable. A lock file holding the owner's pid keeps the second
 * server out (a clear error instead of lost data); a lock left by a dead process is taken over.
 */
export interface DataDirLock {
  release(): void;
}

const LOCK_NAME = 'mapdraft.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
      return { release: () => rmSync(path, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(`data directory ${dataDir} is in use by process ${owner}; stop it or choose another MAPDRAFT_DATA_DIR`);
      }
      rmSync(path, { force: true }); // stale: its owner is gone
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`);
}
