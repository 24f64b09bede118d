// Page side of scenarios 6–8: the baseline diff on the main thread, everything else in the bench worker.
import { diffDataset } from '../../data/generate.ts';
import { naiveDiff } from '../contenders/naive_diff.ts';
import { microWorker, resetMicroWorker } from '../harness.ts';
import { longTasks, sleep } from '../probes.ts';

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
