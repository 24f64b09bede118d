// Scenario 2: the scenario-1 pan/zoom over 200k five-vertex polygons plus 100 lines of 10k vertices,
// then a zoom step and the wait until the buffers for the new view are rebuilt and drawn: for Mapdraft
// that rebuild must happen entirely off the main thread (no main-thread long task meanwhile).
import { call, closeAll, layerSpec, openAll, runPan } from '../lib/render.ts';
import { alternate, buildResult, fmt, maxOf, med, type Scenario } from '../lib/scenario.ts';

export const scenario: Scenario = {
  id: 2,
  name: 'pan-polygons',
  title: 'Pan/zoom 10 s over 200k polygons + 100 lines of 10k vertices',
  async run(ctx) {
    const [polys, lines] = ctx.quick ? ['polygons-2000', 'lines-5x1000'] : ['polygons-200000', 'lines-100x10000'];
    const durationMs = ctx.quick ? 2_000 : 10_000;
    const a = await layerSpec(polys),
      b = await layerSpec(lines);
    const pages = await openAll(ctx, [a.spec, b.spec]);
    let samples: Awaited<ReturnType<typeof alternate>>;
    try {
      samples = await alternate(
        ctx.reps,
        ['baseline', 'ceiling', 'mapdraft'],
        async (c) => {
          const pan = await runPan(pages[c].page, durationMs);
          const zoom = await call(pages[c].page, 'render', 'zoomAndSettle', 4);
          return { ...pan, rebuildMs: zoom.settleMs, rebuildLongTaskMaxMs: zoom.longTaskMaxMs, rebuildLongTasks: zoom.longTaskCount };
        },
        ctx.log,
      );
      for (const c of ['baseline', 'ceiling', 'mapdraft'] as const) samples[c].loadMs = [pages[c].open.loadMs];
    } finally {
      await closeAll(pages);
    }
    const r = buildResult(
      {
        id: 2,
        name: 'pan-polygons',
        title: this.title,
        primary: 'frameP95Ms',
        params: { polygons: a.meta.features, lines: b.meta.features, lineVertices: b.meta.vertices, durationMs },
        notes: [
          'rebuildMs: after the pan, a ×4 zoom and the time until every layer has drawn with buffers for the new view (Mapdraft: renderer.snapshot → whenIdle; OL: rendercomplete; ceiling: next frame — it never rebuilds).',
          'Whole browser pinned to one core; unthrottled.',
          "Mapdraft draws lines and polygons as the app does (benchmarks/pages/contenders/mapdraft_app.ts): the data worker's showLayer, simplified for the view's zoom band (half a pixel; setZoom on each band change, the new band's versions made in the data worker during the pan). OpenLayers simplifies to half a pixel too; the ceiling draws every vertex. tests/browser/band_pixels.test.ts compares the banded drawing with the full-detail one.",
        ],
      },
      {
        baseline: 'OpenLayers 10 Canvas VectorLayers, main thread',
        ceiling: 'raw WebGL2 (pre-triangulated fills + GL_LINES)',
        mapdraft: 'render worker (own WebGL2 on OffscreenCanvas)',
      },
      samples,
    );
    const m = med(r, 'mapdraft', 'frameP95Ms'),
      bl = med(r, 'baseline', 'frameP95Ms'),
      ceil = med(r, 'ceiling', 'frameP95Ms');
    r.targets.push({
      text: 'frame p95 ≤ ¼ of baseline',
      met: m <= bl / 4,
      detail: `Mapdraft ${fmt(m)} ms vs baseline ${fmt(bl)} ms (${fmt(m / bl, 3)}×)`,
    });
    r.targets.push({
      text: 'frame p95 ≤ 2× the ceiling',
      met: m <= 2 * ceil,
      detail: `Mapdraft ${fmt(m)} ms vs ceiling ${fmt(ceil)} ms (${fmt(m / ceil, 3)}×)`,
    });
    const worst = maxOf(r, 'mapdraft', 'rebuildLongTaskMaxMs');
    r.targets.push({
      text: 'buffer rebuild after a zoom entirely off the main thread',
      met: worst <= 50,
      detail: `longest main-thread task during Mapdraft's rebuild: ${fmt(worst)} ms (Long Tasks API reports tasks ≥ 50 ms; 0 = none)`,
    });
    return r;
  },
};
