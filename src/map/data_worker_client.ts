// Main-thread handle on the data worker (files named by thread, STYLE.md §3). One worker per page;
// the comlink proxy is typed from workers/data/protocol.ts.
import { wrap, type Remote } from 'comlink';
import { DATA_WORKER_STARTED, type DataWorkerApi } from '../../workers/data/protocol.ts';

let worker: Worker | undefined;
let proxy: Remote<DataWorkerApi> | undefined;
let started: Promise<void> | undefined;

export function getDataWorker(): Remote<DataWorkerApi> {
  if (!proxy) {
    worker = new Worker(new URL('../../workers/data/data.worker.ts', import.meta.url), {
      type: 'module',
      name: 'mapdraft-data',
    });
    const starting = worker;
    started = new Promise((resolve) => {
      const onMessage = (event: MessageEvent) => {
        if (event.data !== DATA_WORKER_STARTED) return;
        starting.removeEventListener('message', onMessage);
        resolve();
      };
      starting.addEventListener('message', onMessage);
    });
    proxy = wrap<DataWorkerApi>(worker);
  }
  return proxy;
}

/** Resolves once the data worker's thread runs its modules (workers/data/started_signal.ts). */
export function dataWorkerStarted(): Promise<void> {
  getDataWorker();
  return started!;
}

/** Ends the worker (tests, hot reload); the next getDataWorker() starts a fresh one. */
export function terminateDataWorker(): void {
  worker?.terminate();
  worker = undefined;
  proxy = undefined;
  started = undefined;
}
