// The render worker's logic, runnable on any thread: in render.worker.ts on a transferred
// OffscreenCanvas, or on the main thread (src/map/render_worker_client.ts) when OffscreenCanvas is
// missing. Holds the layers (config + features as one FeatureBatch each), the view, one frame in
// flight, and a drawing backend (WebGL2, or Canvas 2D); labels are a 2D pass on top.
import View from 'ol/View.js';
import { getForViewAndSize } from 'ol/extent.js';
import { compose, create as createTransform, makeInverse } from 'ol/transform.js';
import {
  DEFAULT_CENTER,
  DEFAULT_PROJECTION,
  DEFAULT_ZOOM,
  FIT_MAX_ZOOM,
  FIT_PADDING,
  LAYER_MIN_ZOOM,
  type GeometryType,
} from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { combineExtents } from '../batch/spatial_index.ts';
import type { Extent } from '../batch/mercator.ts';
import { CanvasFallbackBackend } from './canvas_fallback.ts';
import { GLBackend } from './gl_backend.ts';
import { LayerData } from './layer_data.ts';
import { drawLabels } from './labels.ts';
import { zIndexFor } from './layer_style.ts';
import type {
  FitRequest,
  FrameCallback,
  RemoveFeaturesRequest,
  RenderBackendKind,
  RenderLayerConfig,
  RenderStats,
  RenderViewState,
  SetViewRequest,
  Snapshot,
} from './protocol.ts';
import type { DrawBackend, FrameContext, LayerEntry, Output2D, OutputCanvas } from './render_backend.ts';

/** rAF can stall where the canvas is not shown (hidden tab, headless); never wait longer than this. */
const FRAME_WATCHDOG_MS = 100;

export interface MapRendererOptions {
  pixelRatio: number;
  size: [number, number];
  backend?: RenderBackendKind;
}

function schedule(run: () => void): void {
  const raf = (globalThis as { requestAnimationFrame?: (cb: () => void) => number }).requestAnimationFrame;
  if (typeof raf === 'function') {
    raf.call(globalThis, run);
    setTimeout(run, FRAME_WATCHDOG_MS);
  } else {
    setTimeout(run, 0);
  }
}

/**
 * WebGL2 unless told otherwise or unavailable; a GPU that refuses our shaders also gets Canvas 2D.
 * No context is made just to ask whether WebGL2 exists: each one costs the GPU process a context's
 * set-up (hundreds of ms in a software GL), so the one that draws is the one that answers.
 */
function pickBackend(wanted: RenderBackendKind, onBuilt: () => void): DrawBackend {
  if (wanted === 'canvas2d') return new CanvasFallbackBackend();
  try {
    return new GLBackend(onBuilt);
  } catch (err) {
    if (wanted === 'webgl') throw err;
    console.warn('render: no usable WebGL2, using the Canvas 2D fallback', err);
    return new CanvasFallbackBackend();
  }
}

export class MapRenderer {
  private readonly ctx: Output2D;
  private backend: DrawBackend;
  private readonly entries = new Map<string, LayerEntry>();
  private sorted: LayerEntry[] | null = null;
  private readonly view = new View({
    projection: DEFAULT_PROJECTION,
    center: [...DEFAULT_CENTER],
    zoom: DEFAULT_ZOOM,
  });
  private size: [number, number];
  private pixelRatio: number;
  private viewHints: [number, number] = [0, 0];
  private frameRequested = false;
  private frameToken = 0;
  private frames = 0;
  private lastFrameMs = 0;
  private lastFrame: FrameContext | null = null;
  private frameCallback: FrameCallback | null = null;
  private idleWaiters: (() => void)[] = [];
  private disposed = false;

  constructor(
    private readonly canvas: OutputCanvas,
    options: MapRendererOptions,
  ) {
    const ctx = canvas.getContext('2d') as Output2D | null;
    if (!ctx) throw new Error('render: no 2D context on the map canvas');
    this.ctx = ctx;
    this.size = options.size;
    this.pixelRatio = options.pixelRatio;
    this.backend = pickBackend(options.backend ?? 'auto', () => this.requestFrame());
    this.requestFrame();
  }

  get backendKind(): 'webgl' | 'canvas2d' {
    return this.backend.kind;
  }

