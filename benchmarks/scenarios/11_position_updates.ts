// Scenario 11: 1 Hz position updates for 10 minutes with the 135k cities loaded, as a field crew
// recording a track sees them (SPEC §4 geolocation and track recording). The position and track layers
// are main-thread OL layers over the render worker's canvas: the question is whether they ever cost
// the main thread a task over 50 ms (DESIGN: no task over 50 ms). Mapdraft only: the baseline and the
// ceiling draw no position layer of their own.
import { call, layerSpec } from '../lib/render.ts';
import { percentile } from '../lib/stats.ts';
import { alternate, buildResult, fmt, maxOf, med, type Scenario } from '../lib/scenario.ts';

/** The walk starts in Paris, among the cities, at about zoom 14. */
const PARIS: [number, number] = [2.3522, 48.8566];
const VIEW = { center: [261_845, 6_250_566] as [number, number], resolution: 9.55 };

export const scenario: Scenario = {
  id: 11,
  name: 'position-updates',
  title: '1 Hz position updates over 10 minutes with the 135k cities loaded',
  async run(ctx) {
    const ds = ctx.quick ? 'cities-5000' : 'cities';
    const updates = ctx.quick ? 15 : 600;
    const intervalMs = 1000;
    const { spec, meta } = await layerSpec(ds);
    const samples = await alternate(
      1,
      ['mapdraft'],
      async () => {
        const page = await ctx.openPage();
        try {
          const open = await call(page, 'position', 'open', [spec], VIEW);
          ctx.log(`    mapdraft: ${meta.features} features loaded in ${open.loadMs.toFixed(0)} ms`);
          const r = await call<{
            updateMs: number[];
            renderMs: number[];
            longTaskMaxMs: number;
            longTasksOver50: number;
            longTaskCount: number;
            trackVertices: number;
          }>(page, 'position', 'walk', updates, intervalMs, PARIS);
          return {
            updateP95Ms: percentile(r.updateMs, 95),
            updateMaxMs: Math.max(...r.updateMs),
            renderP95Ms: percentile(r.renderMs, 95),
            renderMaxMs: Math.max(...r.renderMs),
            longTaskCount: r.longTaskCount,
            longTaskMaxMs: r.longTaskMaxMs,
            longTasksOver50: r.longTasksOver50,
            trackVertices: r.trackVertices,
          };
        } finally {
          await call(page, 'position', 'close').catch(() => undefined);
          await page.close();
        }
      },
      ctx.log,
    );
    const r = buildResult(
      {
        id: 11,
        name: 'position-updates',
        title: this.title,
        primary: 'updateMaxMs',
        params: { dataset: ds, features: meta.features, updates, intervalMs, view: VIEW, repetitions: 1 },
        notes: [
          'Each update moves the position layer (dot, accuracy circle, heading), appends one vertex to the track layer and centres the main map and the render worker, as a recording does.',
          "updateMs: the update's synchronous main-thread cost; renderMs: the OL map's precompose → postcompose, i.e. drawing the position and track layers (the features are drawn by the render worker, off the main thread).",
          'Long tasks are every main-thread task over 50 ms during the walk (Long Tasks API); they cannot be attributed to a layer, so updateMax and renderMax say what the position layer itself cost.',
          'One walk (not 5): a full one lasts 10 minutes.',
        ],
      },
      { mapdraft: 'OL position + track layers over the render worker' },
      samples,
      { longTaskCount: '', longTasksOver50: '', trackVertices: '' },
    );
    const cost = Math.max(maxOf(r, 'mapdraft', 'updateMaxMs'), maxOf(r, 'mapdraft', 'renderMaxMs'));
    r.targets.push({
      text: 'no main-thread task over 50 ms caused by the position layer',
      met: cost <= 50,
      detail: `longest update ${fmt(maxOf(r, 'mapdraft', 'updateMaxMs'))} ms, longest layer render ${fmt(maxOf(r, 'mapdraft', 'renderMaxMs'))} ms; longest main-thread task of any cause ${fmt(med(r, 'mapdraft', 'longTaskMaxMs'))} ms`,
    });
    return r;
  },
};
