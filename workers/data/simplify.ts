// Douglas-Peucker per zoom band (DESIGN.md: "simplify per zoom band"), so low zooms of a huge layer
// send and draw far fewer vertices. Pure and DOM-free; runs in the data worker.
//
// Space: distances are measured in EPSG:3857 metres (SPEC §9: the view's default projection), where
// the map draws, so a tolerance of "half a pixel at zoom z" means the same on screen at every
// latitude. Input and output vertices stay lon/lat (EPSG:4326, protocol.ts): each part is projected
// once into a scratch buffer, simplified there, and the kept original vertices are copied unchanged.
//
// No recursion (a ring of 100k vertices would overflow the stack): an explicit stack of index
// ranges. Every loop — projecting a part, scanning a range, copying the result — can stop once it
// has spent a budget of vertices and resume where it stopped (Simplifier holds the cursors), so the
// sliced variant reads the clock every CHUNK vertices even inside a part of a million vertices
// (STYLE.md §1: long calls take an AbortSignal), and the plain variant is the same code with an
// unlimited budget. The hot loops are ordinary methods (no generator) over typed arrays, with
// squared distances, and allocate nothing; the output is allocated once, at its exact size.
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { latToY, lonToX } from '../batch/mercator.ts';
import { segDist2 } from '../batch/flat_geometry.ts';

export interface SliceOptions {
  /** Longest run between two yields, in ms (a 120 Hz frame is ~8 ms). */
  sliceMs?: number;
  /** Gives the event loop a turn, e.g. `() => new Promise((r) => setTimeout(r, 0))`. */
  yield: () => Promise<void>;
  signal?: AbortSignal;
}

/** Vertices of work between two clock reads: tens of µs, so a slice ends close to its deadline. */
const CHUNK = 4096;

// A part's steps, in order. Lines skip SPLIT_RING; FIX_RING runs only for a ring left with 3 vertices.
const START = 0,
  PROJECT = 1,
  SPLIT_RING = 2,
  DOUGLAS_PEUCKER = 3,
  FIX_RING = 4;

/** Douglas-Peucker of one batch at one tolerance, done in resumable steps of a vertex budget. */
class Simplifier {
  private readonly coords: Float64Array;
  private readonly partEnds: Uint32Array;
  private readonly tol2: number;
  private readonly isRing: boolean;
  /** Lines need 2 vertices and rings 4 (closed triangle): parts this small are kept whole. */
  private readonly smallPart: number;
  /** 1 for each vertex of the batch that survives; the output is sized from their count. */
  private readonly keep: Uint8Array;
  private readonly outEnds: Uint32Array;
  /** Scratch for the largest part: its vertices in EPSG:3857, and the stack of [start, end] ranges. */
  private readonly xy: Float64Array;
  private readonly stack: Int32Array;
  private kept = 0; // vertices kept in the parts done
  private part = 0;
  private step = START;
  private v0 = 0; // the part's first vertex in the batch
  private n = 0; // and its vertex count
  private partKept = 0;
  private split = 0; // a ring's vertex farthest from its start
  private sp = 0; // stack depth
  private s = 0; // the range being scanned …
  private e = 0;
  private i = 0; // … and the cursor of the step's loop
  private best = -1; // the farthest vertex found so far, and its squared distance
  private bestD = 0;
  private out: Float64Array | undefined; // allocated once every part is done
  private w = 0; // vertices written to `out`

  constructor(batch: FeatureBatch, toleranceMeters: number) {
    this.coords = batch.coords;
    this.partEnds = batch.partEnds;
    this.tol2 = toleranceMeters * toleranceMeters;
    this.isRing = batch.geometryType === 'Polygon';
    // Points are never simplified: a point batch keeps every vertex.
    this.smallPart = batch.geometryType === 'Point' ? Infinity : this.isRing ? 4 : 2;
    this.keep = new Uint8Array(batch.coords.length / 2);
    this.outEnds = new Uint32Array(batch.partEnds.length);
    const maxPart = Number.isFinite(this.smallPart) ? largestPart(batch.partEnds) : 0;
    this.xy = new Float64Array(2 * maxPart);
    this.stack = new Int32Array(2 * maxPart + 4);
  }

  /** Does about `budget` vertices of work (Infinity: all of it); true once the output is complete. */
  advance(budget: number): boolean {
    // The output exists only once every part is done, and is complete when the copy has passed every vertex.
    while (!this.out || this.i < this.keep.length) {
      if (budget <= 0) return false;
      budget = this.part < this.partEnds.length ? this.partStep(budget) : this.copyStep(budget);
    }
    return true;
  }

