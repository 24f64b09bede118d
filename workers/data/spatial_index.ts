// One rbush index per layer, built in the data worker from a FeatureBatch (DESIGN.md: "Hit testing
// is spatial, not pixel-based"). Pure and DOM-free: runs in the worker, node tests and benchmarks.
//
// Why EPSG:3857 metres: the map view is EPSG:3857 (SPEC §3 Map view config, §9) while the data is
// EPSG:4326. Indexing in the view's projection lets a tolerance in pixels × resolution (m/px) be
// used directly, and makes the layer extent usable for the fit-to-extent rule of SPEC §4.
//
// Memory: the tree's items are plain feature indices (small integers); their boxes live in one
// Float64Array, so a million features cost one number per item plus 4 doubles, not an object each.
import RBush from 'rbush';
import type { GeometryType } from '../../src/model/index.ts';
import type { FeatureBatch } from './protocol.ts';

/** Spherical Mercator radius (EPSG:3857 uses the WGS84 semi-major axis as a sphere). */
export const MERCATOR_RADIUS = 6378137;
/** Latitude where EPSG:3857 becomes a square world; beyond it y goes to infinity. */
export const MAX_MERCATOR_LAT = 85.05112878;
/** Width of the world in EPSG:3857 metres (2πR). */
export const WORLD_WIDTH = 2 * Math.PI * MERCATOR_RADIUS;

const DEG = Math.PI / 180;

/** [minX, minY, maxX, maxY] in EPSG:3857 metres, OpenLayers' extent order. */
export type Extent = [number, number, number, number];

export function lonToX(lon: number): number {
  return MERCATOR_RADIUS * lon * DEG;
}

export function latToY(lat: number): number {
  // Clamped so poles (Antarctica's ring reaches -90) give a finite y, as OpenLayers does.
  const l = lat > MAX_MERCATOR_LAT ? MAX_MERCATOR_LAT : lat < -MAX_MERCATOR_LAT ? -MAX_MERCATOR_LAT : lat;
  return MERCATOR_RADIUS * Math.log(Math.tan(Math.PI / 4 + (l * DEG) / 2));
}

export interface SpatialIndex {
  layerId: string;
  geometryType: GeometryType;
  count: number;
  /** Per feature f: boxes[4f..4f+3] = minX, minY, maxX, maxY (EPSG:3857); NaN for an empty feature. */
  boxes: Float64Array;
  /** Items are feature index + 1 (see buildSpatialIndex); query through `searchExtent`. */
  tree: RBush<number>;
  /** Extent of all features, or null for a layer with nothing to show. */
  extent: Extent | null;
}

/** Vertex range [start, end) of feature f. */
export function featureVertexRange(batch: FeatureBatch, f: number): [number, number] {
  const p0 = f === 0 ? 0 : batch.featureEnds[f - 1];
  const p1 = batch.featureEnds[f];
  if (p1 <= p0) return [0, 0];
  return [p0 === 0 ? 0 : batch.partEnds[p0 - 1], batch.partEnds[p1 - 1]];
}

/** EPSG:3857 bounding box of every feature: one pass over the coordinates. */
export function featureBoxes(batch: FeatureBatch): Float64Array {
  const boxes = new Float64Array(batch.count * 4);
  const c = batch.coords;
  for (let f = 0; f < batch.count; f++) {
    const [v0, v1] = featureVertexRange(batch, f);
    let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
    for (let v = v0; v < v1; v++) {
      const lon = c[2 * v], lat = c[2 * v + 1];
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
    const o = 4 * f;
    if (v1 <= v0) {
      boxes[o] = boxes[o + 1] = boxes[o + 2] = boxes[o + 3] = NaN;
      continue;
    }
    // Both projections are monotonic, so projecting the lon/lat box gives the projected box
    // without projecting every vertex (log/tan are the costly part).
    boxes[o] = lonToX(minLon);
    boxes[o + 1] = latToY(minLat);
    boxes[o + 2] = lonToX(maxLon);
    boxes[o + 3] = latToY(maxLat);
  }
  return boxes;
}

function unionOf(boxes: Float64Array): Extent | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let o = 0; o < boxes.length; o += 4) {
    if (Number.isNaN(boxes[o])) continue;
    if (boxes[o] < minX) minX = boxes[o];
    if (boxes[o + 1] < minY) minY = boxes[o + 1];
    if (boxes[o + 2] > maxX) maxX = boxes[o + 2];
    if (boxes[o + 3] > maxY) maxY = boxes[o + 3];
  }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}

/**
 * EPSG:3857 extent of all features of the batch, or null when it has none. SPEC §4: the view fits
 * the combined extent of layers with features (padding 40, max zoom 21) — see `combineExtents`.
 */
export function extentOf(batch: FeatureBatch): Extent | null {
  return unionOf(featureBoxes(batch));
}

/** Union of layer extents, skipping layers without features (SPEC §4 "layers with features"). */
export function combineExtents(extents: readonly (Extent | null | undefined)[]): Extent | null {
  let out: Extent | null = null;
  for (const e of extents) {
    if (!e) continue;
    out = out
      ? [Math.min(out[0], e[0]), Math.min(out[1], e[1]), Math.max(out[2], e[2]), Math.max(out[3], e[3])]
      : [e[0], e[1], e[2], e[3]];
  }
  return out;
}

/**
 * Bulk-loads (OMT packing, faster to build and to query than inserts) one box per feature.
 * rbush calls toBBox/compare unbound, so they are closures over `boxes`, not methods using `this`.
 * Items are feature index + 1: rbush skips falsy items (`insert(0)` is a no-op, and `load` inserts
 * one by one below its minimum node size), so index 0 would silently vanish.
 */
export function buildSpatialIndex(batch: FeatureBatch, maxEntries = 16): SpatialIndex {
  const boxes = featureBoxes(batch);
  const tree = new RBush<number>(maxEntries);
  tree.toBBox = (i: number) => {
    const o = 4 * (i - 1);
    return { minX: boxes[o], minY: boxes[o + 1], maxX: boxes[o + 2], maxY: boxes[o + 3] };
  };
  tree.compareMinX = (a: number, b: number) => boxes[4 * (a - 1)] - boxes[4 * (b - 1)];
  tree.compareMinY = (a: number, b: number) => boxes[4 * (a - 1) + 1] - boxes[4 * (b - 1) + 1];
  const items: number[] = [];
  for (let f = 0; f < batch.count; f++) if (!Number.isNaN(boxes[4 * f])) items.push(f + 1);
  tree.load(items);
  return { layerId: batch.layerId, geometryType: batch.geometryType, count: batch.count, boxes, tree, extent: unionOf(boxes) };
}

/** Feature indices whose box intersects the EPSG:3857 box (a candidate set, not exact geometry). */
export function searchExtent(index: SpatialIndex, extent: Extent): number[] {
  const found = index.tree.search({ minX: extent[0], minY: extent[1], maxX: extent[2], maxY: extent[3] });
  for (let i = 0; i < found.length; i++) found[i] -= 1;
  return found;
}
