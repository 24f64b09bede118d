// The fallback backend (issue 4: "where OffscreenCanvas or WebGL is missing, the same data flow still
// works"): the same layer entries drawn with Canvas 2D, in the render worker on the OffscreenCanvas
// when WebGL fails, or on the main thread when OffscreenCanvas is missing. Same colours, widths,
// radius and order as the WebGL style (layer_style.ts); only features in view are visited (the
// source's rbush), so a pan over a huge layer costs what is on screen.
import type Feature from 'ol/Feature.js';
import type { Geometry } from 'ol/geom.js';
import type SimpleGeometry from 'ol/geom/SimpleGeometry.js';
import { buffer as bufferExtent, type Extent } from 'ol/extent.js';
import type { Transform } from 'ol/transform.js';
import {
  isDrawn, pointStrokeWidth, POINT_RADIUS_PX, POLYGON_FILL_ALPHA, resolveStyle, type ResolvedStyle,
} from './layer_style.ts';
import type { DrawBackend, FrameContext, LayerEntry, Output2D } from './render_backend.ts';

/** Appends the rings / lines of flat coordinates to the current path, in CSS pixels. */
function tracePath(ctx: Output2D, t: Transform, flat: ArrayLike<number>, start: number, end: number, close: boolean) {
  for (let i = start; i < end; i += 2) {
    const x = t[0] * flat[i] + t[2] * flat[i + 1] + t[4];
    const y = t[1] * flat[i] + t[3] * flat[i + 1] + t[5];
    if (i === start) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  if (close) ctx.closePath();
}

function traceEnds(ctx: Output2D, t: Transform, flat: ArrayLike<number>, ends: number[], offset: number, close: boolean) {
  let start = offset;
  for (const end of ends) {
    tracePath(ctx, t, flat, start, end, close);
    start = end;
  }
  return start;
}

function tracePoints(ctx: Output2D, t: Transform, flat: ArrayLike<number>, r: number) {
  for (let i = 0; i < flat.length; i += 2) {
    const x = t[0] * flat[i] + t[2] * flat[i + 1] + t[4];
    const y = t[1] * flat[i] + t[3] * flat[i + 1] + t[5];
    ctx.moveTo(x + r, y);
    ctx.arc(x, y, r, 0, 2 * Math.PI);
  }
}

/** Adds one feature's geometry to the current path (the layer's features share one path per style). */
function traceGeometry(ctx: Output2D, t: Transform, geom: Geometry, r: number) {
  const g = geom as SimpleGeometry;
  const flat = g.getFlatCoordinates();
  switch (geom.getType()) {
    case 'Point':
    case 'MultiPoint':
      tracePoints(ctx, t, flat, r);
      break;
    case 'LineString':
      tracePath(ctx, t, flat, 0, flat.length, false);
      break;
    case 'MultiLineString':
      traceEnds(ctx, t, flat, (g as unknown as { getEnds(): number[] }).getEnds(), 0, false);
      break;
    case 'Polygon':
      traceEnds(ctx, t, flat, (g as unknown as { getEnds(): number[] }).getEnds(), 0, true);
      break;
    case 'MultiPolygon': {
      let offset = 0;
      for (const ends of (g as unknown as { getEndss(): number[][] }).getEndss()) {
        offset = traceEnds(ctx, t, flat, ends, offset, true);
      }
      break;
    }
    default:
      break;
  }
}

type Sprite = OffscreenCanvas | HTMLCanvasElement;

function newCanvas(w: number, h: number): Sprite {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}

export class CanvasFallbackBackend implements DrawBackend {
  readonly kind = 'canvas2d' as const;
  /** One pre-drawn circle per point style: thousands of image blits cost far less than thousands of arcs. */
  private readonly sprites = new Map<string, Sprite>();

  private sprite(s: ResolvedStyle, pixelRatio: number): Sprite {
    const key = `${s.fill}|${s.stroke}|${s.width}|${pixelRatio}`;
    let sprite = this.sprites.get(key);
    if (!sprite) {
      const sw = pointStrokeWidth(s);
      const side = Math.ceil((2 * POINT_RADIUS_PX + sw + 2) * pixelRatio);
      sprite = newCanvas(side, side);
      const c = sprite.getContext('2d') as Output2D;
      c.scale(pixelRatio, pixelRatio);
      c.beginPath();
      c.arc(side / 2 / pixelRatio, side / 2 / pixelRatio, POINT_RADIUS_PX, 0, 2 * Math.PI);
      c.fillStyle = s.fill;
      c.fill();
      c.lineWidth = sw;
      c.strokeStyle = s.stroke;
      c.stroke();
      this.sprites.set(key, sprite);
    }
    return sprite;
  }

  private drawPoints(ctx: Output2D, source: LayerEntry['source'], extent: Extent, t: Transform, sprite: Sprite, pr: number) {
    const half = sprite.width / 2;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0); // device pixels: whole-pixel blits stay crisp and fast
    source.forEachFeatureInExtent(extent, (f: Feature<Geometry>) => {
      const g = f.getGeometry() as SimpleGeometry | undefined;
      if (!g) return;
      const flat = g.getFlatCoordinates();
      for (let i = 0; i < flat.length; i += 2) {
        const x = (t[0] * flat[i] + t[2] * flat[i + 1] + t[4]) * pr;
        const y = (t[1] * flat[i] + t[3] * flat[i + 1] + t[5]) * pr;
        ctx.drawImage(sprite, Math.round(x - half), Math.round(y - half));
      }
    });
    ctx.restore();
  }

  draw(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): void {
    const t = frame.coordinateToPixelTransform;
    // Features whose bounding box touches the view, with a margin for strokes and point radius.
    const extent = bufferExtent(frame.extent, (POINT_RADIUS_PX + 8) * frame.viewState.resolution);
    ctx.save();
    ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const { config, source } of layers) {
      if (!isDrawn(config, frame.zoom)) continue;
      const s = resolveStyle(config);
      const type = config.geometryType;
      const alpha = config.opacity ?? 1;
      ctx.globalAlpha = alpha;
      if (type === 'Polygon') {
        // One path per polygon: a shared even-odd path would punch holes where two polygons overlap.
        ctx.fillStyle = s.fill;
        ctx.lineWidth = s.width / 2;
        ctx.strokeStyle = s.stroke;
        source.forEachFeatureInExtent(extent, (f: Feature<Geometry>) => {
          const geom = f.getGeometry();
          if (!geom) return;
          ctx.beginPath();
          traceGeometry(ctx, t, geom, POINT_RADIUS_PX);
          ctx.globalAlpha = alpha * POLYGON_FILL_ALPHA;
          ctx.fill('evenodd');
          ctx.globalAlpha = alpha;
          ctx.stroke();
        });
        continue;
      }
      if (type === 'Point') {
        this.drawPoints(ctx, source, extent, t, this.sprite(s, frame.pixelRatio), frame.pixelRatio);
        continue;
      }
      ctx.beginPath();
      source.forEachFeatureInExtent(extent, (f: Feature<Geometry>) => {
        const geom = f.getGeometry();
        if (geom) traceGeometry(ctx, t, geom, POINT_RADIUS_PX);
      });
      ctx.lineWidth = s.width;
      ctx.strokeStyle = s.stroke;
      ctx.stroke();
    }
    ctx.restore();
  }

  isReady(): boolean {
    return true;
  }

  bufferBytes(): number {
    return 0;
  }

  forget(): void {}

  dispose(): void {
    this.sprites.clear();
  }
}
