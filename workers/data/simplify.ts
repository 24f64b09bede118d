// Douglas-Peucker per zoom band (DESIGN.md: "simplify per zoom band"), so low zooms of a huge layer
// send and draw far fewer vertices. Pure and DOM-free; runs in the data worker.
//
// Space: distances are measured in EPSG:3857 metres (SPEC §9: the view's default projection), where
// the map draws, so a tolerance of "half a pixel at zoom z" means the same on screen at every
// latitude. Input and output vertices stay lon/lat (EPSG:4326, protocol.ts): each part is projected
// into a scratch buffer, simplified there, and the kept original vertices are copied unchanged.
//
// No recursion (a ring of 100k vertices would overflow the stack): an explicit stack of index
// ranges. One generator does the work for both variants; it pauses only where the clock says the
// slice is spent, so the sliced variant keeps the worker responsive (STYLE.md §1: long calls take
// an AbortSignal) and the plain one is the same code run to the end.
import { LAYER_MAX_ZOOM } from '../../src/model/index.ts';
import type { FeatureBatch } from './protocol.ts';
import { latToY, lonToX, WORLD_WIDTH } from './spatial_index.ts';
import { segDist2 } from './flat_geometry.ts';

export interface ZoomBand {
  minZoom: number;
  maxZoom: number;
  toleranceMeters: number;
}

/** Error allowed on screen: below a pixel nobody sees it, above half a pixel lines start to wobble. */
export const SIMPLIFY_PIXEL_FRACTION = 0.5;

/** Metres per pixel of EPSG:3857 256-px tiles at zoom z (at the equator). */
export function resolutionForZoom(z: number): number {
  return WORLD_WIDTH / 256 / 2 ** z;
}

// The tolerance is taken at the band's most detailed zoom, so every zoom of the band stays within
// SIMPLIFY_PIXEL_FRACTION of a pixel. The last band reaches SPEC §9's max zoom 24: practically full detail.
const band = (minZoom: number, maxZoom: number): ZoomBand => ({
  minZoom, maxZoom, toleranceMeters: SIMPLIFY_PIXEL_FRACTION * resolutionForZoom(maxZoom),
});
export const ZOOM_BANDS: readonly ZoomBand[] = [band(0, 5), band(6, 9), band(10, 13), band(14, LAYER_MAX_ZOOM)];

/** Index in ZOOM_BANDS for a (possibly fractional) zoom; beyond the ends the nearest band. */
export function bandForZoom(z: number): number {
  for (let b = 0; b < ZOOM_BANDS.length; b++) if (z <= ZOOM_BANDS[b].maxZoom) return b;
  return ZOOM_BANDS.length - 1;
}

export function toleranceForZoom(z: number): number {
  return ZOOM_BANDS[bandForZoom(z)].toleranceMeters;
}

export interface SliceOptions {
  /** Longest run between two yields, in ms (a 120 Hz frame is ~8 ms). */
  sliceMs?: number;
  /** Gives the event loop a turn, e.g. `() => new Promise((r) => setTimeout(r, 0))`. */
  yield: () => Promise<void>;
  signal?: AbortSignal;
}

/** Operations between clock reads: small enough to stay well inside a slice, large enough to be free. */
const CHECK_EVERY = 256;

type Clock = { deadline: number };


