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

/**
 * When the process started, in clock ticks since boot (Linux /proc/PID/stat field 22); null where
 * there is no /proc. With the pid it names one process: a pid reused after a crash or a container
 * restart (issue 16) has another start time.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether the lock's owner, "pid" or "pid starttime", is a running process other than us. */
function heldByLiveProcess(content: string): boolean {
  const [pidText, started] = content.trim().split(/\s+/);
  const owner = Number(pidText);
  if (!Number.isInteger(owner) || owner <= 0 || owner === process.pid || !isAlive(owner)) return false;
  if (!started) return true;
  const now = processStartTime(owner);
  return now === null || now === started;
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, [process.pid, processStartTime(process.pid)].filter((v) => v !== null).join(' '), { flag: 'wx' });
      return { release: () => rmSync(path, { force: true }) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const content = readFileSync(path, 'utf8');
      if (heldByLiveProcess(content)) {
        const owner = content.trim().split(/\s+/)[0];
        throw new Error(`data directory ${dataDir} is in use by process ${owner}; stop it or choose another MAPDRAFT_DATA_DIR`);
      }
      rmSync(path, { force: true }); // stale: its owner is gone, or the pid now names another process
    }
  }
  throw new Error(`could not lock data directory ${dataDir}`);
}
