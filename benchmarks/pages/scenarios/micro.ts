// Page side of scenarios 6–8: the baseline diff on the main thread, everything else in the bench worker.
import { diffDataset } from '../../data/generate.ts';
import { naiveDiff } from '../contenders/naive_diff.ts';
import { microWorker, resetMicroWorker } from '../harness.ts';
import { longTasks, sleep } from '../probes.ts';
import { naiveScan } from '../contenders/search_scan.ts';
import type { Feature } from 'geojson';

let naiveData: { key: string; data: ReturnType<typeof diffDataset> } | undefined;

export function prepareNaiveDiff(n: number, mod: number, add: number, del: number): number {
  const key = `${n}/${mod}/${add}/${del}`;
  if (naiveData?.key !== key) naiveData = { key, data: diffDataset(n, mod, add, del) };
  return naiveData.data.suggestions.features.length;
}

export async function runNaiveDiff(): Promise<Record<string, number>> {
  const probe = longTasks();
  const t0 = performance.now();
  const d = naiveDiff(naiveData!.data.originals, naiveData!.data.suggestions);
  const ms = performance.now() - t0;
  await sleep(30); // the long task entry arrives after the task ends
  return { ms, new: d.new.length, modified: d.modified.length, deleted: d.deleted.length, longTaskMaxMs: probe.stop().maxMs };
}

export async function worker(fn: string, ...args: unknown[]): Promise<unknown> {
  const api = microWorker() as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  return api[fn](...args);
}

export function resetWorker(): void {
  resetMicroWorker();
}

/** Scenario 10: request → FeatureBatch typed arrays in the data worker, through the real API server. */
export async function loadViaDataWorker(
  apiBase: string,
  workspace: string,
  layer: string,
  appKey: string,
  format: 'fgb' | 'geojson',
): Promise<Record<string, number>> {
  const { getDataWorker } = await import('../../../src/map/data_worker_client.ts');
  const dw = getDataWorker();
  await dw.cancel({ requestId: 'warm-up' }); // worker started before the clock
  const t0 = performance.now();
  const batch = await dw.loadLayer({ apiBase, appKey, workspace, layer, geometryType: 'Point', format });
  return { ms: performance.now() - t0, count: batch.count, coordsBytes: batch.coords.byteLength };
}

// ---------- scenario 12: search ----------
let naiveFeatures: Feature[] | undefined;

/** Baseline set-up (untimed): the layer's GeoJSON features on the main thread. */
export async function prepareNaiveSearch(layer: string): Promise<number> {
  const res = await fetch(`/api/features?workspace=bench&layer=${layer}`);
  naiveFeatures = ((await res.json()) as { features: Feature[] }).features;
  return naiveFeatures.length;
}

/**
 * Types the queries one after another, as the search field sends them, and records each answer's
 * time (ms: inside the worker, or the main-thread scan; roundTripMs: from the page) and the page's
 * long tasks meanwhile. The scenario sets the CPU throttling.
 */
export async function typeQueries(
  contender: 'baseline' | 'ceiling' | 'mapdraft',
  queries: string[],
): Promise<Record<string, number[] | number>> {
  const api = microWorker();
  const probe = longTasks();
  const ms: number[] = [];
  const roundTripMs: number[] = [];
  for (const q of queries) {
    const t0 = performance.now();
    if (contender === 'baseline') {
      naiveScan(naiveFeatures!, q);
      ms.push(performance.now() - t0);
    } else {
      ms.push((await api.searchOnce(contender, q)).ms);
    }
    roundTripMs.push(performance.now() - t0);
    await sleep(0); // the next key press
  }
  await sleep(30); // the long task entry arrives after the task ends
  const tasks = probe.stop();
  return { ms, roundTripMs, longTaskMaxMs: tasks.maxMs, longTasksOver50: tasks.over50 };
}
