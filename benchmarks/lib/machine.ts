// Machine facts recorded with every result file, so numbers from different boxes are never compared blind.
import { cpus, totalmem, platform, release } from 'node:os';
import { execFileSync } from 'node:child_process';
import { CHROMIUM_PATH } from '../../scripts/chromium.ts';

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  chromiumPath: string;
  /** The commit measured, with "+dirty" when the working tree had uncommitted changes. */
  commit: string;
}

function gitCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return git('rev-parse', '--short', 'HEAD') + (git('status', '--porcelain', '--untracked-files=no') ? '+dirty' : '');
  } catch {
    return 'unknown';
  }
}

export function machineInfo(): MachineInfo {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // reported as unknown; the browser's own userAgent is recorded per run as well
  }
  const cpu = cpus();
  return {
    cpuModel: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium,
    chromiumPath: CHROMIUM_PATH,
    commit: gitCommit(),
  };
}
