// MAPDRAFT for the rendering scenarios: the app's own pieces, as MapView wires them — the data worker
// (src/map/data_worker_client.ts: fetch + packFeatureCollection → FeatureBatch, buffers transferred) and
// the render worker (src/map/render_worker_client.ts: its WebGL2 backend on a transferred OffscreenCanvas).
// Batches pass the main thread only as transferred buffers (no copy, no parse) instead of the app's
// data-worker → render-worker port, and lines and polygons are drawn at full detail: the app's
// zoom-band simplification (showLayer + setZoom) is not used here, so Mapdraft gets no help from it. Selection: rbush hitTest (workers/data/hit_testing.ts) in a worker,
// the hit drawn as a one-feature 'selection' layer by the render worker.
import { createRenderer, type MapRendererHandle } from '../../../src/map/render_worker_client.ts';
import { getDataWorker, terminateDataWorker } from '../../../src/map/data_worker_client.ts';
import type { FeatureBatch } from '../../../workers/batch/feature_batch.ts';
import type { RenderLayerConfig } from '../../../workers/render/protocol.ts';
import { microWorker } from '../harness.ts';
import { countPainted, nextFrame, type LayerSpec, type MapContender, type TapResult, type View } from './types.ts';

export class MapdraftApp implements MapContender {
  private canvas!: HTMLCanvasElement;
  renderer!: MapRendererHandle;
  private size: [number, number] = [1, 1];
  private view: View = { center: [0, 0], resolution: 1 };
  private recording = false;
  private intervals: number[] = [];
  private drawMs: number[] = [];
  private last = -1;
  private frameWaiters: (() => void)[] = [];
  private layers: RenderLayerConfig[] = [];

  async prepare(size: [number, number]): Promise<number> {
    const t0 = performance.now();
    this.size = size;
    this.canvas = document.createElement('canvas');
    this.canvas.width = size[0];
    this.canvas.height = size[1];
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', width: `${size[0]}px`, height: `${size[1]}px` });
    document.getElementById('map')!.append(this.canvas);
    this.renderer = await createRenderer(this.canvas, {
      thread: 'worker',
      backend: 'webgl',
      pixelRatio: 1,
      size,
      workerStartTimeoutMs: 120_000,
    });
    // Start the data worker too (module loading through the dev server is not what the bundled app pays).
    await getDataWorker().cancel({ requestId: 'warm-up' });
    await this.renderer.onFrame((info) => {
      const t = performance.now();
      if (this.recording) {
        this.drawMs.push(info.frameMs);
        if (this.last >= 0) this.intervals.push(t - this.last);
        this.last = t;
      }
      const w = this.frameWaiters;
      this.frameWaiters = [];
      for (const r of w) r();
    });
    return performance.now() - t0;
  }

  async load(layers: LayerSpec[], view: View): Promise<void> {
    this.view = view;
    this.layers = [
      ...layers.map(
        (l): RenderLayerConfig => ({
          id: l.name,
          geometryType: l.geometryType,
          fillColor: l.geometryType === 'Point' ? l.color : '#274E78',
          strokeColor: l.geometryType === 'Point' ? '#EA880C' : l.color,
        }),
      ),
      { id: 'selection', geometryType: 'Point', fillColor: '#ffd400', strokeColor: '#000000', zIndex: 9 },
    ];
    await this.renderer.setLayers(this.layers);
    await this.renderer.setView({ center: view.center, resolution: view.resolution });
    const dw = getDataWorker();
    await Promise.all(
      layers.map(async (l) => {
        const batch = await dw.loadLayer({
          apiBase: location.origin,
          appKey: 'bench',
          workspace: 'bench',
          layer: l.name,
          geometryType: l.geometryType,
        });
        await this.renderer.setBatch(batch);
      }),
    );
    await this.renderer.snapshot({ timeoutMs: 600_000 });
  }

  /** Scenario 4: draw a batch that came from the local store instead of the network. */
  async loadBatch(layers: LayerSpec[], batches: FeatureBatch[], view: View): Promise<void> {
    this.view = view;
    this.layers = layers.map((l) => ({ id: l.name, geometryType: l.geometryType, fillColor: l.color, strokeColor: '#EA880C' }));
    await this.renderer.setLayers(this.layers);
    await this.renderer.setView({ center: view.center, resolution: view.resolution });
    for (const b of batches) await this.renderer.setBatch(b);
    await this.renderer.snapshot({ timeoutMs: 600_000 });
  }

  setView(view: View, interacting: boolean): void {
    this.view = view;
    void this.renderer.setView({ center: view.center, resolution: view.resolution, viewHints: interacting ? [0, 1] : [0, 0] });
  }

  startFrames(): void {
    this.intervals = [];
    this.drawMs = [];
    this.last = -1;
    this.recording = true;
  }

  stopFrames() {
    this.recording = false;
    return { intervals: this.intervals, drawMs: this.drawMs };
  }

  async idle(): Promise<void> {
    await this.renderer.setView({ center: this.view.center, resolution: this.view.resolution, viewHints: [0, 0] });
    await this.renderer.snapshot({ timeoutMs: 600_000 });
  }

  /** Builds the hit-test index of a point layer in the bench worker (scenario 5 set-up, untimed). */
  async prepareHits(layer: string): Promise<number> {
    return microWorker().buildIndex(location.origin, layer);
  }

  async tap(x: number, y: number): Promise<TapResult> {
    const { center, resolution } = this.view;
    const mx = center[0] + (x - this.size[0] / 2) * resolution;
    const my = center[1] - (y - this.size[1] / 2) * resolution;
    const hit = await microWorker().hit(mx, my, resolution);
    const frame = new Promise<void>((r) => this.frameWaiters.push(r));
    const batch: FeatureBatch = hit
      ? {
          layerId: 'selection',
          geometryType: 'Point',
          count: 1,
          ids: new Float64Array([hit.id]),
          coords: new Float64Array([hit.lon, hit.lat]),
          partEnds: new Uint32Array([1]),
          featureEnds: new Uint32Array([1]),
        }
      : {
          layerId: 'selection',
          geometryType: 'Point',
          count: 0,
          ids: new Float64Array(0),
          coords: new Float64Array(0),
          partEnds: new Uint32Array(0),
          featureEnds: new Uint32Array(0),
        };
    await this.renderer.setBatch(batch);
    await frame; // the render worker drew a frame with the selection…
    const drawnAt = performance.now();
    await nextFrame(); // …which the compositor shows with the next frame (as OL's postrender + 1 rAF)
    return { hit: !!hit, paintedAt: performance.now(), drawnAt };
  }

  async paintedPixels(): Promise<number> {
    const s = await this.renderer.snapshot({ timeoutMs: 600_000 });
    return countPainted(s.pixels);
  }

  async bufferBytes(): Promise<number> {
    return (await this.renderer.stats()).bufferBytes;
  }

  async dispose(): Promise<void> {
    await this.renderer?.onFrame(null).catch(() => undefined);
    await this.renderer?.dispose();
    terminateDataWorker();
    this.canvas?.remove();
  }
}
