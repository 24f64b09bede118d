// Scenario 8: 100k feature rows into wa-sqlite (OPFS) in one transaction, then a 5k-row viewport read.
// baseline: raw IndexedDB put loop in one transaction + a bbox index range read; ceiling: the same
// LocalStore code on wa-sqlite's in-memory VFS; Mapdraft: LocalStore on OPFSCoopSyncVFS.
import type { Extent } from '../pages/contenders/viewport_rows.ts';
import { alternate, buildResult, fmt, med, type Scenario } from '../lib/scenario.ts';

type Bench = { __bench: { call(m: string, f: string, ...a: unknown[]): Promise<unknown> } };

export const scenario: Scenario = {
  id: 8,
  name: 'local-store',
  title: 'Local store: 100k rows in one transaction + 5k-row viewport read',
  async run(ctx) {
    const n = ctx.quick ? 20_000 : 100_000;
    // ~5 % of the generated rows' area (tests/browser/fixtures/feature_rows.ts spreads them over
    // 358° × 168°): about 5k rows of 100k; the counts returned are recorded and compared.
    const extent: Extent = [0, 0, 80, 37.5];
    const page = await ctx.openPage();
    const call = (f: string, ...a: unknown[]) =>
      page.evaluate(([f, a]) => (window as unknown as Bench).__bench.call('micro', f as string, ...(a as unknown[])), [f, a] as const);
    const samples = await alternate(
      ctx.reps,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        await call('resetWorker'); // a fresh worker per run: no warm wasm heap or statement cache carried over
        return (await call('worker', 'runStore', c, n, extent)) as Record<string, number>;
      },
      ctx.log,
    );
    await page.close();
    const r = buildResult(
      {
        id: 8,
        name: 'local-store',
        title: this.title,
        primary: 'ms',
        params: { rows: n, extent },
        notes: [
          'ms = insert + viewport read. All three run in a fresh dedicated worker per repetition (OPFS sync access handles exist only in workers).',
          'The rows (70 % points, 30 % squares) come from tests/browser/fixtures/feature_rows.ts, generated inside the worker outside the timing.',
        ],
      },
      {
        baseline: 'raw IndexedDB put loop',
        ceiling: 'wa-sqlite MemoryVFS (same LocalStore code)',
        mapdraft: 'wa-sqlite OPFSCoopSyncVFS (LocalStore)',
      },
      samples,
    );
    const m = med(r, 'mapdraft', 'ms'),
      b = med(r, 'baseline', 'ms'),
      c = med(r, 'ceiling', 'ms');
    r.targets.push({ text: '≤ 2× the in-memory VFS', met: m / c <= 2, detail: `${fmt(m / c, 2)}×` });
    r.targets.push({
      text: '≥ 3× faster than a raw IndexedDB put loop',
      met: b / m >= 3,
      detail: `${fmt(b / m, 2)}× (insert+read); insert only ${fmt(med(r, 'baseline', 'insertMs') / med(r, 'mapdraft', 'insertMs'), 2)}×`,
    });
    const rows = ['baseline', 'ceiling', 'mapdraft'].map((k) => med(r, k as 'baseline', 'rowsRead'));
    r.notes.push(
      `Viewport rows returned (baseline/ceiling/Mapdraft): ${rows.join(' / ')}${new Set(rows).size === 1 ? '' : ' — WARNING: they differ'}.`,
    );
    return r;
  },
};
