// Scenario 1: scripted 10 s pan/zoom over 200k points and over the 135k cities (plus 10k and 100k
// points for the frame-time curve). Frame time = interval between frames where the drawing happens:
// OL's postrender on the main thread (baseline), the main-thread rAF that draws (ceiling), the render
// worker's frame reports via onFrame (Mapdraft). Main-thread long tasks from the Long Tasks API.
import { closeAll, layerSpec, openAll, runPan } from '../lib/render.ts';
import { alternate, buildResult, fmt, maxOf, med, type Contender, type Scenario } from '../lib/scenario.ts';

export const scenario: Scenario = {
  id: 1,
  name: 'pan-points',
  title: 'Pan/zoom 10 s over 200k points and the 135k cities',
  async run(ctx) {
    const datasets = ctx.quick ? ['points-2000', 'cities-5000'] : ['points-10000', 'points-100000', 'points-200000', 'cities'];
    const durationMs = ctx.quick ? 2_000 : 10_000;
    const samples: Record<Contender, Record<string, number[]>> = { baseline: {}, ceiling: {}, mapdraft: {} };
    const series: { featureCount: number; contender: Contender; frameP95: number }[] = [];
    const counts: Record<string, number> = {};
    for (const ds of datasets) {
      const { spec, meta } = await layerSpec(ds);
      counts[ds] = meta.features;
      ctx.log(`  ${ds}: ${meta.features} features`);
      const pages = await openAll(ctx, [spec]);
      try {
        const s = await alternate(
          ctx.reps,
          ['baseline', 'ceiling', 'mapdraft'],
          async (c) => {
            const r = await runPan(pages[c].page, durationMs);
            return r as unknown as Record<string, number>;
          },
          ctx.log,
        );
        for (const c of ['baseline', 'ceiling', 'mapdraft'] as Contender[]) {
          for (const [k, v] of Object.entries(s[c])) samples[c][`${ds}.${k}`] = v;
          samples[c][`${ds}.loadMs`] = [pages[c].open.loadMs];
          const p95s = [...(s[c].frameP95Ms ?? [])].sort((a, b) => a - b);
          series.push({ featureCount: meta.features, contender: c, frameP95: p95s[p95s.length >> 1] });
        }
      } finally {
        await closeAll(pages);
      }
    }
    const big = datasets.filter((d) => d.startsWith('points')).at(-1)!;
    const cities = datasets.find((d) => d.startsWith('cities'))!;
    const r = buildResult(
      {
        id: 1,
        name: 'pan-points',
        title: this.title,
        primary: `${big}.frameP95Ms`,
        params: { datasets: counts, durationMs, viewport: '412×732 @1x' },
        notes: [
          'Frame p95 is taken per repetition over the frame intervals of one pan; the table gives median (min–max) of those p95s.',
          'Whole browser pinned to one core (taskset -c 0), unthrottled: the render worker shares the core with the main thread.',
          "Mapdraft's drawP95Ms is the render worker's own draw time per frame (onFrame frameMs); mainRafP95Ms is the main thread's rAF interval (input responsiveness).",
          "WebGL here is SwiftShader (CPU rasteriser): absolute frame times are far above a phone GPU's; the ratios are the point.",
        ],
      },
      {
        baseline: 'OpenLayers 10 Canvas VectorLayer, main thread',
        ceiling: 'raw WebGL2 drawArrays, static buffer',
        mapdraft: 'render worker (own WebGL2 on OffscreenCanvas)',
      },
      samples,
    );
    r.series = series;
    for (const ds of [big, cities]) {
      const m = med(r, 'mapdraft', `${ds}.frameP95Ms`),
        b = med(r, 'baseline', `${ds}.frameP95Ms`),
        c = med(r, 'ceiling', `${ds}.frameP95Ms`);
      r.targets.push({
        text: `${ds}: frame p95 ≤ ⅕ of baseline`,
        met: m <= b / 5,
        detail: `Mapdraft ${fmt(m)} ms vs baseline ${fmt(b)} ms (${fmt(m / b, 3)}×)`,
      });
      r.targets.push({
        text: `${ds}: frame p95 ≤ 1.5× ceiling`,
        met: m <= 1.5 * c,
        detail: `Mapdraft ${fmt(m)} ms vs ceiling ${fmt(c)} ms (${fmt(m / c, 2)}×)`,
      });
    }
    const worst = Math.max(...datasets.map((d) => maxOf(r, 'mapdraft', `${d}.longTaskMaxMs`)));
    r.targets.push({
      text: 'no main-thread task over 50 ms (Mapdraft, during the pans)',
      met: worst <= 50,
      detail: `longest ${fmt(worst)} ms`,
    });
    return r;
  },
};
