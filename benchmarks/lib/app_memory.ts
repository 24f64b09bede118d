// Issue 17 target 6, memory of the opened app, against the typed-array bytes of the loaded layers as
// the product's own decoder makes them from the server's FlatGeobuf answers (the data worker's
// FeatureBatch: ids, coords, part/feature/polygon ends, categories).
//  - rendererBytes: the proportional set size (PSS, /proc/<pid>/smaps_rollup) of the app tab's own
//    renderer process — its main thread and its workers; shared library pages count by their share,
//    other tabs (the bench harness) not at all. The process is the one the tab's trace names for its
//    main frame (TracingStartedInBrowser).
//  - gpuBytes: the GPU process's PSS, apart: SwiftShader keeps the WebGL buffers and textures there,
//    not in the renderer.
//  - allRenderersRssBytes: the earlier upper bound (VmRSS summed over every renderer process).
//  - What the app holds, each after a GC: the main thread's JS heap; each worker's JS heap and the
//    bytes behind its ArrayBuffers (typed arrays: CDP Runtime.getHeapUsage's backingStorageSize on
//    the worker's target); the
//    WebAssembly memories of the data worker (wa-sqlite's heap; it grows for the largest row written
//    and never shrinks).
import { readFileSync } from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { DEMO_LAYERS } from '../../server/seed/demo_config.ts';
import { decodeFlatGeobuf } from '../../workers/data/fgb_decode.ts';
import { metrics } from './cdp.ts';
import { rendererRssBytes } from './process_memory.ts';

export interface AppMemory {
  mainHeapBytes: number;
  rendererBytes: number;
  gpuBytes: number;
  allRenderersRssBytes: number;
  dataWorkerHeapBytes: number;
  dataWorkerArrayBufferBytes: number;
  /** wa-sqlite's WebAssembly memory (V8 keeps it apart from the ArrayBuffers' backing store). */
  dataWorkerWasmBytes: number;
  renderWorkerHeapBytes: number;
  renderWorkerArrayBufferBytes: number;
}

/** PSS of a process in bytes (NaN when it is gone or unreadable). */
function pssBytes(pid: number): number {
  try {
    const m = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m);
    return m ? Number(m[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The renderer process of the page's main frame, from a short trace's TracingStartedInBrowser event. */
async function pageRendererPid(browser: Browser, page: Page): Promise<number> {
  await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
  await page.evaluate(() => new Promise((ok) => requestAnimationFrame(ok)));
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: { name: string; args?: { data?: { frames?: { url: string; parent?: string; processId?: number }[] } } }[];
  };
  const started = trace.traceEvents.find((e) => e.name === 'TracingStartedInBrowser');
  const main = started?.args?.data?.frames?.find((f) => !f.parent && f.processId);
  if (!main?.processId) throw new Error('the trace names no renderer process for the page');
  return main.processId;
}

async function gpuProcessBytes(browser: Browser): Promise<number> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    return processInfo.filter((p) => /gpu/i.test(p.type)).reduce((sum, p) => sum + (pssBytes(p.id) || 0), 0);
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

interface WorkerMemory {
  heapBytes: number;
  arrayBufferBytes: number;
  wasmBytes: number;
}

/** How long a worker's released ArrayBuffers are given to be swept before its memory is read. */
const SWEEP_WAIT_MS = 1_000;

/** A worker that does not answer (gone, or starved of the core) is left out instead of holding the run. */
const WORKER_ANSWER_MS = 30_000;

/** What each of the page's dedicated workers holds after a GC, by its target's title and URL. */
async function workerMemory(cdp: CDPSession): Promise<Map<string, WorkerMemory>> {
  // The page session's own auto-attach, not flattened: Playwright's CDPSession sends no child session
  // ids, so each worker is spoken to through Target.sendMessageToTarget.
  const sessions = new Map<string, string>();
  let next = 1;
  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  const onAttached = (e: { sessionId: string; targetInfo: { type: string; title: string; url: string } }) => {
    if (e.targetInfo.type === 'worker') sessions.set(e.sessionId, `${e.targetInfo.title} ${e.targetInfo.url}`);
  };
  const onMessage = (e: { message: string }) => {
    const msg = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = msg.id === undefined ? undefined : pending.get(msg.id);
    if (!waiting) return;
    pending.delete(msg.id!);
    if (msg.error) waiting.fail(new Error(msg.error.message));
    else waiting.ok(msg.result);
  };
  cdp.on('Target.attachedToTarget', onAttached);
  cdp.on('Target.receivedMessageFromTarget', onMessage);
  const call = <T>(sessionId: string, method: string, params: Record<string, unknown> = {}): Promise<T> =>
    new Promise<T>((ok, fail) => {
      const id = next++;
      const timer = setTimeout(() => {
        pending.delete(id);
        fail(new Error(`${method}: no answer in ${WORKER_ANSWER_MS} ms`));
      }, WORKER_ANSWER_MS);
      const settle = () => clearTimeout(timer);
      pending.set(id, {
        ok: (v) => (settle(), ok(v as T)),
        fail: (e) => (settle(), fail(e)),
      });
      void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) }).catch(fail);
    });
  const oneWorker = async (sessionId: string): Promise<WorkerMemory> => {
    const evaluate = (expression: string) =>
      call<{ result: { value?: number; objectId?: string } }>(sessionId, 'Runtime.evaluate', { expression, returnByValue: false });
    // Twice, a moment apart: V8 frees a dead ArrayBuffer's backing store in a sweep after the GC, and
    // read at once the render worker's "arrays" at 1M points were 106.5 MB where a heap snapshot of
    // the same worker held 33.2 MB (the batch; 2026-12-02).
    await evaluate('globalThis.gc?.()');
    await new Promise((ok) => setTimeout(ok, SWEEP_WAIT_MS));
    await evaluate('globalThis.gc?.()');
    // backingStorageSize: the bytes behind the worker's ArrayBuffers (typed arrays).
    const heap = await call<{ usedSize: number; backingStorageSize?: number }>(sessionId, 'Runtime.getHeapUsage');
    // wa-sqlite's wasm memory is not read: Runtime.queryObjects over a worker's heap (the way to find its
    // WebAssembly.Memory) never answered on Chromium 156 and then crashed the page (2026-11-28).
    return { heapBytes: heap.usedSize, arrayBufferBytes: heap.backingStorageSize ?? Number.NaN, wasmBytes: Number.NaN };
  };
  try {
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    await new Promise((ok) => setTimeout(ok, 500));
    const out = new Map<string, WorkerMemory>();
    for (const [sessionId, name] of sessions) {
      try {
        out.set(name, await oneWorker(sessionId));
      } catch (err) {
        console.warn(`  worker memory of ${name}: ${(err as Error).message}`);
      }
    }
    return out;
  } finally {
    await cdp.send('Target.setAutoAttach', { autoAttach: false, waitForDebuggerOnStart: false }).catch(() => undefined);
    cdp.off('Target.attachedToTarget', onAttached);
    cdp.off('Target.receivedMessageFromTarget', onMessage);
  }
}

