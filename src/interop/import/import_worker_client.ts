// Main-thread handle on the import worker (workers/import/import.worker.ts). One worker per open
// import dialog: started when a file is chosen, ended when the dialog closes, so its readers
// (papaparse, shpjs, togeojson, wa-sqlite) and the parsed features never stay in memory.
import { wrap, type Remote } from 'comlink';
import type { ImportWorkerApi } from '../../../workers/import/protocol.ts';
import { workerFailed } from '../../config/worker_failed.ts';

export interface ImportWorkerHandle {
  api: Remote<ImportWorkerApi>;
  /** Rejects when the worker fails to start or throws outside a call (comlink would wait forever). */
  failed: Promise<never>;
  terminate(): void;
}

export function startImportWorker(): ImportWorkerHandle {
  const worker = new Worker(new URL('../../../workers/import/import.worker.ts', import.meta.url), {
    type: 'module',
    name: 'mapdraft-import',
  });
  const failed = workerFailed(worker, 'The import worker stopped.');
  return { api: wrap<ImportWorkerApi>(worker), failed, terminate: () => worker.terminate() };
}
