// Two builds of the app served in turn by one server (before and after, under the same load): dist/
// is pointed at each build with a symbolic link (the server looks files up per request) and the
// real dist/ is put back at the end. On a shared machine only figures from one such run compare.
import { existsSync, lstatSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './browser.ts';

export interface DistSwitch {
  /** Serves the build in `dir` from now on. */
  point(dir: string): void;
  /** Puts the real dist/ back. */
  restore(): void;
}

/** Checks each build and sets dist/ aside; call `restore()` in a finally. */
export function switchDist(builds: readonly string[]): DistSwitch {
  for (const d of builds) if (!existsSync(join(resolve(d), 'index.html'))) throw new Error(`no build in ${d}`);
  const dist = join(ROOT, 'dist');
  const aside = join(ROOT, 'dist.ab-aside');
  const hadDist = existsSync(dist) && !lstatSync(dist).isSymbolicLink();
  if (hadDist) renameSync(dist, aside);
  const restore = () => {
    rmSync(dist, { force: true });
    if (hadDist) renameSync(aside, dist);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };
  // A run stopped with Ctrl-C or kill leaves dist/ as it was too.
  const onSignal = () => {
    restore();
    process.exit(130);
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return {
    point(dir) {
      rmSync(dist, { force: true });
      symlinkSync(resolve(dir), dist);
    },
    restore,
  };
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
