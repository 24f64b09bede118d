// SPEC §2 legend: a legend image per layer. A WMS layer's image comes from its server
// (GetLegendGraphic); a vector layer's is drawn here from its own style (SPEC §3 strokeColor,
// fillColor, strokeWidth; §9 defaults), so the legend always matches what the map draws.
import {
  CATEGORY_ICONS,
  categoryIconIndex,
  DEFAULT_FILL_COLOR,
  DEFAULT_STROKE_COLOR,
  DEFAULT_STROKE_WIDTH,
  NO_CATEGORY,
  type CategoryIcon,
  type GeometryType,
  type Layer,
} from '../model/index.ts';
import { drawCategoryIcon } from '../../workers/render/category_atlas.ts';

export const LEGEND_ICON_PX = 20;

/** SPEC §3 source options: the map-service url and params.LAYERS ("workspace:name"). */
export function wmsLegendUrl(layer: Pick<Layer, 'type' | 'source'>): string | undefined {
  const url = layer.source?.url;
  const name = layer.source?.params?.LAYERS;
  if (layer.type !== 'wms' || !url || !name) return undefined;
  const q = new URLSearchParams({ SERVICE: 'WMS', REQUEST: 'GetLegendGraphic', FORMAT: 'image/png', LAYER: name });
  const sep = !url.includes('?') ? '?' : /[?&]$/.test(url) ? '' : '&';
  return `${url}${sep}${q}`;
}

export interface LegendStyle {
  geometryType: GeometryType;
  strokeColor?: string | null;
  fillColor?: string | null;
  strokeWidth?: number | null;
}

/** The shape the map draws, small: a circle for points, a stroke for lines, a filled outlined square for polygons. */
export function drawLegendIcon(ctx: CanvasRenderingContext2D, style: LegendStyle, size = LEGEND_ICON_PX): void {
  const stroke = style.strokeColor || DEFAULT_STROKE_COLOR;
  const fill = style.fillColor || DEFAULT_FILL_COLOR;
  // Capped so a thick line still leaves room for the shape.
  const width = Math.min(style.strokeWidth ?? DEFAULT_STROKE_WIDTH, size / 4);
  ctx.clearRect(0, 0, size, size);
  ctx.lineWidth = width;
  ctx.strokeStyle = stroke;
  ctx.fillStyle = fill;
  const pad = width / 2 + 1;
  if (style.geometryType === 'Point') {
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2 - pad - 2, 0, 2 * Math.PI);
    ctx.fill();
    if (width > 0) ctx.stroke();
  } else if (style.geometryType === 'LineString') {
    ctx.beginPath();
    ctx.moveTo(pad, size - pad);
    ctx.lineTo(size / 2, pad + size / 4);
    ctx.lineTo(size - pad, pad);
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.max(width, 1);
    ctx.stroke();
  } else {
    ctx.fillRect(pad, pad, size - 2 * pad, size - 2 * pad);
    if (width > 0) ctx.strokeRect(pad, pad, size - 2 * pad, size - 2 * pad);
  }
}

const drawn = new Map<string, string>();

/** A PNG data URL of what `draw` paints on a size × size canvas, drawn once per key. */
function drawnOnce(key: string, size: number, draw: (ctx: CanvasRenderingContext2D) => void): string {
  let url = drawn.get(key);
  if (!url) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) return '';
    draw(ctx);
    url = canvas.toDataURL('image/png');
    drawn.set(key, url);
  }
  return url;
}

/** A PNG data URL of the layer's legend icon, drawn once per distinct style. */
export function vectorLegendDataUrl(style: LegendStyle, size = LEGEND_ICON_PX): string {
  const key = JSON.stringify([style.geometryType, style.strokeColor, style.fillColor, style.strokeWidth, size]);
  return drawnOnce(key, size, (ctx) => drawLegendIcon(ctx, style, size));
}

/** SPEC §9: the icon the map draws for a category (the render worker's atlas cell), as a PNG data URL. */
export function categoryLegendDataUrl(category: CategoryIcon, size = LEGEND_ICON_PX): string {
  return drawnOnce(`category|${category}|${size}`, size, (ctx) => drawCategoryIcon(ctx, CATEGORY_ICONS.indexOf(category), 0, 0, size));
}

/**
 * The category icons a layer's legend explains (SPEC §9): none unless it is a point layer with a
 * category property; the icons its `categories` name when it lists any (none when its categories are
 * not icon categories, e.g. the demo's GeoNames codes), else all 18.
 */
export function legendCategories(layer: Pick<Layer, 'type' | 'categoryProperty' | 'categories'>): CategoryIcon[] {
  if (layer.type !== 'Point' || !layer.categoryProperty) return [];
  if (!layer.categories.length) return [...CATEGORY_ICONS];
  const named = new Set(layer.categories.map(categoryIconIndex).filter((i) => i !== NO_CATEGORY));
  return CATEGORY_ICONS.filter((_, i) => named.has(i));
}

/** The legend image of any layer, or undefined when it has none (a WMS layer without a url). */
export function legendImage(layer: Layer): string | undefined {
  if (layer.type === 'wms') return wmsLegendUrl(layer);
  return vectorLegendDataUrl({
    geometryType: layer.type,
    strokeColor: layer.strokeColor,
    fillColor: layer.fillColor,
    strokeWidth: layer.strokeWidth,
  });
}
