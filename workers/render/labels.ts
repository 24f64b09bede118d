// Point labels (SPEC §9: from zoom 15, 12 px font): a Canvas 2D pass on the OUTPUT canvas after the
// WebGL frame has been copied onto it (the output canvas is 2D; WebGL draws on its own offscreen
// canvas). The same pass runs after the Canvas 2D fallback, so labels look identical on both. Only
// features in view are visited (the layer's spatial index), labels that would overlap an earlier one are skipped, and a frame draws at most MAX_LABELS.
import { featurePartStart } from '../batch/feature_batch.ts';
import { latToY, lonToX, type Extent } from '../batch/mercator.ts';
import { LABEL_FONT_PX, LABEL_MIN_ZOOM } from '../../src/model/index.ts';
import { isDrawn, POINT_RADIUS_PX } from './layer_style.ts';
import type { LayerData } from './layer_data.ts';
import type { FrameContext, LayerEntry, Output2D } from './render_backend.ts';
import { framesForCopies } from './world_copies.ts';

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
    const { config, data } = layers[li];
    if (config.geometryType !== 'Point' || !config.labels || !data.batch.labels || !isDrawn(config, frame.zoom)) continue;
    ctx.globalAlpha = config.opacity ?? 1;
    for (const copy of framesForCopies(frame, data.extent())) placeLabels(ctx, data, copy, placed);
  }
  ctx.restore();
  return placed.length;
}

/** Draws the labels of one layer's points in the frame's view (one copy of the world) that overlap no label in `placed`. */
function placeLabels(ctx: Output2D, data: LayerData, frame: FrameContext, placed: Box[]): void {
  const t = frame.coordinateToPixelTransform;
  const [w, h] = frame.size;
  const { coords, partEnds, labels } = data.batch;
  for (const f of data.featuresIn(frame.extent as Extent)) {
    if (placed.length >= MAX_LABELS) return;
    const label = labels![f];
    if (!label) continue;
    // A point's place is its first vertex (a MultiPoint is labelled once).
    const p0 = featurePartStart(data.batch, f);
    const v = p0 === 0 ? 0 : partEnds[p0 - 1];
    const mx = lonToX(coords[2 * v]);
    const my = latToY(coords[2 * v + 1]);
    const px = t[0] * mx + t[2] * my + t[4];
    const py = t[1] * mx + t[3] * my + t[5];
    const x = px + POINT_RADIUS_PX + LABEL_GAP_PX;
    const width = ctx.measureText(label).width;
    const box: Box = [x - HALO_PX, py - LABEL_FONT_PX / 2 - HALO_PX, x + width + HALO_PX, py + LABEL_FONT_PX / 2 + HALO_PX];
    if (box[2] < 0 || box[0] > w || box[3] < 0 || box[1] > h || overlaps(box, placed)) continue;
    placed.push(box);
    ctx.strokeText(label, x, py);
    ctx.fillText(label, x, py);
  }
}
