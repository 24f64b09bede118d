// What the map renderer hands a drawing backend each frame. Two backends: WebGL2 (gl_backend.ts) and
// Canvas 2D (canvas_fallback.ts). Both draw the same layer entries onto the same 2D output context,
// so the switch from one to the other is invisible to callers.
import type { State as ViewState } from 'ol/View.js';
import type { Extent } from 'ol/extent.js';
import type { Transform } from 'ol/transform.js';
import type { LayerData } from './layer_data.ts';
import type { RenderLayerConfig } from './protocol.ts';

export type OutputCanvas = OffscreenCanvas | HTMLCanvasElement;
export type Output2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

/** One map layer: its config and the features it holds (a FeatureBatch, lon/lat). */
export interface LayerEntry {
  config: RenderLayerConfig;
  data: LayerData;
  /** Resolved SPEC §9 z-index; entries reach backends sorted by it. */
  z: number;
}

export interface FrameContext {
  index: number;
  time: number;
  viewState: ViewState;
  zoom: number;
  /** CSS pixels. */
  size: [number, number];
  pixelRatio: number;
  extent: Extent;
  /** Map coordinates → CSS pixels (OL convention). */
  coordinateToPixelTransform: Transform;
  pixelToCoordinateTransform: Transform;
  viewHints: [number, number];
}

export interface DrawBackend {
  readonly kind: 'webgl' | 'canvas2d';
  /** Draws every drawable layer of `layers` (sorted bottom to top) onto `ctx`, which is cleared. */
  draw(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): void;
  bufferBytes(): number;
  /** Whether some layer's new features are still being made ready to draw (a frame will follow). */
  building(): boolean;
  /** The layer is gone (setLayers without it). */
  forget(layerId: string): void;
  dispose(): void;
}
