// MAPDRAFT for the rendering scenarios: the app's own pieces, as MapView wires them — the data worker
// (src/map/data_worker_client.ts) and the render worker (src/map/render_worker_client.ts: its WebGL2
// backend on a transferred OffscreenCanvas), joined by their own channel as in use_feature_renderer.ts.
// Lines and polygons go the app's way (load_vector_layers.ts showLayer): data worker → render worker
// over that channel, simplified for the view's zoom band (workers/data/zoom_bands.ts, half a pixel),
// with setZoom on every band change — what the app draws, and what a full-detail drawing cannot tell
// apart (tests/browser/band_pixels.test.ts). Points (which the bands leave whole) are loaded and handed
// over as transferred buffers (no copy, no parse). Selection: rbush hitTest
// (workers/data/hit_testing.ts) in a worker, the hit drawn as a one-feature 'selection' layer.
import { transfer } from 'comlink';
import { createRenderer, type MapRendererHandle } from '../../../src/map/render_worker_client.ts';
import { getDataWorker, terminateDataWorker } from '../../../src/map/data_worker_client.ts';
import { bandOfView, resolutionForZoom } from '../../../workers/batch/zoom_levels.ts';
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
  private band: number | undefined;
  /** The tickets of the last band change's deliveries (a later band's replace an earlier band's). */
  private bandTickets: Promise<string[]> = Promise.resolve([]);

  async prepare(size: [number, number]): Promise<number> {
    const t0 = performance.now();
    this.size = size;
    this.canvas = document.createElement('canvas');
    this.canvas.width = size[0];
    this.canvas.height = size[1];
    Object.assign(this.canvas.style, { position: 'absolute', left: '0', top: '0', width: `${size[0]}px`, height: `${size[1]}px` });
    document.getElementById('map')!.append(this.canvas);
    const channel = new MessageChannel();
    // Starts the data worker too (module loading through the dev server is not what the bundled app pays).
    const connected = getDataWorker().connectRenderer(transfer({ port: channel.port1 }, [channel.port1]));
    [this.renderer] = await Promise.all([
      createRenderer(this.canvas, {
        thread: 'worker',
        backend: 'webgl',
        pixelRatio: 1,
        size,
        workerStartTimeoutMs: 120_000,
        batchPort: channel.port2,
      }),
      connected,
    ]);
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
    this.trackZoom(view.resolution); // before showLayer, so the first delivery is simplified for this view
    const dw = getDataWorker();
    await Promise.all(
      layers.map(async (l) => {
        const req = { apiBase: location.origin, appKey: 'bench', workspace: 'bench', layer: l.name, geometryType: l.geometryType };
        if (l.geometryType === 'Point') {
          await this.renderer.setBatch(await dw.loadLayer(req));
          return;
        }
        const shown = await dw.showLayer(req);
        if (!(await this.renderer.batchReceived({ ticket: shown.ticket, timeoutMs: 600_000 }))) {
          throw new Error(`${l.name}: its features never reached the renderer`);
        }
      }),
    );
    await this.renderer.snapshot({ timeoutMs: 600_000 });
  }

  /** After the timed load, as the app once its layers are drawn: the local copy written, not during a pan. */
  async afterLoad(): Promise<void> {
    await getDataWorker().layersStored({});
  }

  /** The data worker hears of the zoom when its band changes (use_feature_renderer.ts trackZoom). */
  private trackZoom(resolution: number): void {
    const zoom = Math.log2(resolutionForZoom(0) / resolution);
    const band = bandOfView(zoom);
    if (band === this.band) return;
    this.band = band;
    this.bandTickets = getDataWorker()
      .setZoom({ zoom })
      .then((r) => r.tickets);
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
    this.trackZoom(view.resolution);
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
    // The band's simplified versions are made in the data worker after the zoom: drawn with them.
    const tickets = await this.bandTickets;
    await Promise.all(tickets.map((ticket) => this.renderer.batchReceived({ ticket, timeoutMs: 600_000 })));
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
