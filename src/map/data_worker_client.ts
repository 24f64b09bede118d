// Main-thread handle on the data worker (files named by thread, STYLE.md §3). One worker per page;
// the comlink proxy is typed from workers/data/protocol.ts.
import { wrap, type Remote } from 'comlink';
import type { DataWorkerApi } from '../../workers/data/protocol.ts';

let worker: Worker | undefined;
let proxy: Remote<DataWorkerApi> | undefined;

export function getDataWorker(): Remote<DataWorkerApi> {
  if (!proxy) {
    worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), {
      type: 'module',
      name: 'mapdraft-data',
    });
    proxy = wrap<DataWorkerApi>(worker);
  }
  return proxy;
}

/** Ends the worker (tests, hot reload); the next getDataWorker() starts a fresh one. */
export function terminateDataWorker(): void {
  worker?.terminate();
  worker = undefined;
  proxy = undefined;
}
