// SPEC §9 category icons: the 18 icons drawn once, side by side, into one canvas (the atlas). The
// WebGL backend uploads it as one texture and picks a cell per point; the Canvas 2D fallback blits
// cells from it. Nothing is made per feature or per frame. The legend (src/map/legend.ts) draws
// its entries with the same `drawCategoryIcon`, so legend and map match.
import { CATEGORY_ICON_STYLES, CATEGORY_ICONS } from '../../src/model/index.ts';

/** An icon's side, in CSS pixels (a disc larger than the plain point's, so the mark reads). */
export const CATEGORY_ICON_PX = 20;
export const CATEGORY_COUNT = CATEGORY_ICONS.length;

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
export type AtlasCanvas = OffscreenCanvas | HTMLCanvasElement;

/** Category `index`'s icon in the square (x, y, size): a disc of its colour, ringed white, with its white glyph. */
export function drawCategoryIcon(ctx: Context2D, index: number, x: number, y: number, size: number): void {
  const { color, glyph } = CATEGORY_ICON_STYLES[CATEGORY_ICONS[index]];
  const r = size / 2;
  const ring = Math.max(1, size * 0.08);
  ctx.beginPath();
  ctx.arc(x + r, y + r, r - ring / 2 - 0.5, 0, 2 * Math.PI);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = ring;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold ${Math.round(size * 0.55)}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(glyph, x + r, y + r + size * 0.04);
}

export interface CategoryAtlas {
  canvas: AtlasCanvas;
  /** Side of one cell, in device pixels; cell i starts at x = i · cell. */
  cell: number;
  pixelRatio: number;
}

/** The atlas at this pixel ratio: one row of CATEGORY_COUNT cells, in CATEGORY_ICONS order. */
export function buildCategoryAtlas(pixelRatio: number): CategoryAtlas {
  const cell = Math.round(CATEGORY_ICON_PX * pixelRatio);
  const width = cell * CATEGORY_COUNT;
  let canvas: AtlasCanvas;
  if (typeof OffscreenCanvas !== 'undefined') canvas = new OffscreenCanvas(width, cell);
  else {
    canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = cell;
  }
  const ctx = canvas.getContext('2d') as Context2D;
  for (let i = 0; i < CATEGORY_COUNT; i++) drawCategoryIcon(ctx, i, i * cell, 0, cell);
  return { canvas, cell, pixelRatio };
}