  // --- layers and features ---

  private ensure(layerId: string, geometryType: GeometryType): LayerEntry {
    let entry = this.entries.get(layerId);
    if (!entry) {
      // A batch may arrive (on the port) before setLayers: the layer gets SPEC §9 defaults until then.
      const config: RenderLayerConfig = { id: layerId, geometryType };
      entry = { config, data: new LayerData(layerId, geometryType), z: zIndexFor(config) };
      this.entries.set(layerId, entry);
      this.sorted = null;
    }
    return entry;
  }

  setLayers(layers: RenderLayerConfig[]): void {
    const keep = new Set(layers.map((l) => l.id));
    for (const id of [...this.entries.keys()]) {
      if (keep.has(id)) continue;
      this.backend.forget(id);
      this.entries.delete(id);
    }
    for (const config of layers) {
      const entry = this.ensure(config.id, config.geometryType);
      entry.config = { ...config };
      entry.z = zIndexFor(config);
    }
    this.sorted = null;
    this.requestFrame();
  }

  /** Replaces the layer's features. Takes ownership of the batch. */
  setBatch(batch: FeatureBatch): void {
    this.ensure(batch.layerId, batch.geometryType).data.replace(batch);
    this.requestFrame();
  }

  /** Upserts by id: a feature already there gets the new geometry and label, others are added. */
  updateFeatures(layerId: string, batch: FeatureBatch): void {
    this.ensure(layerId, batch.geometryType).data.upsert(batch);
    this.requestFrame();
  }

  removeFeatures({ layerId, ids }: RemoveFeaturesRequest): void {
    const entry = this.entries.get(layerId);
    if (!entry) return;
    entry.data.remove(ids);
    this.requestFrame();
  }

  // --- view ---

  setView(req: SetViewRequest): void {
    this.view.setCenter([req.center[0], req.center[1]]);
    this.view.setResolution(req.resolution);
    this.view.setRotation(req.rotation ?? 0);
    if (req.size) this.size = [req.size[0], req.size[1]];
    if (req.pixelRatio) this.pixelRatio = req.pixelRatio;
    this.viewHints = req.viewHints ? [req.viewHints[0], req.viewHints[1]] : [0, 0];
    this.requestFrame();
  }

  /** SPEC §9: fit padding 40, max zoom 21 unless told otherwise. */
  fit(req: FitRequest): RenderViewState {
    const p = req.padding ?? FIT_PADDING;
    const extent = req.extent ?? this.featureExtent(req.layerIds);
    if (!extent) return this.viewState();
    this.view.fit(extent, { size: this.size, padding: [p, p, p, p], maxZoom: req.maxZoom ?? FIT_MAX_ZOOM });
    // A world-wide layer on a narrow phone fits below zoom 1, where no layer with the default zoom
    // range is drawn (SPEC §3 minZoom 1): the fit stops where the first of its layers shows.
    const floor = req.extent ? undefined : this.lowestShownZoom(req.layerIds);
    if (floor !== undefined && (this.view.getZoom() ?? floor) < floor) this.view.setResolution(this.view.getResolutionForZoom(floor));
    this.viewHints = [0, 0];
    this.requestFrame();
    return this.viewState();
  }

  /** The lowest zoom at which one of these layers (every layer when unnamed) draws any feature. */
  private lowestShownZoom(layerIds?: string[]): number | undefined {
    const shown = [...this.entries.values()].filter(
      (e) => (!layerIds || layerIds.includes(e.config.id)) && e.data.count > 0 && (e.config.visible ?? true),
    );
    return shown.length ? Math.min(...shown.map((e) => e.config.minZoom ?? LAYER_MIN_ZOOM)) : undefined;
  }

  private featureExtent(layerIds?: string[]): Extent | null {
    const wanted = [...this.entries.values()].filter((e) => !layerIds || layerIds.includes(e.config.id));
    return combineExtents(wanted.map((e) => e.data.extent()));
  }

  viewState(): RenderViewState {
    const center = this.view.getCenter() ?? [0, 0];
    const resolution = this.view.getResolution() ?? 1;
    const rotation = this.view.getRotation();
    const e = getForViewAndSize(center, resolution, rotation, this.size);
    return {
      center: [center[0], center[1]],
      resolution,
      rotation,
      zoom: this.view.getZoomForResolution(resolution) ?? 0,
      size: [this.size[0], this.size[1]],
      pixelRatio: this.pixelRatio,
      extent: [e[0], e[1], e[2], e[3]],
    };
  }

