// FlatGeobuf's spatial index: a packed Hilbert R-tree (https://flatgeobuf.org, "Spatial index").
// Features are ordered along a Hilbert curve over the dataset's extent, then grouped nodeSize at a
// time into parent nodes up to one root; the nodes are written root first. A reader with a bbox
// (GDAL, /vsicurl/, flatgeobuf's HTTP client) reads the few nodes it needs and then only the byte
// ranges of the features inside.
import { generateLevelBounds } from 'flatgeobuf/lib/mjs/packedrtree.js';
import type { FlatGeometry } from './wkb.ts';

export const INDEX_NODE_SIZE = 16;
/** minX, minY, maxX, maxY as float64, then the uint64 offset. */
const NODE_BYTES = 40;

/** minx, miny, maxx, maxy of every vertex of a geometry; an empty one is NaN throughout. */
export function geometryBox(g: FlatGeometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (part: FlatGeometry) => {
    const xy = part.xy;
    for (let i = 0; i < xy.length; i += 2) {
      if (xy[i] < box[0]) box[0] = xy[i];
      if (xy[i + 1] < box[1]) box[1] = xy[i + 1];
      if (xy[i] > box[2]) box[2] = xy[i];
      if (xy[i + 1] > box[3]) box[3] = xy[i + 1];
    }
    for (const p of part.parts ?? []) visit(p);
  };
  visit(g);
  return box[0] === Infinity ? [Number.NaN, Number.NaN, Number.NaN, Number.NaN] : box;
}

/** Position of (x, y) on a Hilbert curve over a 2^16 × 2^16 grid (the bit-twiddling form without loops). */
export function hilbert(x: number, y: number): number {
  let a = x ^ y;
  let b = 0xffff ^ a;
  let c = 0xffff ^ (x | y);
  let d = x & (y ^ 0xffff);
  let A = a | (b >> 1);
  let B = (a >> 1) ^ a;
  let C = (c >> 1) ^ (b & (d >> 1)) ^ c;
  let D = (a & (c >> 1)) ^ (d >> 1) ^ d;
  a = A;
  b = B;
  c = C;
  d = D;
  A = (a & (a >> 2)) ^ (b & (b >> 2));
  B = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
  C ^= (a & (c >> 2)) ^ (b & (d >> 2));
  D ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));
  a = A;
  b = B;
  c = C;
  d = D;
  A = (a & (a >> 4)) ^ (b & (b >> 4));
  B = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
  C ^= (a & (c >> 4)) ^ (b & (d >> 4));
  D ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));
  a = A;
  b = B;
  c = C;
  d = D;
  C ^= (a & (c >> 8)) ^ (b & (d >> 8));
  D ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));
  a = C ^ (C >> 1);
  b = D ^ (D >> 1);
  let i0 = x ^ y;
  let i1 = b | (0xffff ^ (i0 | a));
  i0 = (i0 | (i0 << 8)) & 0x00ff00ff;
  i0 = (i0 | (i0 << 4)) & 0x0f0f0f0f;
  i0 = (i0 | (i0 << 2)) & 0x33333333;
  i0 = (i0 | (i0 << 1)) & 0x55555555;
  i1 = (i1 | (i1 << 8)) & 0x00ff00ff;
  i1 = (i1 | (i1 << 4)) & 0x0f0f0f0f;
  i1 = (i1 | (i1 << 2)) & 0x33333333;
  i1 = (i1 | (i1 << 1)) & 0x55555555;
  return ((i1 << 1) | i0) >>> 0;
}

/** The order of the boxes along the Hilbert curve of their centres over `extent` (a permutation of indices). */
export function hilbertOrder(boxes: readonly (readonly number[])[], extent: readonly number[]): number[] {
  const [minx, miny, maxx, maxy] = extent;
  const w = maxx - minx || 1;
  const h = maxy - miny || 1;
  const keys = boxes.map((b) => {
    // An empty geometry's NaN box sorts first (hilbert(0, 0)).
    const x = Number.isNaN(b[0]) ? 0 : Math.floor((0xffff * ((b[0] + b[2]) / 2 - minx)) / w);
    const y = Number.isNaN(b[1]) ? 0 : Math.floor((0xffff * ((b[1] + b[3]) / 2 - miny)) / h);
    return hilbert(x, y);
  });
  return boxes.map((_, i) => i).sort((i, j) => keys[i] - keys[j] || i - j);
}

/**
 * The packed R-tree over boxes already in file order, whose features start at `offsets` (bytes
 * from the first feature). Leaves carry those offsets; a parent carries the index of its first child.
 */
export function packedRTree(boxes: readonly (readonly number[])[], offsets: readonly number[], nodeSize = INDEX_NODE_SIZE): Uint8Array {
  const levels = generateLevelBounds(boxes.length, nodeSize);
  const numNodes = levels[0][1]; // the leaves are the last nodes
  const node = new Float64Array(numNodes * 4).fill(Number.NaN);
  const offset = new Array<number>(numNodes).fill(0);
  const leaves = levels[0][0];
  boxes.forEach((b, i) => {
    node.set(b, 4 * (leaves + i));
    offset[leaves + i] = offsets[i];
  });
  for (let level = 0; level < levels.length - 1; level++) {
    let pos = levels[level][0];
    const end = levels[level][1];
    let parent = levels[level + 1][0];
    while (pos < end) {
      offset[parent] = pos;
      const p = 4 * parent;
      node[p] = Infinity;
      node[p + 1] = Infinity;
      node[p + 2] = -Infinity;
      node[p + 3] = -Infinity;
      for (let j = 0; j < nodeSize && pos < end; j++, pos++) {
        const c = 4 * pos;
        // NaN (an empty geometry) never widens a parent.
        if (node[c] < node[p]) node[p] = node[c];
        if (node[c + 1] < node[p + 1]) node[p + 1] = node[c + 1];
        if (node[c + 2] > node[p + 2]) node[p + 2] = node[c + 2];
        if (node[c + 3] > node[p + 3]) node[p + 3] = node[c + 3];
      }
      parent++;
    }
  }
  const out = new Uint8Array(numNodes * NODE_BYTES);
  const view = new DataView(out.buffer);
  for (let i = 0; i < numNodes; i++) {
    const o = i * NODE_BYTES;
    for (let k = 0; k < 4; k++) view.setFloat64(o + 8 * k, node[4 * i + k], true);
    view.setBigUint64(o + 32, BigInt(offset[i]), true);
  }
  return out;
}
