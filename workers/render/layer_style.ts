// One place that turns a RenderLayerConfig into what both backends draw with, so the WebGL map and
// the Canvas 2D fallback look the same (same colours, widths, radius, order, zoom range).
import {
  DEFAULT_FILL_COLOR,
  DEFAULT_STROKE_COLOR,
  DEFAULT_STROKE_WIDTH,
  DIFF_LAYER_Z_INDEX_BASE,
  LAYER_MAX_ZOOM,
  LAYER_MIN_ZOOM,
  layerZIndex,
} from '../../src/model/index.ts';
import type { RenderLayerConfig } from './protocol.ts';

/** Fill colours are drawn translucent so polygons below lines and points stay readable (as src/map). */
export const POLYGON_FILL_ALPHA = 0.35;
export const POINT_RADIUS_PX = 4;

export interface ResolvedStyle {
  stroke: string;
  fill: string;
  width: number;
}

export function resolveStyle(cfg: RenderLayerConfig): ResolvedStyle {
  // SPEC §9 defaults: stroke #EA880C, fill #274E78, width 2.
  return {
    stroke: cfg.strokeColor || DEFAULT_STROKE_COLOR,
    fill: cfg.fillColor || DEFAULT_FILL_COLOR,
    width: cfg.strokeWidth ?? DEFAULT_STROKE_WIDTH,
  };
}

/** Point stroke is half the line width, at least 1 px: a 2 px ring would swallow a 4 px dot. */
export function pointStrokeWidth(s: ResolvedStyle): number {
  return Math.max(1, s.width / 2);
}

/** SPEC §9 z-order through the model's rule; `isDiff` lifts a layer 100 up even without the _diff id. */
export function zIndexFor(cfg: RenderLayerConfig): number {
  const slot = layerZIndex({ type: cfg.geometryType, zIndex: cfg.zIndex });
  return cfg.isDiff ? DIFF_LAYER_Z_INDEX_BASE + slot : layerZIndex({ id: cfg.id, type: cfg.geometryType, zIndex: cfg.zIndex });
}

/** SPEC's zoom range is inclusive at both ends. */
export function zoomInRange(cfg: RenderLayerConfig, zoom: number): boolean {
  const min = cfg.minZoom ?? LAYER_MIN_ZOOM;
  const max = cfg.maxZoom ?? LAYER_MAX_ZOOM;
  return zoom >= min - 1e-9 && zoom <= max + 1e-9;
}

export function isDrawn(cfg: RenderLayerConfig, zoom: number): boolean {
  return (cfg.visible ?? true) && (cfg.opacity ?? 1) > 0 && zoomInRange(cfg, zoom);
}
