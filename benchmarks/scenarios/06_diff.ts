// Scenario 6: diff of 100k originals against 10k modified + 1k added + 1k deleted suggestions.
// baseline: naive main-thread comparison on GeoJSON objects (Map by gfid + JSON.stringify);
// ceiling: the same grouping on typed columns; Mapdraft: layer_diff.ts (indexOriginals +
// suggestionSetFrom + diffLayer) in a worker, both layers already loaded as the data worker holds them.
import { alternate, buildResult, fmt, med, type Scenario } from '../lib/scenario.ts';

type Bench = { __bench: { call(m: string, f: string, ...a: unknown[]): Promise<unknown> } };

export const scenario: Scenario = {
  id: 6,
  name: 'diff',
  title: 'Layer diff: 100k originals vs 10k modified + 1k added + 1k deleted',
  async run(ctx) {
    const [n, mod, add, del] = ctx.quick ? [20_000, 2_000, 200, 200] : [100_000, 10_000, 1_000, 1_000];
    const page = await ctx.openPage();
    const call = (f: string, ...a: unknown[]) =>
      page.evaluate(([f, a]) => (window as unknown as Bench).__bench.call('micro', f as string, ...(a as unknown[])), [f, a] as const);
    await call('prepareNaiveDiff', n, mod, add, del);
    await call('worker', 'prepareDiff', n, mod, add, del);
    const samples = await alternate(
      ctx.reps,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        if (c === 'baseline') return (await call('runNaiveDiff')) as Record<string, number>;
        return (await call('worker', 'runDiff', c)) as Record<string, number>;
      },
      ctx.log,
      { warmup: true },
    );
    await page.close();
    const r = buildResult(
      {
        id: 6,
        name: 'diff',
        title: this.title,
        primary: 'ms',
        params: { originals: n, modified: mod, added: add, deleted: del },
        notes: [
          'Mapdraft time = indexOriginals (gfid map, once per layer load) + suggestionSetFrom + diffLayer, in a dedicated worker; breakdown in indexMs/diffMs.',
          'Baseline runs on the main thread (its longTaskMaxMs is the blocking it causes); ceiling and Mapdraft run in the bench worker.',
        ],
      },
      {
        baseline: 'naive main-thread (GeoJSON objects, Map + JSON.stringify)',
        ceiling: 'typed columns + Map',
        mapdraft: 'layer_diff.ts in a worker',
      },
      samples,
    );
    const m = med(r, 'mapdraft', 'ms'),
      b = med(r, 'baseline', 'ms');
    const sameCounts = ['new', 'modified', 'deleted'].every(
      (k) => med(r, 'mapdraft', k) === med(r, 'baseline', k) && med(r, 'ceiling', k) === med(r, 'baseline', k),
    );
    r.targets.push({ text: '≤ 200 ms in the worker', met: m <= 200, detail: `${fmt(m)} ms` });
    r.targets.push({ text: '≥ 10× faster than a naive main-thread comparison', met: b / m >= 10, detail: `${fmt(b / m)}×` });
    r.notes.push(
      sameCounts
        ? 'All three contenders found the same new/modified/deleted counts.'
        : 'WARNING: contenders disagree on new/modified/deleted counts.',
    );
    return r;
  },
};