export async function appMemory(page: Page, cdp: CDPSession, browser: Browser): Promise<AppMemory> {
  const workers = await workerMemory(cdp);
  await page.evaluate(() => (globalThis as { gc?: () => void }).gc?.());
  const m = await metrics(cdp);
  const pid = await pageRendererPid(browser, page);
  // The worker's name (src/map/*_client.ts) is its title; its script's file name says it too.
  const worker = (name: string, file: string) =>
    [...workers].find(([key]) => key.includes(name) || key.includes(file))?.[1] ?? {
      heapBytes: Number.NaN,
      arrayBufferBytes: Number.NaN,
      wasmBytes: Number.NaN,
    };
  const data = worker('mapdraft-data', 'data.worker');
  const render = worker('mapdraft-render', 'render.worker');
  return {
    mainHeapBytes: m.JSHeapUsedSize,
    rendererBytes: pssBytes(pid),
    gpuBytes: await gpuProcessBytes(browser),
    allRenderersRssBytes: await rendererRssBytes(browser),
    dataWorkerHeapBytes: data.heapBytes,
    dataWorkerArrayBufferBytes: data.arrayBufferBytes,
    dataWorkerWasmBytes: data.wasmBytes,
    renderWorkerHeapBytes: render.heapBytes,
    renderWorkerArrayBufferBytes: render.arrayBufferBytes,
  };
}

/** Sum of the typed arrays of each layer's FeatureBatch, decoded from `GET /api/features?f=fgb`. */
export async function layersTypedArrayBytes(serverUrl: string, workspace: string, layers: readonly string[]): Promise<number> {
  let total = 0;
  for (const layer of layers) {
    const res = await fetch(`${serverUrl}/api/features?workspace=${workspace}&layer=${layer}&f=fgb`, {
      headers: { 'x-app-key': DEMO_APP_KEY, accept: 'application/flatgeobuf' },
    });
    if (!res.ok) throw new Error(`FlatGeobuf of ${layer}: ${res.status}`);
    const def = DEMO_LAYERS.find((l) => l.id === layer);
    const batch = decodeFlatGeobuf(new Uint8Array(await res.arrayBuffer()), {
      layerId: layer,
      idProperty: 'gfid',
      categoryProperty: def?.categoryProperty,
    });
    for (const a of [batch.ids, batch.coords, batch.partEnds, batch.featureEnds, batch.polygonEnds, batch.categories]) {
      total += a?.byteLength ?? 0;
    }
  }
  return total;
}
