// Scenario 4: warm open of the scenario-3 layer from local storage with the server stopped, against
// the same contender's cold open. Per repetition and contender: a fresh page opens cold over the
// network, the contender's offline copy is written (untimed), the bench server is "stopped" (its
// connections are reset), and a second fresh page opens warm from that copy.
// Mapdraft's copy is the local store (wa-sqlite on OPFS, layer_batches: the packed FeatureBatch);
// the baseline's is the GeoJSON text in IndexedDB; the ceiling's the float32 buffer in an OPFS file.
import { benchApi } from '../lib/browser.ts';
import { call, layerSpec, START_VIEW } from '../lib/render.ts';
import { alternate, buildResult, fmt, med, type Scenario } from '../lib/scenario.ts';

export const scenario: Scenario = {
  id: 4,
  name: 'warm-open',
  title: 'Warm open of the 1M points from the local store, server stopped',
  async run(ctx) {
    const ds = ctx.quick ? 'points-20000' : 'points-1000000';
    const { spec, meta } = await layerSpec(ds);
    const samples = await alternate(
      ctx.reps,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        const cold = await ctx.openPage();
        let coldMs: number;
        try {
          coldMs = (await call(cold, 'render', 'open', c, [spec], START_VIEW)).loadMs;
          await call(cold, 'render', 'close');
          await call(cold, 'render', 'storeWarm', c, [spec]);
        } finally {
          await cold.close();
        }
        const warm = await ctx.openPage();
        benchApi.stopped = true;
        const before = benchApi.requests;
        try {
          const r = await call(warm, 'render', 'openWarm', c, [spec], START_VIEW);
          return { coldMs, ...r, coldOverWarm: coldMs / r.warmMs, serverRequestsDuringWarm: benchApi.requests - before };
        } finally {
          benchApi.stopped = false;
          await call(warm, 'render', 'close').catch(() => undefined);
          await warm.close();
        }
      },
      ctx.log,
    );
    const r = buildResult(
      {
        id: 4,
        name: 'warm-open',
        title: this.title,
        primary: 'warmMs',
        params: { dataset: ds, features: meta.features },
        notes: [
          'Mapdraft warm = open the local store (wa-sqlite OPFS) + getLayerBatch + render worker setBatch to the first idle frame; hosted in the bench worker because the data worker does not read the store on start yet (same LocalStore code).',
          'serverRequestsDuringWarm counts requests that reached the stopped bench server during the warm open (each is refused).',
        ],
      },
      {
        baseline: 'OL + GeoJSON text from IndexedDB',
        ceiling: 'float32 buffer from an OPFS file + WebGL2',
        mapdraft: 'local store (OPFS) → render worker',
      },
      samples,
    );
    const w = med(r, 'mapdraft', 'warmMs'),
      c = med(r, 'mapdraft', 'coldMs');
    r.targets.push({
      text: 'Mapdraft warm open ≥ 3× faster than its cold open',
      met: c / w >= 3,
      detail: `${fmt(c / w, 2)}× (cold ${fmt(c)} ms, warm ${fmt(w)} ms)`,
    });
    return r;
  },
};