  /** Same ids, parts, featureEnds and polygonEnds; never a buffer shared with the input. */
  result(batch: FeatureBatch): FeatureBatch {
    const out: FeatureBatch = {
      layerId: batch.layerId,
      geometryType: batch.geometryType,
      count: batch.count,
      ids: batch.ids.slice(),
      coords: this.out!,
      partEnds: this.outEnds,
      featureEnds: batch.featureEnds.slice(),
    };
    if (batch.polygonEnds) out.polygonEnds = batch.polygonEnds.slice();
    if (batch.labels) out.labels = batch.labels.slice();
    if (batch.categories) out.categories = batch.categories.slice();
    return out;
  }

  private partStep(budget: number): number {
    switch (this.step) {
      case START:
        return this.startPart(budget);
      case PROJECT:
        return this.project(budget);
      case SPLIT_RING:
        return this.splitRing(budget);
      case DOUGLAS_PEUCKER:
        return this.douglasPeucker(budget);
      default:
        return this.fixRing(budget);
    }
  }

  private startPart(budget: number): number {
    this.v0 = this.part === 0 ? 0 : this.partEnds[this.part - 1];
    this.n = this.partEnds[this.part] - this.v0;
    if (this.n > this.smallPart) {
      this.step = PROJECT;
      this.i = 0;
      return budget - 1;
    }
    for (let v = this.v0; v < this.v0 + this.n; v++) this.keep[v] = 1;
    this.partKept = this.n;
    this.endPart();
    return budget - 1 - this.n; // a million one-vertex parts still spend the budget
  }

  private project(budget: number): number {
    const { coords, xy, v0, n } = this;
    let i = this.i;
    const stop = Math.min(n, i + budget);
    for (; i < stop; i++) {
      xy[2 * i] = lonToX(coords[2 * (v0 + i)]);
      xy[2 * i + 1] = latToY(coords[2 * (v0 + i) + 1]);
    }
    budget -= stop - this.i;
    this.i = i;
    if (i < n) return budget;
    this.keep[v0] = this.keep[v0 + n - 1] = 1;
    this.partKept = 2;
    if (this.isRing) {
      this.step = SPLIT_RING;
      this.i = 1;
      this.best = 1;
      this.bestD = -1;
    } else {
      this.push(0, n - 1);
      this.startDouglasPeucker();
    }
    return budget;
  }

  /**
   * A closed ring's ends coincide, so it is split at the vertex farthest from the start and both
   * halves are simplified; that vertex and the ends always survive.
   */
  private splitRing(budget: number): number {
    const { xy, n } = this;
    const x0 = xy[0],
      y0 = xy[1];
    let { i, best, bestD } = this;
    const stop = Math.min(n - 1, i + budget);
    budget -= stop - i;
    for (; i < stop; i++) {
      const dx = xy[2 * i] - x0,
        dy = xy[2 * i + 1] - y0;
      const d = dx * dx + dy * dy;
      if (d > bestD) (bestD = d), (best = i);
    }
    (this.i = i), (this.best = best), (this.bestD = bestD);
    if (i < n - 1) return budget;
    this.split = best;
    this.keep[this.v0 + best] = 1;
    this.partKept = 3;
    this.push(0, best);
    this.push(best, n - 1);
    this.startDouglasPeucker();
    return budget;
  }

  /** Pops ranges off the stack and scans each for its farthest vertex; a long scan stops and resumes. */
  private douglasPeucker(budget: number): number {
    const { xy, keep, v0, tol2, stack } = this;
    let { sp, s, e, i, best, bestD } = this;
    for (;;) {
      if (i < e) {
        // segDist2 with the range's constants hoisted: the same arithmetic, so the same distances.
        const ax = xy[2 * s],
          ay = xy[2 * s + 1];
        const dx = xy[2 * e] - ax,
          dy = xy[2 * e + 1] - ay;
        const len2 = dx * dx + dy * dy;
        // Equal distances (a regular zig-zag, a generated grid) split nearest the middle: taking the
        // first would peel one vertex per pass, O(n²) — minutes for a 200k-vertex line.
        const mid2 = s + e;
        const stop = Math.min(e, i + budget);
        budget -= stop - i;
        for (; i < stop; i++) {
          const px = xy[2 * i],
            py = xy[2 * i + 1];
          let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
          t = t < 0 ? 0 : t > 1 ? 1 : t;
          const ex = ax + t * dx - px,
            ey = ay + t * dy - py;
          const d = ex * ex + ey * ey;
          if (d > bestD || (d === bestD && best >= 0 && Math.abs(2 * i - mid2) < Math.abs(2 * best - mid2))) (bestD = d), (best = i);
        }
        if (i < e) break; // budget spent inside the range
        if (best >= 0) {
          keep[v0 + best] = 1;
          this.partKept++;
          // Only ranges with a vertex between their ends have anything to scan.
          if (best - s > 1) (stack[sp++] = s), (stack[sp++] = best);
          if (e - best > 1) (stack[sp++] = best), (stack[sp++] = e);
        }
      }
      if (sp === 0 || budget <= 0) break;
      e = stack[--sp];
      s = stack[--sp];
      i = s + 1;
      best = -1; // nothing beyond the tolerance yet
      bestD = tol2;
      budget--;
    }
    (this.sp = sp), (this.s = s), (this.e = e), (this.i = i), (this.best = best), (this.bestD = bestD);
    if (sp > 0 || i < e) return budget;
    if (this.isRing && this.partKept < 4) {
      this.step = FIX_RING;
      this.i = 1;
      this.best = this.bestD = -1;
    } else {
      this.endPart();
    }
    return budget;
  }

