// Page side of the rendering scenarios (1–5, 9): one contender map at a time in this page, driven by
// node through __bench.call('render', fn, ...args).
import { GlCeiling } from '../contenders/gl_ceiling.ts';
import { MapdraftApp } from '../contenders/mapdraft_app.ts';
import { OlApp } from '../contenders/ol_app.ts';
import type { LayerSpec, MapContender, View } from '../contenders/types.ts';
import { heapBytes, longTasks, rafDeltas, sleep } from '../probes.ts';

type Kind = 'baseline' | 'ceiling' | 'mapdraft';
let current: MapContender | null = null;
let currentKind: Kind | null = null;
let view0: View = { center: [0, 0], resolution: 1 };
const SIZE: [number, number] = [window.innerWidth, window.innerHeight];

const eventEntries: { id: number; name: string; duration: number; start: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
    eventEntries.push({ id: e.interactionId ?? 0, name: e.name, duration: e.duration, start: e.startTime });
  }
}).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);

function make(kind: Kind): MapContender {
  return kind === 'baseline' ? new OlApp() : kind === 'ceiling' ? new GlCeiling() : new MapdraftApp();
}

/** Prepare (untimed), then load to the first correct frame (timed); long tasks over the load. */
export async function open(kind: Kind, layers: LayerSpec[], view: View): Promise<Record<string, number>> {
  await close();
  current = make(kind);
  currentKind = kind;
  view0 = view;
  const prepareMs = await current.prepare(SIZE);
  await sleep(50);
  const probe = longTasks();
  const t0 = performance.now();
  await current.load(layers, view);
  const loadMs = performance.now() - t0;
  await sleep(100);
  const lt = probe.stop();
  await current.afterLoad?.();
  const painted = await current.paintedPixels();
  return {
    prepareMs,
    loadMs,
    paintedPixels: painted,
    longTaskCount: lt.count,
    longTaskMaxMs: lt.maxMs,
    longTaskTotalMs: lt.totalMs,
    heapBytes: heapBytes(),
    bufferBytes: await current.bufferBytes(),
  };
}

/** Deterministic pan/zoom path: a loop around the start with a zoom in and back out. */
export function viewAt(t: number, span: number, zoomRange: number): View {
  const a = 2 * Math.PI * t;
  const r = view0.resolution * span;
  return {
    center: [view0.center[0] + r * Math.sin(a), view0.center[1] + (r / 2) * Math.sin(2 * a)],
    resolution: view0.resolution / 2 ** ((zoomRange * (1 - Math.cos(a))) / 2),
  };
}

