// Main-thread handle on the import worker (workers/import/import.worker.ts). One worker per open
// import dialog: started when a file is chosen, ended when the dialog closes, so its readers
// (papaparse, shpjs, togeojson, wa-sqlite) and the parsed features never stay in memory.
import { wrap, type Remote } from 'comlink';
import type { ImportWorkerApi } from '../../../workers/import/protocol.ts';

export interface ImportWorkerHandle {
  api: Remote<ImportWorkerApi>;
  terminate(): void;
}

export function startImportWorker(): ImportWorkerHandle {
  const worker = new Worker(new URL('../../../workers/import/import.worker.ts', import.meta.url), {
    type: 'module',
    name: 'mapdraft-import',
  });
  return { api: wrap<ImportWorkerApi>(worker), terminate: () => worker.terminate() };
}
