// Page side of scenario 15 (file import, issue 15 part 5): a GeoJSON file of N points (the cities)
// read and described three ways while the main thread's long tasks are recorded; Mapdraft then uploads
// it into a new layer of the API server as the app does (import worker, chunks of 1,000).
import { proxy } from 'comlink';
import { startImportWorker } from '../../../src/interop/import/import_worker_client.ts';
import { inferPropertyType } from '../../../src/model/index.ts';
import { longTasks } from '../probes.ts';

let file: Blob | undefined;

/** The dataset's GeoJSON as the Blob a file input would give (fetched before anything is timed). */
export async function prepareImportFile(layer: string): Promise<number> {
  file = await (await fetch(`/api/features?layer=${encodeURIComponent(layer)}`)).blob();
  return file.size;
}

/** Baseline: what a page without a worker does: JSON.parse and the column scan on the main thread. */
export async function parseOnMain(): Promise<Record<string, number>> {
  if (!file) throw new Error('prepareImportFile first');
  const text = await file.text();
  const probe = longTasks();
  const t0 = performance.now();
  const doc = JSON.parse(text) as { features: { properties: Record<string, unknown> }[] };
  const samples = new Map<string, unknown[]>();
  for (const f of doc.features) {
    for (const [k, v] of Object.entries(f.properties)) {
      const list = samples.get(k) ?? samples.set(k, []).get(k)!;
      if (list.length < 1000) list.push(v);
    }
  }
  for (const values of samples.values()) inferPropertyType(values);
  const parseMs = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50));
  const tasks = probe.stop();
  return { parseMs, features: doc.features.length, longTaskMaxMs: tasks.maxMs, longTasksOver50: tasks.over50 };
}

const CEILING_SOURCE = 'onmessage = async (e) => { const d = JSON.parse(await e.data.text()); postMessage(d.features.length); };';

/** Ceiling: the bare minimum off the main thread: a worker that only JSON.parses the file. */
export async function parseInBareWorker(): Promise<Record<string, number>> {
  if (!file) throw new Error('prepareImportFile first');
  const url = URL.createObjectURL(new Blob([CEILING_SOURCE], { type: 'text/javascript' }));
  const worker = new Worker(url);
  const probe = longTasks();
  const t0 = performance.now();
  const features = await new Promise<number>((resolve) => {
    worker.onmessage = (e) => resolve(e.data as number);
    worker.postMessage(file);
  });
  const parseMs = performance.now() - t0;
  worker.terminate();
  URL.revokeObjectURL(url);
  const tasks = probe.stop();
  return { parseMs, features, longTaskMaxMs: tasks.maxMs, longTasksOver50: tasks.over50 };
}

export interface UploadTarget {
  apiBase: string;
  appKey: string;
  workspace: string;
  layer: string;
  authorization: string;
}

/** Mapdraft: the app's import worker opens the file, then uploads it into `target` (a new layer, stored directly). */
export async function importWithWorker(target: UploadTarget): Promise<Record<string, number>> {
  if (!file) throw new Error('prepareImportFile first');
  const worker = startImportWorker();
  const probe = longTasks();
  try {
    const t0 = performance.now();
    const opened = await Promise.race([worker.api.open(file, 'cities.geojson'), worker.failed]);
    if (!('summary' in opened)) throw new Error(`import refused: ${opened.error}`);
    const openMs = performance.now() - t0;
    let progressCalls = 0;
    const t1 = performance.now();
    const result = await Promise.race([
      worker.api.upload(
        {
          ...target,
          mode: 'direct',
          mapping: { name: 'name', population: 'population', gfid: null },
          types: { name: 'TEXT', population: 'NUMBER' },
          geometryFamily: 'Point',
        },
        proxy(() => {
          progressCalls++;
        }),
      ),
      worker.failed,
    ]);
    if (result.stopped) throw new Error(`upload stopped: ${result.stopped}`);
    const uploadMs = performance.now() - t1;
    const tasks = probe.stop();
    return {
      parseMs: opened.summary.parseMs,
      openRoundTripMs: openMs,
      uploadMs,
      featuresPerS: (result.imported / uploadMs) * 1000,
      imported: result.imported,
      refused: result.refused.length,
      progressCalls,
      longTaskMaxMs: tasks.maxMs,
      longTasksOver50: tasks.over50,
    };
  } finally {
    worker.terminate();
  }
}
