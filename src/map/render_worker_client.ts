// Main-thread handle on the map renderer (files named by thread, STYLE.md §3). Picks the render worker
// drawing on a transferred OffscreenCanvas when the browser can; otherwise runs the same renderer on
// the main thread (WebGL through OL, or Canvas 2D), behind the same interface, so the map is never
// blank. The renderer is loaded lazily on the fallback path only.
import { releaseProxy, wrap, type Remote } from 'comlink';
import type { RenderBackendKind, RenderWorkerApi, RenderWorkerCall } from '../../workers/render/protocol.ts';
import { renderRequestTransfers } from '../../workers/render/render_transfer.ts';
import { workerFailed } from '../config/worker_failed.ts';

export type { RenderLayerConfig, RenderViewState, RenderStats, Snapshot } from '../../workers/render/protocol.ts';

export interface CreateRendererOptions {
  /** 'auto' (default): worker when OffscreenCanvas and module workers exist, else main thread. */
  thread?: 'auto' | 'worker' | 'main';
  /** 'auto' (default): WebGL when a context can be made, else Canvas 2D. */
  backend?: RenderBackendKind;
  /** The data worker's end is posted BatchPortMessage (a layer's batch, or one edit's update / remove); batches skip the main thread. */
  batchPort?: MessagePort;
  pixelRatio?: number;
  /** CSS pixels; default: the canvas's client size (or its width/height attributes). */
  size?: [number, number];
  /**
   * How long a worker that neither answers nor fails may take to start before the main-thread path
   * takes over (default 60 s). A worker that fails (script error, no WebGL) is replaced at once.
   */
  workerStartTimeoutMs?: number;
}

/**
 * The renderer as the main thread holds it: every call of the render protocol's table but `init`
 * (createRenderer makes it), on the worker or on the main thread alike.
 */
export type MapRendererHandle = RenderCalls & {
  readonly thread: 'worker' | 'main';
  readonly backend: 'webgl' | 'canvas2d';
  /** The canvas actually drawn on: a fresh one replaces `canvasEl` if the worker failed after transfer. */
  readonly canvas: HTMLCanvasElement;
};

type RenderCalls = Omit<RenderWorkerApi, 'init'>;

/** Each call of the table posted to the worker, its request first marked by the transfer map. */
function workerCalls(remote: Remote<RenderWorkerApi>): RenderCalls {
  const calls: Record<string, (request?: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(renderRequestTransfers) as RenderWorkerCall[]) {
    if (name === 'init') continue;
    const mark = renderRequestTransfers[name] as (request: unknown) => unknown;
    const call = remote[name] as unknown as (request: unknown) => Promise<unknown>;
    calls[name] = (request) => call(mark(request));
  }
  return calls as unknown as RenderCalls;
}

function canvasSize(canvas: HTMLCanvasElement): [number, number] {
  const w = canvas.clientWidth || canvas.width;
  const h = canvas.clientHeight || canvas.height;
  return [Math.max(1, w), Math.max(1, h)];
}

function workerPossible(canvas: HTMLCanvasElement): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof canvas.transferControlToOffscreen === 'function';
}

/**
 * Issue 17: 10 s was too short where the page is slow (a low-end phone, a core shared by the whole
 * browser, 4× CPU throttling): a worker still starting was given up and every feature was drawn on the
 * main thread for the rest of the visit, the frames of a pan there too. Slow is waited for; failed is not.
 */
const WORKER_START_TIMEOUT_MS = 60_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`render worker did not start in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** A render worker, and a promise that rejects once it fails (its module did not load). */
interface SpawnedWorker {
  worker: Worker;
  failed: Promise<never>;
}

function spawnWorker(): SpawnedWorker {
  const worker = new Worker(new URL('../../workers/render/render.worker.ts', import.meta.url), {
    type: 'module',
    name: 'mapdraft-render',
  });
  return { worker, failed: workerFailed(worker, 'render worker failed') };
}

let spare: SpawnedWorker | undefined;

/**
 * Issue 17: the render worker's module loaded and run while React renders the first screen
 * (start_early.ts), in parallel on a phone's other cores; the map's renderer takes it (createRenderer).
 */
export function prespawnRenderWorker(): void {
  if (!spare && typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined') spare = spawnWorker();
}

async function startWorker(canvas: HTMLCanvasElement, o: CreateRendererOptions, size: [number, number], pixelRatio: number) {
  const { worker, failed } = spare ?? spawnWorker();
  spare = undefined;
  const remote: Remote<RenderWorkerApi> = wrap<RenderWorkerApi>(worker);
  const offscreen = canvas.transferControlToOffscreen();
  try {
    const { backend } = await withTimeout(
      Promise.race([
        remote.init(renderRequestTransfers.init({ canvas: offscreen, pixelRatio, size, batchPort: o.batchPort, backend: o.backend })),
        failed,
      ]),
      o.workerStartTimeoutMs ?? WORKER_START_TIMEOUT_MS,
    );
    const handle: MapRendererHandle = {
      ...workerCalls(remote),
      thread: 'worker',
      backend,
      canvas,
      async dispose() {
        await remote.dispose(undefined).catch(() => undefined);
        remote[releaseProxy]();
        worker.terminate();
      },
    };
    return handle;
  } catch (err) {
    worker.terminate();
    throw err;
  }
}

async function startMain(canvas: HTMLCanvasElement, o: CreateRendererOptions, size: [number, number], pixelRatio: number) {
  const { createRenderApi } = await import('../../workers/render/render_api.ts');
  const api = createRenderApi();
  const { backend } = await api.init({ canvas, pixelRatio, size, batchPort: o.batchPort, backend: o.backend });
  const { init: _init, ...calls } = api;
  const handle: MapRendererHandle = { ...calls, thread: 'main', backend, canvas };
  return handle;
}

/** A transferred canvas is lost to the main thread; a clone takes its place in the page. */
function replacementCanvas(old: HTMLCanvasElement): HTMLCanvasElement {
  const fresh = old.cloneNode(false) as HTMLCanvasElement;
  old.replaceWith(fresh);
  return fresh;
}

export async function createRenderer(canvasEl: HTMLCanvasElement, options: CreateRendererOptions = {}): Promise<MapRendererHandle> {
  const size = options.size ?? canvasSize(canvasEl);
  const pixelRatio = options.pixelRatio ?? (globalThis.devicePixelRatio || 1);
  const thread = options.thread ?? 'auto';
  if (thread === 'main' || !workerPossible(canvasEl)) {
    if (thread === 'worker') throw new Error('render: OffscreenCanvas is not available here');
    return startMain(canvasEl, options, size, pixelRatio);
  }
  try {
    return await startWorker(canvasEl, options, size, pixelRatio);
  } catch (err) {
    if (thread === 'worker') throw err;
    console.warn('render: worker unavailable, drawing on the main thread', err);
    return startMain(replacementCanvas(canvasEl), options, size, pixelRatio);
  }
}