/** Scripted pan/zoom for `durationMs`; the view changes every main-thread frame. */
export async function pan(durationMs: number, span = 150, zoomRange = 2): Promise<Record<string, number[] | number>> {
  const c = current!;
  const probe = longTasks();
  const raf = rafDeltas();
  c.startFrames();
  const t0 = performance.now();
  await new Promise<void>((done) => {
    const step = () => {
      const t = (performance.now() - t0) / durationMs;
      if (t >= 1) return done();
      c.setView(viewAt(t, span, zoomRange), true);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  c.setView(viewAt(1, span, zoomRange), false);
  await sleep(50);
  const frames = c.stopFrames();
  const mainRaf = raf.stop();
  const lt = probe.stop();
  return {
    intervals: frames.intervals,
    drawMs: frames.drawMs,
    mainRaf,
    longTaskCount: lt.count,
    longTaskMaxMs: lt.maxMs,
    over50: lt.over50,
  };
}

/** A zoom step, then the time until buffers for the new view are rebuilt and drawn; main-thread long tasks meanwhile. */
export async function zoomAndSettle(factor: number): Promise<Record<string, number>> {
  const c = current!;
  await c.idle();
  const probe = longTasks();
  const t0 = performance.now();
  c.setView({ center: view0.center, resolution: view0.resolution / factor }, false);
  await c.idle();
  const ms = performance.now() - t0;
  await sleep(100);
  const lt = probe.stop();
  c.setView(view0, false);
  await c.idle();
  return { settleMs: ms, longTaskCount: lt.count, longTaskMaxMs: lt.maxMs };
}

export async function settle(): Promise<void> {
  await current?.idle();
}

export async function memory(): Promise<Record<string, number>> {
  return { heapBytes: heapBytes(), bufferBytes: await current!.bufferBytes() };
}

/** Pixel positions (CSS px) of `n` features of a point dataset inside the start view, seeded. */
export async function tapTargets(dataset: string, n: number): Promise<[number, number][]> {
  const xy = new Float32Array(await (await fetch(`/bench-cache/${dataset}.f32`)).arrayBuffer());
  const out: [number, number][] = [];
  const { center, resolution } = view0;
  let seed = 12345;
  const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296;
  for (let tries = 0; out.length < n && tries < n * 200; tries++) {
    const i = (rand() * (xy.length / 2)) | 0;
    const x = SIZE[0] / 2 + (xy[2 * i] - center[0]) / resolution;
    const y = SIZE[1] / 2 - (xy[2 * i + 1] - center[1]) / resolution;
    if (x > 10 && y > 10 && x < SIZE[0] - 10 && y < SIZE[1] - 10) out.push([Math.round(x), Math.round(y)]);
  }
  return out;
}

export async function prepareHits(dataset: string): Promise<number> {
  if (currentKind === 'mapdraft') return (current as MapdraftApp).prepareHits(dataset);
  return 0;
}

let pendingTap: Promise<Record<string, number>> | null = null;

/** Arms a one-shot listener for the next tap (returns at once); `waitTap` gives its latency. */
export function armTap(timeoutMs: number): void {
  pendingTap = new Promise((resolve) => {
    const timer = setTimeout(() => {
      window.removeEventListener('pointerdown', onDown);
      resolve({ latencyMs: NaN, hit: 0, timedOut: 1 });
    }, timeoutMs);
    const onDown = (e: PointerEvent) => {
      window.removeEventListener('pointerdown', onDown);
      const ts = e.timeStamp;
      void current!.tap(e.clientX, e.clientY).then((r) => {
        clearTimeout(timer);
        resolve({ latencyMs: r.paintedAt - ts, toDrawnMs: (r.drawnAt ?? NaN) - ts, hit: r.hit ? 1 : 0, timedOut: 0, eventTs: ts });
      });
    };
    window.addEventListener('pointerdown', onDown);
  });
}

/** Input-to-paint of the armed tap: event timestamp → the selection on screen. */
export function waitTap(): Promise<Record<string, number>> {
  return pendingTap ?? Promise.resolve({ latencyMs: NaN, hit: 0, timedOut: 1 });
}

/** Event Timing: the longest entry per interaction since `since` (entries exist only at ≥ 16 ms). */
export function eventTimings(since: number): number[] {
  const per = new Map<number, number>();
  for (const e of eventEntries) {
    if (e.start < since || !e.id) continue;
    per.set(e.id, Math.max(per.get(e.id) ?? 0, e.duration));
  }
  return [...per.values()];
}

export function now(): number {
  return performance.now();
}

export async function close(): Promise<void> {
  if (current) await current.dispose().catch(() => undefined);
  current = null;
  currentKind = null;
}

// ---------- scenario 4: warm open from local storage, server stopped ----------

function idb<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((ok, fail) => {
    req.onsuccess = () => ok(req.result);
    req.onerror = () => fail(req.error);
  });
}

/** Settles with the transaction: a put too large for IndexedDB aborts it without failing the request. */
function idbDone(tx: IDBTransaction): Promise<void> {
  return new Promise((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onabort = () => fail(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => fail(tx.error);
  });
}

async function openIdb(): Promise<IDBDatabase> {
  const req = indexedDB.open('bench-warm', 1);
  req.onupgradeneeded = () => req.result.createObjectStore('layers');
  return idb(req);
}

// Chromium refuses an IndexedDB value over ~133 MB (the 1M-point GeoJSON is 158 MB), so the
// baseline's offline copy is kept as the app would have to: the text in slices under key#0, key#1, …
const IDB_SLICE_CHARS = 16 * 2 ** 20;

async function idbPutText(db: IDBDatabase, key: string, text: string): Promise<void> {
  const tx = db.transaction('layers', 'readwrite');
  const done = idbDone(tx);
  const store = tx.objectStore('layers');
  const slices = Math.ceil(text.length / IDB_SLICE_CHARS);
  store.put(slices, key);
  for (let i = 0; i < slices; i++) store.put(text.slice(i * IDB_SLICE_CHARS, (i + 1) * IDB_SLICE_CHARS), `${key}#${i}`);
  await done;
}

async function idbGetText(db: IDBDatabase, key: string): Promise<string> {
  const store = db.transaction('layers').objectStore('layers');
  const slices = (await idb(store.get(key))) as number;
  const parts = await Promise.all(Array.from({ length: slices }, (_, i) => idb(store.get(`${key}#${i}`)) as Promise<string>));
  return parts.join('');
}

/** Untimed: puts each contender's own offline copy of the layers where its warm open reads them. */
export async function storeWarm(kind: Kind, layers: LayerSpec[]): Promise<void> {
  for (const l of layers) {
    if (kind === 'mapdraft') {
      const { microWorker } = await import('../harness.ts');
      await microWorker().storeLayer(location.origin, l.name);
    } else if (kind === 'baseline') {
      // A plain offline app: the GeoJSON text kept in IndexedDB.
      const text = await (await fetch(`/api/features?workspace=bench&layer=${l.name}`)).text();
      const db = await openIdb();
      await idbPutText(db, l.name, text);
      db.close();
    } else {
      // The least: the GPU-ready buffer as one OPFS file.
      const root = await navigator.storage.getDirectory();
      for (const file of [`${l.name}.f32`, ...(l.ceiling.outline ? [l.ceiling.outline.file] : [])]) {
        const bytes = await (await fetch(`/bench-cache/${file}`)).arrayBuffer();
        const w = await (await root.getFileHandle(`warm-${file}`, { create: true })).createWritable();
        await w.write(bytes);
        await w.close();
      }
    }
  }
}

/** Timed: prepare (untimed), then from the local copy to the first correct frame; the server is stopped. */
export async function openWarm(kind: Kind, layers: LayerSpec[], view: View): Promise<Record<string, number>> {
  await close();
  current = make(kind);
  currentKind = kind;
  view0 = view;
  const prepareMs = await current.prepare(SIZE);
  await sleep(50);
  const probe = longTasks();
  const t0 = performance.now();
  if (kind === 'mapdraft') {
    const { microWorker } = await import('../harness.ts');
    const batches = [];
    for (const l of layers) batches.push(await microWorker().readLayer(l.name));
    await (current as MapdraftApp).loadBatch(layers, batches, view);
  } else if (kind === 'baseline') {
    const db = await openIdb();
    await (current as OlApp).load(layers, view, async (l) => JSON.parse(await idbGetText(db, l.name)));
    db.close();
  } else {
    const root = await navigator.storage.getDirectory();
    await (current as GlCeiling).load(layers, view, async (file) =>
      (await (await root.getFileHandle(`warm-${file}`)).getFile()).arrayBuffer(),
    );
  }
  const loadMs = performance.now() - t0;
  await sleep(100);
  const lt = probe.stop();
  return { prepareMs, warmMs: loadMs, paintedPixels: await current.paintedPixels(), longTaskCount: lt.count, longTaskMaxMs: lt.maxMs };
}