  onFrame(cb: FrameCallback | null): void {
    this.frameCallback = cb;
  }

  // --- frames ---

  /** One frame in flight: any number of calls before it draws coalesce into one draw. */
  requestFrame(): void {
    if (this.frameRequested || this.disposed) return;
    this.frameRequested = true;
    const token = ++this.frameToken;
    schedule(() => {
      if (token !== this.frameToken || !this.frameRequested || this.disposed) return;
      this.frameRequested = false;
      this.renderFrame();
    });
  }

  private layers(): LayerEntry[] {
    // Stable sort: equal z keeps the order layers were listed in.
    this.sorted ??= [...this.entries.values()].sort((a, b) => a.z - b.z);
    return this.sorted;
  }

  private frameContext(): FrameContext {
    const viewState = this.view.getState();
    const size = this.size;
    const { center, resolution, rotation } = viewState;
    const c2p = compose(createTransform(), size[0] / 2, size[1] / 2, 1 / resolution, -1 / resolution, -rotation, -center[0], -center[1]);
    return {
      index: this.frames,
      time: performance.now(),
      viewState,
      zoom: viewState.zoom,
      size,
      pixelRatio: this.pixelRatio,
      extent: getForViewAndSize(center, resolution, rotation, size),
      coordinateToPixelTransform: c2p,
      pixelToCoordinateTransform: makeInverse(createTransform(), c2p),
      viewHints: this.viewHints,
    };
  }

  private renderFrame(): void {
    const t0 = performance.now();
    const frame = this.frameContext();
    const w = Math.round(frame.size[0] * frame.pixelRatio);
    const h = Math.round(frame.size[1] * frame.pixelRatio);
    if (this.canvas.width !== w) this.canvas.width = w;
    if (this.canvas.height !== h) this.canvas.height = h;
    const ctx = this.ctx;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, w, h);
    const layers = this.layers();
    try {
      this.backend.draw(ctx, layers, frame);
    } catch (err) {
      if (this.backend.kind !== 'webgl') throw err;
      // The app never shows a blank map: WebGL failing mid-flight hands over to Canvas 2D.
      console.warn('render: WebGL failed, using the Canvas 2D fallback', err);
      this.backend.dispose();
      this.backend = new CanvasFallbackBackend();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, w, h);
      this.backend.draw(ctx, layers, frame);
    }
    drawLabels(ctx, layers, frame);
    this.lastFrameMs = performance.now() - t0;
    this.frames++;
    this.lastFrame = frame;
    if (this.frameCallback) {
      const info = { view: this.viewState(), frame: this.frames, frameMs: this.lastFrameMs };
      // A comlink proxy returns a promise; a closed page must not break drawing.
      Promise.resolve()
        .then(() => this.frameCallback?.(info))
        .catch(() => undefined);
    }
    if (this.idle()) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** No frame pending and nothing being built for one. */
  private idle(): boolean {
    return !this.frameRequested && !this.backend.building();
  }

  /** Resolves once no frame is pending: the last frame drew every layer's current features. */
  whenIdle(timeoutMs = 10_000): Promise<boolean> {
    if (this.idle() && this.lastFrame !== null) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  async snapshot(timeoutMs?: number): Promise<Snapshot> {
    await this.whenIdle(timeoutMs);
    const { width, height } = this.canvas;
    const image = this.ctx.getImageData(0, 0, width, height);
    return { width, height, pixels: image.data };
  }

  stats(): RenderStats {
    const featuresPerLayer: Record<string, number> = {};
    for (const [id, e] of this.entries) featuresPerLayer[id] = e.data.count;
    return {
      backend: this.backend.kind,
      featuresPerLayer,
      bufferBytes: this.backend.bufferBytes(),
      frames: this.frames,
      lastFrameMs: this.lastFrameMs,
    };
  }

  dispose(): void {
    this.disposed = true;
    this.backend.dispose();
    this.entries.clear();
    this.frameCallback = null;
  }
}
