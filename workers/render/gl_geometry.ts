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

function projectPositions(coords: Float64Array, vertexCount: number): { positions: Float32Array; xy: Float64Array } {
  const positions = new Float32Array(vertexCount * POSITION_FLOATS);
  const xy = new Float64Array(vertexCount * 2);
  for (let v = 0; v < vertexCount; v++) {
    const x = lonToX(coords[2 * v]);
    const y = latToY(coords[2 * v + 1]);
    xy[2 * v] = x;
    xy[2 * v + 1] = y;
    const o = v * POSITION_FLOATS;
    const xh = Math.fround(x);
    const yh = Math.fround(y);
    positions[o] = xh;
    positions[o + 1] = yh;
    positions[o + 2] = x - xh;
    positions[o + 3] = y - yh;
  }
  return { positions, xy };
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

/** Earcut per polygon (shell + holes), in projected metres so the triangles are right where drawn. */
function triangulate(batch: FeatureBatch, xy: Float64Array): Uint32Array {
  let out = new Uint32Array(Math.max(16, xy.length * 1.6) | 0);
  let n = 0;
  let rings: [number, number][] = [];
  const flush = () => {
    if (!rings.length) return;
    const first = rings[0][0];
    const last = rings[rings.length - 1][1];
    if (rings[0][1] - first >= 3) {
      const holes = rings.slice(1).map(([v0]) => v0 - first);
      const local = earcut(xy.subarray(first * 2, last * 2), holes, 2);
      if (n + local.length > out.length) {
        const grown = new Uint32Array(Math.max(out.length * 2, n + local.length));
        grown.set(out.subarray(0, n));
        out = grown;
      }
      for (let i = 0; i < local.length; i++) out[n++] = first + local[i];
    }
    rings = [];
  };
  for (let f = 0; f < batch.count; f++) {
    forEachPart(batch, f, (v0, v1, hole) => {
      if (!hole) flush();
      rings.push([v0, v1]);
    });
    flush();
  }
  return out.slice(0, n);
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
  const vertexCount = batch.coords.length >> 1;
  const { positions, xy } = projectPositions(batch.coords, vertexCount);
  if (batch.geometryType === 'Point') {
    const icons = batch.categories ? vertexIcons(batch, batch.categories, vertexCount) : null;
    return { positions, vertexCount, segmentOn: null, triangles: null, icons };
  }
  return {
    positions,
    vertexCount,
    segmentOn: segmentFlags(batch, vertexCount),
    triangles: batch.geometryType === 'Polygon' ? triangulate(batch, xy) : null,
    icons: null,
  };
}
