// Point labels (SPEC §9: from zoom 15, 12 px font). OL's WebGL layers draw no text we control, so labels
// are a Canvas 2D pass on the OUTPUT canvas after the WebGL composite has been copied onto it (the
// output canvas is 2D; WebGL draws on OL's own offscreen canvas). The same pass runs after the Canvas
// 2D fallback, so labels look identical on both. Only features in view are visited (the source's
// rbush), labels that would overlap an earlier one are skipped, and a frame draws at most MAX_LABELS.
import type Feature from 'ol/Feature.js';
import type { Geometry } from 'ol/geom.js';
import type SimpleGeometry from 'ol/geom/SimpleGeometry.js';
import { LABEL_FONT_PX, LABEL_MIN_ZOOM } from '../../src/model/index.ts';
import { isDrawn, POINT_RADIUS_PX } from './layer_style.ts';
import type { FrameContext, LayerEntry, Output2D } from './render_backend.ts';

const MAX_LABELS = 500;
const LABEL_GAP_PX = 3;
const HALO_PX = 3;
const TEXT_COLOR = '#1b1b1b';
const HALO_COLOR = 'rgba(255,255,255,0.9)';

type Box = [number, number, number, number];

function overlaps(a: Box, boxes: Box[]): boolean {
  for (const b of boxes) if (a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1]) return true;
  return false;
}

export function labelsVisible(frame: FrameContext): boolean {
  return frame.zoom >= LABEL_MIN_ZOOM - 1e-9;
}

/** Draws labels of every labelled point layer in view, top layer first so it wins collisions. */
export function drawLabels(ctx: Output2D, layers: LayerEntry[], frame: FrameContext): number {
  if (!labelsVisible(frame)) return 0;
  const t = frame.coordinateToPixelTransform;
  const [w, h] = frame.size;
  const placed: Box[] = [];
  ctx.save();
  ctx.setTransform(frame.pixelRatio, 0, 0, frame.pixelRatio, 0, 0);
  ctx.font = `${LABEL_FONT_PX}px sans-serif`;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = HALO_PX;
  ctx.strokeStyle = HALO_COLOR;
  ctx.fillStyle = TEXT_COLOR;
  for (let li = layers.length - 1; li >= 0 && placed.length < MAX_LABELS; li--) {
    const { config, source } = layers[li];
    if (config.geometryType !== 'Point' || !config.labels || !isDrawn(config, frame.zoom)) continue;
    ctx.globalAlpha = config.opacity ?? 1;
    source.forEachFeatureInExtent(frame.extent, (f: Feature<Geometry>) => {
      const label = f.get('label') as string | undefined;
      const geom = f.getGeometry() as SimpleGeometry | undefined;
      if (!label || !geom) return;
      const flat = geom.getFlatCoordinates();
      const px = t[0] * flat[0] + t[2] * flat[1] + t[4];
      const py = t[1] * flat[0] + t[3] * flat[1] + t[5];
      const x = px + POINT_RADIUS_PX + LABEL_GAP_PX;
      const width = ctx.measureText(label).width;
      const box: Box = [x - HALO_PX, py - LABEL_FONT_PX / 2 - HALO_PX, x + width + HALO_PX, py + LABEL_FONT_PX / 2 + HALO_PX];
      if (box[2] < 0 || box[0] > w || box[3] < 0 || box[1] > h || overlaps(box, placed)) return;
      placed.push(box);
      ctx.strokeText(label, x, py);
      ctx.fillText(label, x, py);
      return placed.length >= MAX_LABELS ? true : undefined;
    });
  }
  ctx.restore();
  return placed.length;
}
