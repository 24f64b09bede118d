// Scenario 7: simplify 1M vertices over 10k lines at 4 zoom-band tolerances (the four lowest ZOOM_BANDS).
// baseline: the simplify-js algorithm (ported, highestQuality) on pre-projected {x,y} objects;
// ceiling: the same Douglas-Peucker on a flat Float64Array (projection included, like Mapdraft);
// Mapdraft: simplifyBatchSliced (8 ms slices) — and the unsliced simplifyBatch reported beside it.
import { alternate, buildResult, fmt, med, type Scenario } from '../lib/scenario.ts';

type Bench = { __bench: { call(m: string, f: string, ...a: unknown[]): Promise<unknown> } };

export const scenario: Scenario = {
  id: 7,
  name: 'simplify',
  title: 'Simplify 1M vertices over 10k lines at 4 zoom tolerances',
  async run(ctx) {
    const [lines, verts] = ctx.quick ? [2_000, 100] : [10_000, 100];
    const page = await ctx.openPage();
    const call = (f: string, ...a: unknown[]) =>
      page.evaluate(([f, a]) => (window as unknown as Bench).__bench.call('micro', f as string, ...(a as unknown[])), [f, a] as const);
    await call('worker', 'prepareSimplify', lines, verts);
    const samples = await alternate(
      ctx.reps,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        const r = (await call('worker', 'runSimplify', c, true)) as Record<string, number>;
        if (c === 'mapdraft') {
          const plain = (await call('worker', 'runSimplify', c, false)) as Record<string, number>;
          r.unslicedMs = plain.ms;
        }
        return r;
      },
      ctx.log,
      { warmup: true },
    );
    await page.close();
    const r = buildResult(
      {
        id: 7,
        name: 'simplify',
        title: this.title,
        primary: 'ms',
        params: { lines, verticesPerLine: verts, vertices: lines * verts, tolerances: 4 },
        notes: [
          'simplify-js is NOT installed (not a Mapdraft dependency): benchmarks/pages/contenders/simplify_js.ts is a line-for-line port of simplify-js 1.2.4, run with highestQuality=true (Douglas-Peucker only, as Mapdraft).',
          'Same input and task for all three: lon/lat lines → EPSG:3857 → 4 tolerances. The baseline builds its projected {x,y} objects once (timed) and simplifies them 4×; the ceiling projects once into a flat Float64Array and runs the same DP 4×; Mapdraft calls simplifyBatch(Sliced) once per zoom band, which re-projects every vertex per band.',
          "All three run in the same dedicated worker. Mapdraft's ms is the sliced variant (what the data worker runs); unslicedMs is simplifyBatch run to the end.",
        ],
      },
      {
        baseline: 'simplify-js algorithm on {x,y} objects',
        ceiling: 'DP on flat Float64Array',
        mapdraft: 'simplifyBatchSliced (8 ms slices)',
      },
      samples,
    );
    const m = med(r, 'mapdraft', 'ms'),
      b = med(r, 'baseline', 'ms'),
      c = med(r, 'ceiling', 'ms');
    const maxSlice = r.contenders.mapdraft?.metrics.maxSliceMs?.max ?? NaN;
    r.targets.push({ text: '≥ 2× faster than simplify-js on objects', met: b / m >= 2, detail: `${fmt(b / m, 2)}×` });
    r.targets.push({ text: '≤ 1.2× the same algorithm on a flat Float64Array', met: m / c <= 1.2, detail: `${fmt(m / c, 2)}×` });
    r.targets.push({
      text: 'no slice over 8 ms',
      met: maxSlice <= 8,
      detail: `longest slice ${fmt(maxSlice, 2)} ms (a slice ends at the first clock check past 8 ms)`,
    });
    return r;
  },
};
