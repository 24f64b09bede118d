// Smoke test of the benchmark harness: the whole quick bench (`npm run bench -- --quick`,
// all sixteen scenarios at small sizes) runs end to end — Vite dev server, pinned Chromium, bench and app
// workers, the API servers on PGlite and PostgreSQL, result files — and the JSON has all three
// contenders with a numeric median for each scenario. No timing assertions: the numbers are the bench's
// business, not the test's.
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

const ALL_SCENARIOS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
const ALL_CONTENDERS = ['baseline', 'ceiling', 'mapdraft'];
/** Scenarios without all three contenders: 11 measures the position layer no contender has; 13 the
 *  review queue against one-by-one accepts, with no ceiling; 14 the whole app against a plain OL app;
 *  16 two app servers against one. */
const CONTENDERS: Record<number, string[]> = {
  11: ['mapdraft'],
  13: ['baseline', 'mapdraft'],
  14: ['baseline', 'mapdraft'],
  16: ['baseline', 'mapdraft'],
};

describe('bench harness (the quick run)', () => {
  it('writes JSON, Markdown and SVG with their contenders and numeric medians', async () => {
    const out = mkdtempSync(join(tmpdir(), 'mapdraft-bench-smoke-'));
    try {
      await new Promise<void>((ok, fail) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'benchmarks/run.ts', '--quick', '--out', out],
          { cwd: ROOT, timeout: 2_400_000, maxBuffer: 16 * 1024 * 1024 },
          (err, stdout, stderr) => (err ? fail(new Error(`${err.message}\n${stdout}\n${stderr}`)) : ok()),
        );
      });
      expect(existsSync(join(out, 'latest.md'))).toBe(true);
      expect(readFileSync(join(out, 'frame-time.svg'), 'utf8')).toContain('<svg');
      const run = JSON.parse(readFileSync(join(out, 'latest.json'), 'utf8'));
      expect(run.mode).toBe('quick');
      expect(run.machine.cores).toBeGreaterThan(0);
      expect(run.fairness.workerThrottleChecks.length).toBeGreaterThan(0);
      expect(run.scenarios.map((s: { id: number }) => s.id)).toEqual(ALL_SCENARIOS);
      for (const s of run.scenarios) {
        expect(s.status, `${s.id} ${s.reason ?? ''}`).toBe('ok');
        for (const c of CONTENDERS[s.id] ?? ALL_CONTENDERS) {
          const m = s.contenders[c]?.metrics[s.primary];
          expect(m, `${s.id} ${c} ${s.primary}`).toBeDefined();
          expect(Number.isFinite(m.median), `${s.id} ${c} median`).toBe(true);
          expect(m.n).toBeGreaterThanOrEqual(1);
        }
        expect(s.targets.length).toBeGreaterThan(0);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 2_460_000);
});
