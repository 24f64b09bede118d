// The one bench page. Node drives it through page.evaluate: `__bench.call(module, fn, ...args)` loads
// a scenario module of ./scenarios lazily (a page only pays for the code its scenario uses).
import { wrap, type Remote } from 'comlink';
import type { MicroWorkerApi } from './workers/micro.worker.ts';

const modules = import.meta.glob('./scenarios/*.ts');

let micro: { worker: Worker; api: Remote<MicroWorkerApi> } | undefined;

export function microWorker(): Remote<MicroWorkerApi> {
  if (!micro) {
    const worker = new Worker(new URL('./workers/micro.worker.ts', import.meta.url), { type: 'module', name: 'bench-micro' });
    micro = { worker, api: wrap<MicroWorkerApi>(worker) };
  }
  return micro.api;
}

export function resetMicroWorker(): void {
  micro?.worker.terminate();
  micro = undefined;
}

const bench = {
  /** The worker-throttle check's fixed loop, on this (main) thread. */
  loopMain(n: number): number {
    const t0 = performance.now();
    let x = 0;
    for (let i = 0; i < n; i++) x = (x + Math.sqrt(i) * 1.0000001) % 1e9;
    (globalThis as { __sink?: number }).__sink = x;
    return performance.now() - t0;
  },
  /** The same loop in a dedicated worker. */
  loopWorker(n: number): Promise<number> {
    return microWorker().loop(n);
  },
  async call(module: string, fn: string, ...args: unknown[]): Promise<unknown> {
    const load = modules[`./scenarios/${module}.ts`];
    if (!load) throw new Error(`no bench module ${module}`);
    const mod = (await load()) as Record<string, (...a: unknown[]) => unknown>;
    if (typeof mod[fn] !== 'function') throw new Error(`${module}.${fn} is not a function`);
    return mod[fn](...args);
  },
  userAgent: navigator.userAgent,
};

(window as unknown as { __bench: typeof bench; __benchReady: boolean }).__bench = bench;
(window as unknown as { __benchReady: boolean }).__benchReady = true;
