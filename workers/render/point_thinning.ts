// Level of detail for point layers (a million points at the world view must cost what their pixels cost). Every point is a
// sprite the GPU must process each frame, yet at low zoom thousands of them land on the same device
// pixel, where one sprite over another looks the same as one. So per zoom level the renderer draws one
// point per device-pixel cell: at most a pixel from where each point would be drawn, invisible at the
// sprite's size, and a fraction of the work. Taps are answered by the data worker from every point.
// Pure and DOM-free (unit-tested in Node).
import { latToY, lonToX } from '../batch/mercator.ts';

/** Metres per CSS pixel at zoom 0 in EPSG:3857 (256 px tiles). */
const RESOLUTION_Z0 = 156543.03392804097;
/** Past this level the points are spread enough that a cell rarely holds two: not worth a pass. */
export const THINNING_MAX_LEVEL = 14;
/** Thinned indices are only used when they drop at least this share of the points. */
const WORTH_DROPPING = 0.25;

/**
 * The cell of zoom level `level` (zoom in [level, level + 1)): one device pixel at the level's finest
 * resolution, so every drawn point is less than a device pixel from each point it stands for.
 */
export function thinningCell(level: number, pixelRatio: number): number {
  return RESOLUTION_Z0 / 2 ** (level + 1) / pixelRatio;
}

/**
 * Indices of the points to draw (`coords` lon/lat pairs, `count` points) so that no two share a
 * `cell`-sized square in EPSG:3857: the first point of each square, in batch order. Undefined when
 * that would keep almost all of them (drawing them all is then as cheap).
 */
export function thinPoints(coords: Float64Array, count: number, cell: number): Uint32Array | undefined {
  if (count < 1000 || !(cell > 0)) return undefined;
  // Open addressing on the cell's (column, row), twice the points' slots: no Map of a million keys.
  let size = 1;
  while (size < count * 2) size *= 2;
  const mask = size - 1;
  const cols = new Int32Array(size);
  const rows = new Int32Array(size);
  const used = new Uint8Array(size);
  const keep = new Uint32Array(count);
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const col = Math.floor(lonToX(coords[2 * i]) / cell);
    const row = Math.floor(latToY(coords[2 * i + 1]) / cell);
    let slot = (Math.imul(col, 0x9e3779b1) ^ Math.imul(row, 0x85ebca77)) & mask;
    for (;;) {
      if (!used[slot]) {
        used[slot] = 1;
        cols[slot] = col;
        rows[slot] = row;
        keep[kept++] = i;
        break;
      }
      if (cols[slot] === col && rows[slot] === row) break;
      slot = (slot + 1) & mask;
    }
  }
  return kept <= count * (1 - WORTH_DROPPING) ? keep.slice(0, kept) : undefined;
}
