import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, processStartTime } from '../../server/db/data_dir_lock.ts';

// A second server on the same embedded data directory must be refused, not corrupt it.
describe('data directory lock', () => {
  const freshDir = () => mkdtempSync(join(tmpdir(), 'mapdraft-lock-'));

  it('refuses a directory held by a live process', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'mapdraft.lock'), String(process.ppid)); // the test runner: alive
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'mapdraft.lock'), '2147483646');
    const lock = lockDataDir(dir);
    lock.release();
    expect(existsSync(join(dir, 'mapdraft.lock'))).toBe(false);
  });

  it('refuses a live owner recorded with its start time', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'mapdraft.lock'), `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
  });

  it('takes over a lock whose pid now names another process (reused after a restart)', () => {
    const dir = freshDir();
    // The runner is alive, but it is not the process that wrote this lock: another start time.
    writeFileSync(join(dir, 'mapdraft.lock'), `${process.ppid} 1`);
    const lock = lockDataDir(dir);
    lock.release();
    expect(existsSync(join(dir, 'mapdraft.lock'))).toBe(false);
  });

  it('can be taken again once released', () => {
    const dir = freshDir();
    lockDataDir(dir).release();
    expect(() => lockDataDir(dir).release()).not.toThrow();
  });
});
