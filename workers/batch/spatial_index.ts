// One rbush index per layer, built from a FeatureBatch (DESIGN.md: "Hit testing is spatial, not
// pixel-based"). Pure and DOM-free: runs in both workers, node tests and benchmarks.
//
// Why EPSG:3857 metres: the map view is EPSG:3857 (SPEC §3 Map view config, §9) while the data is
// EPSG:4326. Indexing in the view's projection lets a tolerance in pixels × resolution (m/px) be
// used directly, and makes the layer extent usable for the fit-to-extent rule of SPEC §4.
//
// Memory: the tree's items are plain feature indices (small integers); their boxes live in one
// Float64Array, so a million features cost one number per item plus 4 doubles, not an object each —
// or 2 where every feature is one point (its box is the point: issue 17 target 6, 16 MB less at 1M
// points in each worker that indexes them).
import RBush from 'rbush';
import type { GeometryType } from '../../src/model/index.ts';
import { featureVertexRange, type FeatureBatch } from './feature_batch.ts';
import { latToY, lonToX, type Extent } from './mercator.ts';

export interface SpatialIndex {
  layerId: string;
  geometryType: GeometryType;
  count: number;
  /**
   * Per feature f: boxes[stride·f…] = minX, minY, maxX, maxY (EPSG:3857), or x, y where `stride` is 2;
   * NaN for an empty feature.
   */
  boxes: Float64Array;
  /** Numbers per feature in `boxes`: 2 while every feature is one point, else 4. */
  stride: BoxStride;
  /** Items are feature index + 1 (see buildSpatialIndex); query through `searchExtent`. */
  tree: RBush<number>;
  /** Extent of all features, or null for a layer with nothing to show. */
  extent: Extent | null;
}

type BoxStride = 2 | 4;

/** 2 where every feature of the batch is one vertex (a point layer without multi-points), else 4. */
function strideOf(batch: FeatureBatch): BoxStride {
  if (batch.geometryType !== 'Point' || batch.coords.length !== 2 * batch.count) return 4;
  for (let f = 0; f < batch.count; f++) if (vertexCountOf(batch, f) !== 1) return 4;
  return 2;
}

function vertexCountOf(batch: FeatureBatch, f: number): number {
  const [v0, v1] = featureVertexRange(batch, f);
  return v1 - v0;
}

