// Scenario 3: cold open of 1M points to the first correct frame. A fresh page per run; the clock starts
// after the contender's threads exist (render/data workers, GL context — their start through the Vite
// dev server is module loading the bundled app does not pay) and stops at the first frame showing every
// feature (Mapdraft: renderer.snapshot waits until buffers are built and drawn; OL: rendercomplete;
// ceiling: readPixels after the draw). Painted pixels are recorded as a correctness check.
import { call, layerSpec, START_VIEW } from '../lib/render.ts';
import { alternate, buildResult, fmt, maxOf, med, type Scenario } from '../lib/scenario.ts';

export const scenario: Scenario = {
  id: 3,
  name: 'cold-open',
  title: 'Cold open of 1M points to the first correct frame',
  async run(ctx) {
    const ds = ctx.quick ? 'points-20000' : 'points-1000000';
    const { spec, meta } = await layerSpec(ds);
    const samples = await alternate(
      ctx.reps,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        const page = await ctx.openPage();
        try {
          return await call(page, 'render', 'open', c, [spec], START_VIEW);
        } finally {
          await call(page, 'render', 'close').catch(() => undefined);
          await page.close();
        }
      },
      ctx.log,
    );
    const r = buildResult(
      {
        id: 3,
        name: 'cold-open',
        title: this.title,
        primary: 'loadMs',
        params: { dataset: ds, features: meta.features, geojsonBytes: meta.geojsonBytes, fgbBytes: meta.fgbBytes },
        notes: [
          'Baseline: fetch GeoJSON → res.json() → GeoJSON.readFeatures → VectorSource → rendercomplete (main thread). Ceiling: fetch a prepared float32 EPSG:3857 buffer → bufferData → drawArrays. Mapdraft: data worker loadLayer (FlatGeobuf stream decode → FeatureBatch) → render worker setBatch → first idle frame.',
          'Bytes come from the bench dev server (benchmarks/.cache files, same bytes as the server would send), not from PGlite; scenario 10 measures the server itself.',
          'longTaskMaxMs/longTaskCount: main-thread Long Tasks during the load.',
        ],
      },
      {
        baseline: 'OpenLayers 10, GeoJSON, main thread',
        ceiling: 'raw float32 buffer + WebGL2',
        mapdraft: 'data worker (FlatGeobuf) + render worker',
      },
      samples,
    );
    const m = med(r, 'mapdraft', 'loadMs'),
      b = med(r, 'baseline', 'loadMs');
    r.targets.push({
      text: '≥ 10× faster than baseline',
      met: b / m >= 10,
      detail: `${fmt(b / m, 2)}× (Mapdraft ${fmt(m)} ms, baseline ${fmt(b)} ms)`,
    });
    const lt = maxOf(r, 'mapdraft', 'longTaskCount');
    r.targets.push({
      text: 'zero main-thread long tasks (Mapdraft)',
      met: lt === 0,
      detail: `at most ${fmt(lt, 0)} long tasks in a run, longest ${fmt(maxOf(r, 'mapdraft', 'longTaskMaxMs'))} ms`,
    });
    const px = [med(r, 'baseline', 'paintedPixels'), med(r, 'ceiling', 'paintedPixels'), med(r, 'mapdraft', 'paintedPixels')];
    r.notes.push(
      `Painted (non-background) pixels of the first frame, baseline/ceiling/Mapdraft: ${px.map((v) => fmt(v, 0)).join(' / ')} (styles differ slightly: OL circles are anti-aliased).`,
    );
    return r;
  },
};
