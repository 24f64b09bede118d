// Node-side helpers shared by the rendering scenarios.
import type { Page } from 'playwright-core';
import { ensureDataset, type DatasetMeta } from '../data/datasets.ts';
import { percentile } from './stats.ts';
import { CONTENDERS, type Contender, type RunContext } from './scenario.ts';

type Bench = { __bench: { call(m: string, f: string, ...a: unknown[]): Promise<unknown> } };

/** Longest a page call may take: a promise the page never settles fails its scenario, not the whole run. */
const CALL_TIMEOUT_MS = 20 * 60_000;

export function call<T = Record<string, number>>(page: Page, module: string, fn: string, ...args: unknown[]): Promise<T> {
  const done = page.evaluate(([m, f, a]) => (window as unknown as Bench).__bench.call(m as string, f as string, ...(a as unknown[])), [
    module,
    fn,
    args,
  ] as const) as Promise<T>;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${module}.${fn} did not finish within ${CALL_TIMEOUT_MS / 60_000} min`)), CALL_TIMEOUT_MS);
  });
  return Promise.race([done, timeout]).finally(() => clearTimeout(timer));
}

export interface LayerSpec {
  name: string;
  geometryType: DatasetMeta['geometryType'];
  color: string;
  ceiling: DatasetMeta['ceiling'];
}

const COLORS: Record<string, string> = { Point: '#274E78', Polygon: '#EA880C', LineString: '#C0392B' };

export async function layerSpec(name: string): Promise<{ spec: LayerSpec; meta: DatasetMeta }> {
  const meta = await ensureDataset(name);
  return { meta, spec: { name, geometryType: meta.geometryType, color: COLORS[meta.geometryType], ceiling: meta.ceiling } };
}

/** Start view: most of the inhabited world on a 412 × 732 phone screen (zoom ≈ 1.9). */
export const START_VIEW = { center: [1_000_000, 2_500_000] as [number, number], resolution: 40_000 };

/** One page per contender, each with the layers loaded (open = prepare + load). */
export async function openAll(
  ctx: RunContext,
  layers: LayerSpec[],
  view = START_VIEW,
): Promise<Record<Contender, { page: Page; open: Record<string, number> }>> {
  const out = {} as Record<Contender, { page: Page; open: Record<string, number> }>;
  for (const c of CONTENDERS) {
    const page = await ctx.openPage();
    const open = await call(page, 'render', 'open', c, layers, view);
    ctx.log(
      `    ${c}: loaded in ${open.loadMs.toFixed(0)} ms (painted px ${open.paintedPixels}, buffers ${(open.bufferBytes / 1e6).toFixed(1)} MB)`,
    );
    out[c] = { page, open };
  }
  return out;
}

export async function closeAll(pages: Record<string, { page: Page }>): Promise<void> {
  for (const { page } of Object.values(pages)) {
    await call(page, 'render', 'close').catch(() => undefined);
    await page.close().catch(() => undefined);
  }
}

export interface PanStats {
  frameP95Ms: number;
  frameMedianMs: number;
  frames: number;
  drawP95Ms: number;
  mainRafP95Ms: number;
  longTaskMaxMs: number;
  longTasksOver50: number;
}

export async function runPan(page: Page, durationMs: number, span?: number, zoomRange?: number): Promise<PanStats> {
  await page.bringToFront();
  const r = await call<{ intervals: number[]; drawMs: number[]; mainRaf: number[]; longTaskMaxMs: number; over50: number }>(
    page,
    'render',
    'pan',
    durationMs,
    span,
    zoomRange,
  );
  return {
    frameP95Ms: percentile(r.intervals, 95),
    frameMedianMs: percentile(r.intervals, 50),
    frames: r.intervals.length + 1,
    drawP95Ms: r.drawMs.length ? percentile(r.drawMs, 95) : NaN,
    mainRafP95Ms: percentile(r.mainRaf, 95),
    longTaskMaxMs: r.longTaskMaxMs,
    longTasksOver50: r.over50,
  };
}
