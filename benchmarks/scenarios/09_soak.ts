// Scenario 9: 5-minute pan/zoom soak at 1M points; JS heap and WebGL buffer bytes at minute 1 and
// minute 5 (quick mode: the same at 20 % and 100 % of a short soak). One contender at a time (one page
// open), one soak each — 5 repetitions of a 5-minute soak per contender would take 75 minutes.
import { cdpFor, metrics } from '../lib/cdp.ts';
import { rendererRssBytes } from '../lib/process_memory.ts';
import { call, layerSpec, runPan, START_VIEW } from '../lib/render.ts';
import { alternate, buildResult, fmt, med, type Scenario } from '../lib/scenario.ts';

export const scenario: Scenario = {
  id: 9,
  name: 'soak',
  title: '5-minute pan/zoom soak at 1M points: memory growth',
  async run(ctx) {
    const ds = ctx.quick ? 'points-20000' : 'points-1000000';
    const totalMs = ctx.quick ? 10_000 : 300_000;
    const chunkMs = ctx.quick ? 2_000 : 20_000;
    const { spec, meta } = await layerSpec(ds);
    const samples = await alternate(
      1,
      ['baseline', 'ceiling', 'mapdraft'],
      async (c) => {
        const page = await ctx.openPage();
        try {
          const cdp = await cdpFor(page);
          await call(page, 'render', 'open', c, [spec], START_VIEW);
          const snap = async () => {
            await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
            const m = await metrics(cdp);
            const own = await call(page, 'render', 'memory');
            return { heap: m.JSHeapUsedSize, buffers: own.bufferBytes, rss: await rendererRssBytes(ctx.browser) };
          };
          const t0 = Date.now();
          let first: { heap: number; buffers: number; rss: number } | null = null;
          let frames = 0;
          while (Date.now() - t0 < totalMs) {
            frames += (await runPan(page, chunkMs)).frames;
            if (!first && Date.now() - t0 >= totalMs / 5) first = await snap();
          }
          const last = await snap();
          first ??= last;
          return {
            heapGrowthPct: (100 * (last.heap - first.heap)) / first.heap,
            bufferGrowthPct: first.buffers ? (100 * (last.buffers - first.buffers)) / first.buffers : 0,
            rendererRssGrowthPct: (100 * (last.rss - first.rss)) / first.rss,
            heapMB1: first.heap / 1e6,
            heapMB5: last.heap / 1e6,
            bufferMB1: first.buffers / 1e6,
            bufferMB5: last.buffers / 1e6,
            rendererRssMB1: first.rss / 1e6,
            rendererRssMB5: last.rss / 1e6,
            frames,
          };
        } finally {
          await call(page, 'render', 'close').catch(() => undefined);
          await page.close();
        }
      },
      ctx.log,
    );
    const r = buildResult(
      {
        id: 9,
        name: 'soak',
        title: this.title,
        primary: 'heapGrowthPct',
        params: { dataset: ds, features: meta.features, soakMs: totalMs, firstSampleAtMs: totalMs / 5, repetitions: 1 },
        notes: [
          'One soak per contender (not 5): a full run would otherwise spend 75 minutes here.',
          'heap = CDP Performance.getMetrics JSHeapUsedSize of the page (main thread only) after a forced GC; buffers = WebGL buffer bytes (Mapdraft: render worker stats().bufferBytes; ceiling: its own buffers; OL Canvas: none).',
          'Worker heaps are not in JSHeapUsedSize: rendererRss (VmRSS of all renderer processes, which host the workers) covers them.',
        ],
      },
      { baseline: 'OpenLayers 10 Canvas', ceiling: 'raw WebGL2', mapdraft: 'render worker' },
      samples,
      { heapGrowthPct: '%', bufferGrowthPct: '%', rendererRssGrowthPct: '%' },
    );
    const h = med(r, 'mapdraft', 'heapGrowthPct'),
      b = med(r, 'mapdraft', 'bufferGrowthPct'),
      rss = med(r, 'mapdraft', 'rendererRssGrowthPct');
    r.targets.push({
      text: 'JS heap grows ≤ 10 % from minute 1 to minute 5',
      met: h <= 10,
      detail: `main heap ${fmt(h)} %; renderer RSS (incl. workers) ${fmt(rss)} %`,
    });
    r.targets.push({ text: 'buffer bytes grow ≤ 10 %', met: b <= 10, detail: `${fmt(b)} %` });
    return r;
  },
};
