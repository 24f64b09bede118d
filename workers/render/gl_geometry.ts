// FeatureBatch (lon/lat) → the arrays the GL backend uploads, in one pass and without an object per
// feature. Pure and DOM-free (unit-tested in Node).
//
// Why hi/lo pairs: EPSG:3857 coordinates reach 2·10⁷ m, where a float32 is only good to ~2 m, and at
// zoom 21 a pixel is 7 cm. Each coordinate is stored as float32 hi = fround(x) plus float32 lo = x − hi;
// the shader subtracts the view centre (split the same way) from each half before adding them, so what
// is near the centre keeps centimetres (the "double-float" trick of deck.gl and Cesium).
import earcut from 'earcut';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { latToY, lonToX } from '../batch/mercator.ts';
import { forEachPart } from './layer_data.ts';

/** Floats per vertex in `positions`: x_hi, y_hi, x_lo, y_lo. */
export const POSITION_FLOATS = 4;

export interface GLGeometry {
  /** Every vertex of the batch in EPSG:3857, POSITION_FLOATS per vertex (see the header). */
  positions: Float32Array;
  vertexCount: number;
  /** Lines and polygon outlines: 1 where the segment from vertex v to v+1 is drawn (0 ends a part). */
  segmentOn: Uint8Array | null;
  /** Polygons: triangles of the fills, as vertex indices into `positions`. */
  triangles: Uint32Array | null;
  /** Points of a layer with categories: each vertex's category icon (its feature's; 255 none, SPEC §9). */
  icons: Uint8Array | null;
}

/** Splits a double into the two float32 halves of the header. */
export function splitDouble(x: number): [number, number] {
  const hi = Math.fround(x);
  return [hi, x - hi];
}

/** Vertices projected, and polygons triangulated, between two reads of the clock. */
const VERTEX_CHUNK = 16_384;
const FEATURE_CHUNK = 512;

/**
 * Builds a batch's GLGeometry in steps that each stop once a time budget is spent (gl_backend.ts builds
 * a large layer's new version between frames, drawing its old one meanwhile); `step()` with no budget
 * builds it all at once. Projects every vertex (hi/lo), flags the segments, then triangulates the
 * polygons feature by feature.
 */
export class GLGeometryBuilder {
  private readonly vertexCount: number;
  private readonly positions: Float32Array;
  /** Polygons: the vertices in EPSG:3857 metres, where earcut runs (so the triangles are right where drawn). */
  private readonly xy: Float64Array | null;
  private triangles: Uint32Array;
  private projected = 0; // vertices done
  private triangulated = 0; // features done (polygons)
  private triangleIndices = 0; // of `triangles` used

  constructor(private readonly batch: FeatureBatch) {
    this.vertexCount = batch.coords.length >> 1;
    this.positions = new Float32Array(this.vertexCount * POSITION_FLOATS);
    const polygons = batch.geometryType === 'Polygon';
    this.xy = polygons ? new Float64Array(this.vertexCount * 2) : null;
    this.triangles = new Uint32Array(polygons ? Math.max(16, this.vertexCount * 3.2) | 0 : 0);
  }

  /** Works until the geometry is complete (true) or `budgetMs` is spent (false: call again). */
  step(budgetMs = Number.POSITIVE_INFINITY): boolean {
    const deadline = performance.now() + budgetMs;
    while (!this.isDone()) {
      if (this.projected < this.vertexCount) this.project(Math.min(this.vertexCount, this.projected + VERTEX_CHUNK));
      else this.triangulate(Math.min(this.batch.count, this.triangulated + FEATURE_CHUNK));
      if (performance.now() >= deadline) return this.isDone();
    }
    return true;
  }

  private isDone(): boolean {
    return this.projected === this.vertexCount && (this.xy === null || this.triangulated === this.batch.count);
  }

  /** The geometry; call once `step` has returned true. */
  result(): GLGeometry {
    const { batch, positions, vertexCount } = this;
    if (batch.geometryType === 'Point') {
      const icons = batch.categories ? vertexIcons(batch, batch.categories, vertexCount) : null;
      return { positions, vertexCount, segmentOn: null, triangles: null, icons };
    }
    const triangles = this.xy ? this.triangles.slice(0, this.triangleIndices) : null;
    return { positions, vertexCount, segmentOn: segmentFlags(batch, vertexCount), triangles, icons: null };
  }

  private project(end: number): void {
    const { coords } = this.batch;
    const { positions, xy } = this;
    for (let v = this.projected; v < end; v++) {
      const x = lonToX(coords[2 * v]);
      const y = latToY(coords[2 * v + 1]);
      if (xy) {
        xy[2 * v] = x;
        xy[2 * v + 1] = y;
      }
      const o = v * POSITION_FLOATS;
      const xh = Math.fround(x);
      const yh = Math.fround(y);
      positions[o] = xh;
      positions[o + 1] = yh;
      positions[o + 2] = x - xh;
      positions[o + 3] = y - yh;
    }
    this.projected = end;
  }

  /** Earcut per polygon (shell + holes) of features up to `end`. */
  private triangulate(end: number): void {
    let rings: [number, number][] = [];
    const flush = () => {
      if (!rings.length) return;
      const first = rings[0][0];
      const last = rings[rings.length - 1][1];
      if (rings[0][1] - first >= 3) {
        const holes = rings.slice(1).map(([v0]) => v0 - first);
        this.append(first, earcut(this.xy!.subarray(first * 2, last * 2), holes, 2));
      }
      rings = [];
    };
    for (let f = this.triangulated; f < end; f++) {
      forEachPart(this.batch, f, (v0, v1, hole) => {
        if (!hole) flush();
        rings.push([v0, v1]);
      });
      flush();
    }
    this.triangulated = end;
  }

  private append(first: number, local: number[]): void {
    let n = this.triangleIndices;
    if (n + local.length > this.triangles.length) {
      const grown = new Uint32Array(Math.max(this.triangles.length * 2, n + local.length));
      grown.set(this.triangles.subarray(0, n));
      this.triangles = grown;
    }
    for (let i = 0; i < local.length; i++) this.triangles[n++] = first + local[i];
    this.triangleIndices = n;
  }
}

function segmentFlags(batch: FeatureBatch, vertexCount: number): Uint8Array {
  const on = new Uint8Array(vertexCount);
  let v0 = 0;
  for (const end of batch.partEnds) {
    // Segments v → v+1 inside the part; its last vertex starts no segment.
    for (let v = v0; v < end - 1; v++) on[v] = 1;
    v0 = end;
  }
  return on;
}

/** Each vertex takes its feature's category (a MultiPoint's points all show its icon). */
function vertexIcons(batch: FeatureBatch, categories: Uint8Array, vertexCount: number): Uint8Array {
  const icons = new Uint8Array(vertexCount);
  let v = 0;
  for (let f = 0; f < batch.count; f++) {
    const end = batch.featureEnds[f] === 0 ? 0 : batch.partEnds[batch.featureEnds[f] - 1];
    icons.fill(categories[f], v, end);
    v = end;
  }
  return icons;
}

export function buildGLGeometry(batch: FeatureBatch): GLGeometry {
  const builder = new GLGeometryBuilder(batch);
  builder.step();
  return builder.result();
}
