// `npm run bench:combine -- DIR...`: one table of the newest full-size result of each scenario, from the
// `latest.json` of several run folders (a full run of all ten takes longer than one sitting, so they are
// run in groups). Writes benchmarks/results/full/ (JSON, Markdown, SVG) like a single run would.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ROOT } from './lib/browser.ts';
import { writeResults, type RunResults } from './lib/results.ts';

const OUT = join(ROOT, 'benchmarks/results/full');

function load(dir: string): RunResults {
  const file = join(dir, 'latest.json');
  if (!existsSync(file)) throw new Error(`bench:combine: no ${file}`);
  const run = JSON.parse(readFileSync(file, 'utf8')) as RunResults;
  if (run.mode !== 'full') throw new Error(`bench:combine: ${file} is a ${run.mode} run; only full runs are combined`);
  return run;
}

function combine(dirs: string[]): RunResults {
  const runs = dirs
    .map((d) => ({ dir: relative(ROOT, resolve(d)), run: load(resolve(d)) }))
    .sort((a, b) => a.run.startedAt.localeCompare(b.run.startedAt));
  if (!runs.length) throw new Error('usage: npm run bench:combine -- DIR [DIR...]');
  // Later runs win: a scenario re-run after a change replaces its older result.
  const byId = new Map<number, { dir: string; run: RunResults; index: number }>();
  for (const { dir, run } of runs) run.scenarios.forEach((s, index) => byId.set(s.id, { dir, run, index }));
  const picked = [...byId.entries()].sort(([a], [b]) => a - b);
  const used = runs.filter(({ run }) => picked.some(([, p]) => p.run === run));
  const newest = used[used.length - 1].run;
  return {
    startedAt: used[0].run.startedAt,
    finishedAt: newest.finishedAt,
    mode: 'full',
    reps: Math.min(...used.map(({ run }) => run.reps)),
    machine: newest.machine,
    fairness: { ...newest.fairness, workerThrottleChecks: used.flatMap(({ run }) => run.fairness.workerThrottleChecks) },
    scenarios: picked.map(([, p]) => p.run.scenarios[p.index]),
    sources: used.map(({ dir, run }) => ({
      dir,
      startedAt: run.startedAt,
      finishedAt: run.finishedAt,
      commit: run.machine.commit ?? 'unknown',
      scenarios: picked.filter(([, p]) => p.run === run).map(([id]) => id),
    })),
  };
}

const files = writeResults(OUT, combine(process.argv.slice(2)));
console.log(`combined: ${files.md}`);