  /**
   * A ring left as start, far vertex, end has no area: the vertex farthest from the chord start–far
   * vertex comes back, giving the smallest valid ring (a closed triangle, 4 vertices).
   */
  private fixRing(budget: number): number {
    const { xy, keep, v0, n, split } = this;
    const ax = xy[0],
      ay = xy[1],
      bx = xy[2 * split],
      by = xy[2 * split + 1];
    let { i, best, bestD } = this;
    const stop = Math.min(n - 1, i + budget);
    budget -= stop - i;
    for (; i < stop; i++) {
      if (keep[v0 + i]) continue;
      const d = segDist2(xy[2 * i], xy[2 * i + 1], ax, ay, bx, by);
      if (d > bestD) (bestD = d), (best = i);
    }
    (this.i = i), (this.best = best), (this.bestD = bestD);
    if (i < n - 1) return budget;
    if (best >= 0) {
      keep[v0 + best] = 1;
      this.partKept++;
    }
    this.endPart();
    return budget;
  }

  private endPart(): void {
    this.kept += this.partKept;
    this.outEnds[this.part++] = this.kept;
    this.step = START;
    this.i = 0;
  }

  /** Copies the kept lon/lat vertices into an output of exactly their size (no slack to transfer). */
  private copyStep(budget: number): number {
    const { coords, keep } = this;
    const out = (this.out ??= new Float64Array(2 * this.kept));
    let i = this.i,
      w = this.w;
    const stop = Math.min(keep.length, i + budget);
    budget -= stop - i + 1;
    for (; i < stop; i++) {
      if (!keep[i]) continue;
      out[2 * w] = coords[2 * i];
      out[2 * w + 1] = coords[2 * i + 1];
      w++;
    }
    (this.i = i), (this.w = w);
    return budget;
  }

  /** Douglas-Peucker pops the ranges pushed (the stack is empty between parts); none is under scan yet. */
  private startDouglasPeucker(): void {
    this.i = this.e = 0;
    this.step = DOUGLAS_PEUCKER;
  }

  private push(s: number, e: number): void {
    this.stack[this.sp++] = s;
    this.stack[this.sp++] = e;
  }
}

function largestPart(partEnds: Uint32Array): number {
  let max = 0;
  for (let p = 0, s = 0; p < partEnds.length; s = partEnds[p++]) max = Math.max(max, partEnds[p] - s);
  return max;
}

/**
 * Douglas-Peucker with `toleranceMeters` in EPSG:3857 metres (see zoom_levels.ts toleranceForZoom). Same ids,
 * parts, featureEnds and polygonEnds; lines keep ≥ 2 vertices, rings ≥ 4 and stay closed (their
 * first and last vertices always survive); point batches come back as an unchanged copy.
 */
export function simplifyBatch(batch: FeatureBatch, toleranceMeters: number): FeatureBatch {
  const work = new Simplifier(batch, toleranceMeters);
  work.advance(Infinity);
  return work.result(batch);
}

/**
 * simplifyBatch in slices of at most `sliceMs`, awaiting `yield` between them, so the data worker
 * can answer other calls (a tap's hit test) while a million features simplify. Rejects with the
 * signal's reason once aborted.
 */
export async function simplifyBatchSliced(batch: FeatureBatch, toleranceMeters: number, options: SliceOptions): Promise<FeatureBatch> {
  const { sliceMs = 8, yield: pause, signal } = options;
  signal?.throwIfAborted();
  let start = performance.now();
  let deadline = start + sliceMs;
  const work = new Simplifier(batch, toleranceMeters);
  while (!work.advance(CHUNK)) {
    const now = performance.now();
    // Yield when one more chunk as long as the last one would end past the deadline, so a slice
    // stays within sliceMs instead of ending at the first clock read past it.
    if (now + (now - start) > deadline) {
      await pause();
      signal?.throwIfAborted();
      start = performance.now();
      deadline = start + sliceMs;
    } else {
      start = now;
    }
  }
  return work.result(batch);
}
