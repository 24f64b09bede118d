// The fallback backend ("where OffscreenCanvas or WebGL is missing, the same data flow still
// works"): the same layer entries drawn with Canvas 2D, in the render worker on the OffscreenCanvas
// when WebGL fails, or on the main thread when OffscreenCanvas is missing. Same colours, widths,
// radius and order as the WebGL style (layer_style.ts); only features in view are visited (the
// layer's spatial index) and only they are projected, so a pan over a huge layer costs what is on screen.
import { buffer as bufferExtent } from 'ol/extent.js';
import type { Transform } from 'ol/transform.js';
import { NO_CATEGORY } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { buildCategoryAtlas, type CategoryAtlas } from './category_atlas.ts';
import { latToY, lonToX, type Extent } from '../batch/mercator.ts';
import { forEachPart } from './layer_data.ts';
import { isDrawn, pointStrokeWidth, POINT_RADIUS_PX, POLYGON_FILL_ALPHA, resolveStyle, type ResolvedStyle } from './layer_style.ts';
import type { DrawBackend, FrameContext, LayerEntry, Output2D } from './render_backend.ts';
import { framesForCopies } from './world_copies.ts';

/** Adds every part of feature f to the current path, in CSS pixels; rings are closed. */
function traceFeature(ctx: Output2D, t: Transform, batch: FeatureBatch, f: number, close: boolean) {
  const c = batch.coords;
  forEachPart(batch, f, (v0, v1) => {
    for (let v = v0; v < v1; v++) {
      const mx = lonToX(c[2 * v]);
      const my = latToY(c[2 * v + 1]);
      const x = t[0] * mx + t[2] * my + t[4];
      const y = t[1] * mx + t[3] * my + t[5];
      if (v === v0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    }
    if (close) ctx.closePath();
  });
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
  /** SPEC §9 category icons, drawn once per pixel ratio; a point with a category blits its cell. */
  private atlas: CategoryAtlas | null = null;

  private atlasFor(pixelRatio: number): CategoryAtlas {
    if (this.atlas?.pixelRatio !== pixelRatio) this.atlas = buildCategoryAtlas(pixelRatio);
    return this.atlas;
  }

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

  private drawPoints(ctx: Output2D, batch: FeatureBatch, found: number[], t: Transform, sprite: Sprite, pr: number) {
    const half = sprite.width / 2;
    const c = batch.coords;
    const categories = batch.categories;
    const atlas = categories ? this.atlasFor(pr) : null;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0); // device pixels: whole-pixel blits stay crisp and fast
    for (const f of found) {
      const icon = categories ? categories[f] : NO_CATEGORY;
      forEachPart(batch, f, (v0, v1) => {
        for (let v = v0; v < v1; v++) {
          const mx = lonToX(c[2 * v]);
          const my = latToY(c[2 * v + 1]);
          const x = (t[0] * mx + t[2] * my + t[4]) * pr;
          const y = (t[1] * mx + t[3] * my + t[5]) * pr;
          if (icon === NO_CATEGORY || !atlas) ctx.drawImage(sprite, Math.round(x - half), Math.round(y - half));
          else {
            const cell = atlas.cell;
            const dx = Math.round(x - cell / 2);
            const dy = Math.round(y - cell / 2);
            ctx.drawImage(atlas.canvas, icon * cell, 0, cell, cell, dx, dy, cell, cell);
          }
        }
      });
    }
    ctx.restore();
  }

  draw(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): void {
    ctx.save();
    ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    for (const entry of layers) {
      if (!isDrawn(entry.config, frame.zoom) || entry.data.count === 0) continue;
      for (const copy of framesForCopies(frame, entry.data.extent())) this.drawLayer(ctx, entry, copy);
    }
    ctx.restore();
  }

  private drawLayer(ctx: Output2D, { config, data }: LayerEntry, frame: FrameContext): void {
    const t = frame.coordinateToPixelTransform;
    // Features whose bounding box touches the view, with a margin for strokes and point radius.
    const found = data.featuresIn(bufferExtent(frame.extent, (POINT_RADIUS_PX + 8) * frame.viewState.resolution) as Extent);
    const s = resolveStyle(config);
    const type = config.geometryType;
    const alpha = config.opacity ?? 1;
    const batch = data.batch;
    ctx.globalAlpha = alpha;
    if (type === 'Polygon') {
      // One path per polygon: a shared even-odd path would punch holes where two polygons overlap.
      ctx.fillStyle = s.fill;
      ctx.lineWidth = s.width / 2;
      ctx.strokeStyle = s.stroke;
      for (const f of found) {
        ctx.beginPath();
        traceFeature(ctx, t, batch, f, true);
        ctx.globalAlpha = alpha * POLYGON_FILL_ALPHA;
        ctx.fill('evenodd');
        ctx.globalAlpha = alpha;
        ctx.stroke();
      }
      return;
    }
    if (type === 'Point') {
      this.drawPoints(ctx, batch, found, t, this.sprite(s, frame.pixelRatio), frame.pixelRatio);
      return;
    }
    ctx.beginPath();
    for (const f of found) traceFeature(ctx, t, batch, f, false);
    ctx.lineWidth = s.width;
    ctx.strokeStyle = s.stroke;
    ctx.stroke();
  }

  bufferBytes(): number {
    return 0;
  }

  /** Draws each frame from the features themselves: nothing to build. */
  building(): boolean {
    return false;
  }

  forget(): void {}

  dispose(): void {
    this.sprites.clear();
    this.atlas = null;
  }
}
