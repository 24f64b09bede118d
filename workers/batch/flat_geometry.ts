// Small numeric helpers over the flat typed arrays of a FeatureBatch, shared by hit testing,
// simplification and the layer diff. Pure, allocation-free.

/** Squared distance from p to the segment a–b. */
export function segDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const dx = bx - ax,
    dy = by - ay;
  const len2 = dx * dx + dy * dy;
  let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = ax + t * dx - px,
    ey = ay + t * dy - py;
  return ex * ex + ey * ey;
}

/** First k with ends[k] > value (ends ascending): which part or feature a vertex/part index falls in. */
export function upperBound(ends: Uint32Array, value: number): number {
  let lo = 0,
    hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid] > value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