/** The work itself; yields (without value) when the clock's deadline has passed. */
function* simplifyWork(batch: FeatureBatch, tol: number, clock: Clock, result: { batch?: FeatureBatch }): Generator<void, void, void> {
  const { coords, partEnds } = batch;
  const tol2 = tol * tol;
  const isRing = batch.geometryType === 'Polygon';
  const simplify = batch.geometryType !== 'Point';
  const outCoords = new Float64Array(coords.length); // upper bound; calloc'd lazily by the engine
  const outEnds = new Uint32Array(partEnds.length);
  let maxPart = 0;
  for (let p = 0, s = 0; p < partEnds.length; s = partEnds[p++]) maxPart = Math.max(maxPart, partEnds[p] - s);
  const xy = new Float64Array(simplify ? 2 * maxPart : 0);
  const keep = new Uint8Array(simplify ? maxPart : 0);
  const stack = new Int32Array(simplify ? 2 * maxPart + 4 : 0);
  let ops = 0;
  let w = 0; // vertices written
  if (performance.now() > clock.deadline) yield; // the allocations above may have spent the slice
  for (let p = 0; p < partEnds.length; p++) {
    const v0 = p === 0 ? 0 : partEnds[p - 1];
    const n = partEnds[p] - v0;
    // Lines need 2 vertices and rings 4 (closed triangle): smaller parts are copied as they are.
    if (!simplify || n <= (isRing ? 4 : 2)) {
      for (let i = 0; i < n; i++) {
        outCoords[2 * w] = coords[2 * (v0 + i)];
        outCoords[2 * w + 1] = coords[2 * (v0 + i) + 1];
        w++;
        if (++ops === CHECK_EVERY && ((ops = 0), performance.now() > clock.deadline)) yield;
      }
      outEnds[p] = w;
      if (++ops >= CHECK_EVERY && ((ops = 0), performance.now() > clock.deadline)) yield;
      continue;
    }
    for (let i = 0; i < n; i++) {
      xy[2 * i] = lonToX(coords[2 * (v0 + i)]);
      xy[2 * i + 1] = latToY(coords[2 * (v0 + i) + 1]);
      keep[i] = 0;
      if (++ops === CHECK_EVERY && ((ops = 0), performance.now() > clock.deadline)) yield;
    }
    let sp = 0;
    keep[0] = keep[n - 1] = 1;
    if (isRing) {
      // A closed ring's ends coincide, so split it at the vertex farthest from the start and
      // simplify both halves; that vertex and the ends always survive.
      let m = 1, md = -1;
      for (let i = 1; i < n - 1; i++) {
        const dx = xy[2 * i] - xy[0], dy = xy[2 * i + 1] - xy[1];
        const d = dx * dx + dy * dy;
        if (d > md) (md = d), (m = i);
      }
      keep[m] = 1;
      stack[sp++] = 0, stack[sp++] = m, stack[sp++] = m, stack[sp++] = n - 1;
    } else {
      stack[sp++] = 0, stack[sp++] = n - 1;
    }
    while (sp > 0) {
      const e = stack[--sp], s = stack[--sp];
      let idx = -1, md = tol2;
      const ax = xy[2 * s], ay = xy[2 * s + 1], bx = xy[2 * e], by = xy[2 * e + 1];
      // Equal distances (a regular zig-zag, a generated grid) split nearest the middle: taking the
      // first would peel one vertex per pass, O(n²) — minutes for a 200k-vertex line.
      const mid2 = s + e;
      for (let i = s + 1; i < e; i++) {
        const d = segDist2(xy[2 * i], xy[2 * i + 1], ax, ay, bx, by);
        if (d > md || (d === md && idx >= 0 && Math.abs(2 * i - mid2) < Math.abs(2 * idx - mid2))) (md = d), (idx = i);
        if (++ops === CHECK_EVERY && ((ops = 0), performance.now() > clock.deadline)) yield;
      }
      if (idx < 0) continue; // everything between s and e is within tolerance
      keep[idx] = 1;
      stack[sp++] = s, stack[sp++] = idx, stack[sp++] = idx, stack[sp++] = e;
    }
    let kept = 0;
    for (let i = 0; i < n; i++) kept += keep[i];
    if (isRing && kept < 4) {
      // A ring left as start, far vertex, end has no area: add back the vertex farthest from that
      // chord, giving the smallest valid ring (a closed triangle, 4 vertices).
      let m = 0;
      for (let i = 0; i < n; i++) if (keep[i] && i > 0 && i < n - 1) m = i;
      let idx = -1, md = -1;
      for (let i = 1; i < n - 1; i++) {
        if (keep[i]) continue;
        const d = segDist2(xy[2 * i], xy[2 * i + 1], xy[0], xy[1], xy[2 * m], xy[2 * m + 1]);
        if (d > md) (md = d), (idx = i);
      }
      if (idx >= 0) keep[idx] = 1;
    }
    for (let i = 0; i < n; i++) {
      if (!keep[i]) continue;
      outCoords[2 * w] = coords[2 * (v0 + i)];
      outCoords[2 * w + 1] = coords[2 * (v0 + i) + 1];
      w++;
    }
    outEnds[p] = w;
  }
  // A tight copy, so the transferred buffer holds no slack; copied in steps to honour the slices.
  const tight = new Float64Array(2 * w);
  const STEP = CHECK_EVERY * 64;
  for (let i = 0; i < tight.length; i += STEP) {
    tight.set(outCoords.subarray(i, Math.min(i + STEP, tight.length)), i);
    if (performance.now() > clock.deadline) yield;
  }
  // Never shares a buffer with the input, so either batch can be transferred on its own.
  const out: FeatureBatch = {
    layerId: batch.layerId, geometryType: batch.geometryType, count: batch.count,
    ids: batch.ids.slice(), coords: tight, partEnds: outEnds, featureEnds: batch.featureEnds.slice(),
  };
  if (batch.polygonEnds) out.polygonEnds = batch.polygonEnds.slice();
  if (batch.labels) out.labels = batch.labels.slice();
  result.batch = out;
}

/**
 * Douglas-Peucker with `toleranceMeters` in EPSG:3857 metres (see toleranceForZoom). Same ids,
 * parts, featureEnds and polygonEnds; lines keep ≥ 2 vertices, rings ≥ 4 and stay closed (their
 * first and last vertices always survive); point batches come back as an unchanged copy.
 */
export function simplifyBatch(batch: FeatureBatch, toleranceMeters: number): FeatureBatch {
  const result: { batch?: FeatureBatch } = {};
  const it = simplifyWork(batch, toleranceMeters, { deadline: Infinity }, result);
  while (!it.next().done);
  return result.batch!;
}

/**
 * simplifyBatch in slices of at most `sliceMs`, awaiting `yield` between them, so the data worker
 * can answer other calls (a tap's hit test) while a million features simplify. Rejects with the
 * signal's reason once aborted.
 */
export async function simplifyBatchSliced(batch: FeatureBatch, toleranceMeters: number, options: SliceOptions): Promise<FeatureBatch> {
  const { sliceMs = 8, yield: pause, signal } = options;
  signal?.throwIfAborted();
  const clock: Clock = { deadline: performance.now() + sliceMs };
  const result: { batch?: FeatureBatch } = {};
  const it = simplifyWork(batch, toleranceMeters, clock, result);
  while (!it.next().done) {
    await pause();
    signal?.throwIfAborted();
    clock.deadline = performance.now() + sliceMs;
  }
  return result.batch!;
}