/** Writes feature f's EPSG:3857 box at boxes[o…] (x, y alone at stride 2); NaN for a feature without vertices. */
function writeFeatureBox(batch: FeatureBatch, f: number, boxes: Float64Array, o: number, stride: BoxStride): void {
  const [v0, v1] = featureVertexRange(batch, f);
  const c = batch.coords;
  let minLon = Infinity,
    minLat = Infinity,
    maxLon = -Infinity,
    maxLat = -Infinity;
  for (let v = v0; v < v1; v++) {
    const lon = c[2 * v],
      lat = c[2 * v + 1];
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  if (v1 <= v0) {
    boxes.fill(NaN, o, o + stride);
    return;
  }
  // Both projections are monotonic, so projecting the lon/lat box gives the projected box
  // without projecting every vertex (log/tan are the costly part).
  boxes[o] = lonToX(minLon);
  boxes[o + 1] = latToY(minLat);
  if (stride === 2) return;
  boxes[o + 2] = lonToX(maxLon);
  boxes[o + 3] = latToY(maxLat);
}

/** EPSG:3857 bounding box of every feature (`stride` numbers each): one pass over the coordinates. */
export function featureBoxes(batch: FeatureBatch, stride: BoxStride = 4): Float64Array {
  const boxes = new Float64Array(batch.count * stride);
  for (let f = 0; f < batch.count; f++) writeFeatureBox(batch, f, boxes, stride * f, stride);
  return boxes;
}

function unionOf(boxes: Float64Array, stride: BoxStride): Extent | null {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  // At stride 2 a point's max corner is its min corner (o + stride - 2 === o).
  for (let o = 0; o < boxes.length; o += stride) {
    if (Number.isNaN(boxes[o])) continue;
    if (boxes[o] < minX) minX = boxes[o];
    if (boxes[o + 1] < minY) minY = boxes[o + 1];
    if (boxes[o + stride - 2] > maxX) maxX = boxes[o + stride - 2];
    if (boxes[o + stride - 1] > maxY) maxY = boxes[o + stride - 1];
  }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}

/**
 * EPSG:3857 extent of all features of the batch, or null when it has none. SPEC §4: the view fits
 * the combined extent of layers with features (padding 40, max zoom 21) — see `combineExtents`.
 */
export function extentOf(batch: FeatureBatch): Extent | null {
  return unionOf(featureBoxes(batch), 4);
}

/** Union of layer extents, skipping layers without features (SPEC §4 "layers with features"). */
export function combineExtents(extents: readonly (Extent | null | undefined)[]): Extent | null {
  let out: Extent | null = null;
  for (const e of extents) {
    if (!e) continue;
    out = out ? [Math.min(out[0], e[0]), Math.min(out[1], e[1]), Math.max(out[2], e[2]), Math.max(out[3], e[3])] : [e[0], e[1], e[2], e[3]];
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
  const stride = strideOf(batch);
  const boxes = featureBoxes(batch, stride);
  const tree = new RBush<number>(maxEntries);
  const index: SpatialIndex = {
    layerId: batch.layerId,
    geometryType: batch.geometryType,
    count: batch.count,
    boxes,
    stride,
    tree,
    extent: unionOf(boxes, stride),
  };
  // Read through `index` so an incremental update (updateIndexedFeatures) may swap the box array and
  // its stride. At stride 2 the max corner is the min corner.
  tree.toBBox = (i: number) => {
    const b = index.boxes,
      s = index.stride,
      o = s * (i - 1);
    return { minX: b[o], minY: b[o + 1], maxX: b[o + s - 2], maxY: b[o + s - 1] };
  };
  tree.compareMinX = (a: number, b: number) => index.boxes[index.stride * (a - 1)] - index.boxes[index.stride * (b - 1)];
  tree.compareMinY = (a: number, b: number) => index.boxes[index.stride * (a - 1) + 1] - index.boxes[index.stride * (b - 1) + 1];
  const items: number[] = [];
  for (let f = 0; f < batch.count; f++) if (!Number.isNaN(boxes[stride * f])) items.push(f + 1);
  tree.load(items);
  return index;
}

/**
 * Re-boxes features of `batch` (the index's layer after an edit) without rebuilding the
 * tree: each old box leaves the tree before its slot changes (rbush finds an item by its box), the
 * new one goes in. Indices at or past the index's count are appended features.
 */
export function updateIndexedFeatures(index: SpatialIndex, batch: FeatureBatch, features: readonly number[]): void {
  // A multi-point edited into a layer of single points needs whole boxes.
  if (index.stride === 2 && features.some((f) => vertexCountOf(batch, f) > 1)) widenBoxes(index);
  const stride = index.stride;
  if (batch.count > index.count) {
    const grown = new Float64Array(batch.count * stride).fill(NaN);
    grown.set(index.boxes.subarray(0, index.count * stride));
    // Old boxes are copied over, so the features about to be replaced are still found by their box.
    index.boxes = grown;
  }
  for (const f of features) {
    const o = stride * f;
    if (f < index.count && !Number.isNaN(index.boxes[o])) index.tree.remove(f + 1);
    writeFeatureBox(batch, f, index.boxes, o, stride);
    if (!Number.isNaN(index.boxes[o])) index.tree.insert(f + 1);
  }
  index.count = batch.count;
  index.extent = unionOf(index.boxes.subarray(0, index.count * stride), stride);
}

/** Stride 2 → 4: each point's box written out whole (the tree's node boxes stay right). */
function widenBoxes(index: SpatialIndex): void {
  const wide = new Float64Array(index.count * 4);
  for (let f = 0; f < index.count; f++) {
    wide[4 * f] = wide[4 * f + 2] = index.boxes[2 * f];
    wide[4 * f + 1] = wide[4 * f + 3] = index.boxes[2 * f + 1];
  }
  index.boxes = wide;
  index.stride = 4;
}

interface TreeNode {
  children: (TreeNode | number)[];
  leaf: boolean;
}

/**
 * Drops features from the index as `removeFeatures` drops them from the batch (order kept):
 * their items leave the tree, later items are renumbered in place and the boxes close up, so the
 * tree's node boxes stay right without a rebuild. `removed`: feature indices before the removal.
 */
export function removeIndexedFeatures(index: SpatialIndex, removed: readonly number[]): void {
  const gone = [...new Set(removed)].filter((f) => f >= 0 && f < index.count).sort((a, b) => a - b);
  if (!gone.length) return;
  const stride = index.stride;
  for (const f of gone) if (!Number.isNaN(index.boxes[stride * f])) index.tree.remove(f + 1);
  // Items are index + 1; an item moves down by the number of removed features before it.
  const shift = (item: number): number => {
    let lo = 0,
      hi = gone.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (gone[mid] < item - 1) lo = mid + 1;
      else hi = mid;
    }
    return item - lo;
  };
  const visit = (node: TreeNode): void => {
    if (node.leaf) node.children = node.children.map((c) => shift(c as number));
    else for (const c of node.children) visit(c as TreeNode);
  };
  visit((index.tree as unknown as { data: TreeNode }).data);
  const boxes = new Float64Array((index.count - gone.length) * stride);
  let out = 0;
  for (let f = 0, g = 0; f < index.count; f++) {
    if (g < gone.length && gone[g] === f) {
      g++;
      continue;
    }
    boxes.set(index.boxes.subarray(stride * f, stride * f + stride), out);
    out += stride;
  }
  index.boxes = boxes;
  index.count -= gone.length;
  index.extent = unionOf(boxes, stride);
}

/** Feature indices whose box intersects the EPSG:3857 box (a candidate set, not exact geometry). */
export function searchExtent(index: SpatialIndex, extent: Extent): number[] {
  const found = index.tree.search({ minX: extent[0], minY: extent[1], maxX: extent[2], maxY: extent[3] });
  for (let i = 0; i < found.length; i++) found[i] -= 1;
  return found;
}
