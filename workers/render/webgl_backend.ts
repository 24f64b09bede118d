// WebGL drawing through OpenLayers without an ol/Map (TOOLCHAIN.md "OpenLayers in a worker"): one
// WebGLVectorLayer per map layer, a frame state built here, `layer.render(frameState)` per layer in
// SPEC §9 order. OL gives consecutive WebGL layers of one map id ONE shared WebGL canvas (its
// "group") and composes each layer onto it with the layer's opacity; we then copy that canvas onto the
// 2D output canvas in one drawImage, which also leaves room for the label pass above it.
import type Feature from 'ol/Feature.js';
import type { Geometry } from 'ol/geom.js';
import WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import type VectorSource from 'ol/source/Vector.js';
import { inView, type State as LayerState } from 'ol/layer/Layer.js';
import type { FrameState } from 'ol/Map.js';
import { LAYER_MAX_ZOOM, LAYER_MIN_ZOOM } from '../../src/model/index.ts';
import { flatStyleFor } from './layer_style.ts';
import type { DrawBackend, FrameContext, LayerEntry, Output2D } from './render_backend.ts';

type Source = VectorSource<Feature<Geometry>>;
type GLLayer = WebGLVectorLayer<Source>;

interface GLLayerRecord {
  layer: GLLayer;
  source: Source;
  styleKey: string;
}

/** The parts of OL's private renderer state we read: readiness and the uploaded buffers (for stats). */
interface RendererInternals {
  ready?: boolean;
  buffers_?: Record<string, unknown> | null;
}
interface BufferLike {
  getArray?: () => ArrayBufferView | null;
}

let mapIds = 0;

/** True when this thread can make a WebGL context at all (worker: on an OffscreenCanvas). */
export function webglAvailable(): boolean {
  try {
    const canvas =
      typeof OffscreenCanvas !== 'undefined' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

export class WebGLBackend implements DrawBackend {
  readonly kind = 'webgl' as const;
  private readonly layers = new Map<string, GLLayerRecord>();
  /** OL keys its shared WebGL canvas by map id; one id per renderer keeps renderers apart. */
  private readonly mapId = `mapdraft-render-${++mapIds}`;

  /** `onLayerChange` runs when OL's buffer worker is done (or a source changed): draw again. */
  constructor(private readonly onLayerChange: () => void) {}

  private sync(entry: LayerEntry): GLLayer {
    const cfg = entry.config;
    let rec = this.layers.get(cfg.id);
    if (rec && rec.source !== entry.source) {
      this.forget(cfg.id);
      rec = undefined;
    }
    const style = flatStyleFor(cfg);
    const styleKey = JSON.stringify(style);
    if (!rec) {
      const layer: GLLayer = new WebGLVectorLayer({
        source: entry.source,
        style,
        // DESIGN.md: hit testing is spatial (rbush in the data worker), never a pixel read-back.
        disableHitDetection: true,
        properties: { layerId: cfg.id },
      });
      layer.on('change', this.onLayerChange);
      rec = { layer, source: entry.source, styleKey };
      this.layers.set(cfg.id, rec);
    } else if (rec.styleKey !== styleKey) {
      rec.layer.setStyle(style);
      rec.styleKey = styleKey;
    }
    const { layer } = rec;
    layer.setZIndex(entry.z);
    layer.setVisible(cfg.visible ?? true);
    layer.setOpacity(cfg.opacity ?? 1);
    // OL's minZoom is exclusive, SPEC's inclusive.
    layer.setMinZoom((cfg.minZoom ?? LAYER_MIN_ZOOM) - 1e-6);
    layer.setMaxZoom(cfg.maxZoom ?? LAYER_MAX_ZOOM);
    return layer;
  }

  private frameState(states: LayerState[], frame: FrameContext): FrameState {
    return {
      animate: false,
      coordinateToPixelTransform: frame.coordinateToPixelTransform,
      pixelToCoordinateTransform: frame.pixelToCoordinateTransform,
      declutter: null,
      extent: frame.extent,
      index: frame.index,
      layerIndex: 0,
      layerStatesArray: states,
      pixelRatio: frame.pixelRatio,
      postRenderFunctions: [],
      size: frame.size,
      // Only tile layers use the queue; vector layers never touch it.
      tileQueue: undefined as unknown as FrameState['tileQueue'],
      time: frame.time,
      usedTiles: {},
      viewState: frame.viewState,
      viewHints: frame.viewHints,
      wantedTiles: {},
      mapId: this.mapId,
      renderTargets: {},
    };
  }

  draw(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): void {
    const states = layers.map((e) => this.sync(e).getLayerState());
    const frameState = this.frameState(states, frame);
    let glCanvas: CanvasImageSource | null = null;
    for (let i = 0; i < states.length; i++) {
      frameState.layerIndex = i; // OL reads the opacity of layerStatesArray[layerIndex]
      const layer = states[i].layer;
      if (!inView(states[i], frame.viewState)) {
        layer.unrender();
        continue;
      }
      const element = layer.render(frameState, null as unknown as HTMLElement);
      if (element) glCanvas = element as unknown as CanvasImageSource;
    }
    for (const fn of frameState.postRenderFunctions) fn(undefined as never, frameState);
    // Nothing rendered this frame: the shared WebGL canvas still holds the last frame, so skip it.
    if (glCanvas) ctx.drawImage(glCanvas, 0, 0);
  }

  isReady(layers: LayerEntry[], frame: FrameContext): boolean {
    for (const e of layers) {
      const rec = this.layers.get(e.config.id);
      if (!rec || !inView(rec.layer.getLayerState(), frame.viewState)) continue;
      const r = rec.layer.getRenderer() as unknown as RendererInternals;
      if (r.ready === false) return false;
    }
    return true;
  }

  bufferBytes(): number {
    let bytes = 0;
    for (const { layer } of this.layers.values()) {
      const buffers = (layer.getRenderer() as unknown as RendererInternals).buffers_;
      if (!buffers) continue;
      for (const set of Object.values(buffers)) {
        if (!Array.isArray(set)) continue;
        for (const b of set as BufferLike[]) bytes += b?.getArray?.()?.byteLength ?? 0;
      }
    }
    return bytes;
  }

  forget(layerId: string): void {
    const rec = this.layers.get(layerId);
    if (!rec) return;
    rec.layer.un('change', this.onLayerChange);
    // OL: a WebGL layer must be disposed or its share of the WebGL context is never released.
    rec.layer.setSource(null);
    rec.layer.dispose();
    this.layers.delete(layerId);
  }

  dispose(): void {
    for (const id of [...this.layers.keys()]) this.forget(id);
  }
}
