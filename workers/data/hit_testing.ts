// Select by geometry, not by pixels (DESIGN.md): the tap's map coordinate and the view resolution
// come from the render worker; the rbush index gives candidates and the exact geometry decides.
// Everything is measured in EPSG:3857 metres, where the map draws straight edges, so "within 3 px"
// (SPEC §4/§9: select hit tolerance 3) means the same as on screen at any latitude.
import { HIT_TOLERANCE_PX, type GeometryType } from '../../src/model/index.ts';
import { featurePartStart, type FeatureBatch } from '../batch/feature_batch.ts';
import { latToY, lonToX, WORLD_WIDTH } from '../batch/mercator.ts';
import { searchExtent, type SpatialIndex } from '../batch/spatial_index.ts';
import { segDist2, upperBound } from '../batch/flat_geometry.ts';
import type { Hit, HitQuery } from './protocol.ts';

/** SPEC §9 z-order draws polygons, then lines, then points on top: what is on top is hit first. */
export const HIT_RANK: Readonly<Record<GeometryType, number>> = { Point: 0, LineString: 1, Polygon: 2 };

/**
 * The one hit order, also for merging layers (`mergeHits`): points and lines before polygons — they
 * are drawn over them (SPEC §9), and a tap inside a polygon is at distance 0 from it, so a city tapped
 * a pixel off its centre would otherwise lose to the country around it; then nearest first; at equal
 * distance points before lines; then the higher feature index first, because a feature drawn later is
 * drawn over the earlier ones.
 */
export function compareHits(a: Hit, b: Hit): number {
  const area = Number(a.geometryType === 'Polygon') - Number(b.geometryType === 'Polygon');
  return area || a.distance - b.distance || HIT_RANK[a.geometryType] - HIT_RANK[b.geometryType] || b.index - a.index;
}

/** Hits of several layers (one hitTest each) in the order of `compareHits`. */
export function mergeHits(lists: readonly (readonly Hit[])[]): Hit[] {
  return lists.flat().sort(compareHits);
}

/** Smallest squared distance from (tx, ty) to the vertices [v0, v1) seen as points. */
function pointsDist2(c: Float64Array, v0: number, v1: number, tx: number, ty: number): number {
  let best = Infinity;
  for (let v = v0; v < v1; v++) {
    const dx = lonToX(c[2 * v]) - tx,
      dy = latToY(c[2 * v + 1]) - ty;
    const d = dx * dx + dy * dy;
    if (d < best) best = d;
  }
  return best;
}

/** Smallest squared distance to the polyline [v0, v1); `closed` adds the edge back to v0. */
function pathDist2(c: Float64Array, v0: number, v1: number, closed: boolean, tx: number, ty: number): number {
  if (v1 - v0 === 1) return pointsDist2(c, v0, v1, tx, ty);
  let best = Infinity;
  let ax = lonToX(c[2 * v0]),
    ay = latToY(c[2 * v0 + 1]);
  const fx = ax,
    fy = ay;
  for (let v = v0 + 1; v < v1; v++) {
    const bx = lonToX(c[2 * v]),
      by = latToY(c[2 * v + 1]);
    const d = segDist2(tx, ty, ax, ay, bx, by);
    if (d < best) best = d;
    ax = bx;
    ay = by;
  }
  if (closed) {
    const d = segDist2(tx, ty, ax, ay, fx, fy);
    if (d < best) best = d;
  }
  return best;
}

/** Number of ring edges a ray from (tx, ty) towards +x crosses, for the even-odd rule. */
function crossings(c: Float64Array, v0: number, v1: number, tx: number, ty: number): number {
  let n = 0;
  // Start from the closing edge (last → first), so an unclosed ring is treated as closed.
  let ax = lonToX(c[2 * (v1 - 1)]),
    ay = latToY(c[2 * (v1 - 1) + 1]);
  for (let v = v0; v < v1; v++) {
    const bx = lonToX(c[2 * v]),
      by = latToY(c[2 * v + 1]);
    if (by > ty !== ay > ty && tx < ((ax - bx) * (ty - by)) / (ay - by) + bx) n++;
    ax = bx;
    ay = by;
  }
  return n;
}

/** Squared distance from the tap to feature f: 0 inside a polygon (holes excluded). */
export function featureDistance2(batch: FeatureBatch, f: number, tx: number, ty: number): number {
  const { coords: c, partEnds, featureEnds } = batch;
  const p0 = featurePartStart(batch, f);
  const p1 = featureEnds[f];
  const partStart = (p: number) => (p === 0 ? 0 : partEnds[p - 1]);
  let best = Infinity;
  if (batch.geometryType === 'Point') {
    return p1 > p0 ? pointsDist2(c, partStart(p0), partEnds[p1 - 1], tx, ty) : Infinity;
  }
  if (batch.geometryType === 'LineString') {
    for (let p = p0; p < p1; p++) best = Math.min(best, pathDist2(c, partStart(p), partEnds[p], false, tx, ty));
    return best;
  }
  // Polygons: even-odd over the rings of each polygon (polygonEnds keeps holes with their shell);
  // without polygonEnds the whole feature is one polygon, which even-odd still gets right.
  const polyEnds = batch.polygonEnds;
  let k = polyEnds ? upperBound(polyEnds, p0) : 0;
  let polyEnd = polyEnds && k < polyEnds.length ? Math.min(polyEnds[k], p1) : p1;
  let parity = 0;
  for (let p = p0; p < p1; p++) {
    const v0 = partStart(p),
      v1 = partEnds[p];
    if (v1 > v0) {
      parity ^= crossings(c, v0, v1, tx, ty) & 1;
      best = Math.min(best, pathDist2(c, v0, v1, true, tx, ty));
    }
    if (p + 1 === polyEnd) {
      if (parity) return 0;
      parity = 0;
      k++;
      polyEnd = polyEnds && k < polyEnds.length ? Math.min(polyEnds[k], p1) : p1;
    }
  }
  return best;
}

/**
 * Features of one layer within `tolerancePx * resolution` of the tap, in `compareHits` order.
 * Lines and rings unwrapped across the antimeridian reach past ±180° (antimeridian.ts), so the tap
 * is also tried one world to the east or west when the layer reaches there.
 */
export function hitTest(index: SpatialIndex, batch: FeatureBatch, query: HitQuery): Hit[] {
  const tol = (query.tolerancePx ?? HIT_TOLERANCE_PX) * query.resolution;
  const tol2 = tol * tol;
  const half = WORLD_WIDTH / 2;
  // A tap on a wrapped copy of the world (OpenLayers wrapX) maps back into the main one.
  const x = query.x - Math.round(query.x / WORLD_WIDTH) * WORLD_WIDTH;
  const shifts = [0];
  if (index.extent && index.extent[2] > half) shifts.push(WORLD_WIDTH);
  if (index.extent && index.extent[0] < -half) shifts.push(-WORLD_WIDTH);
  const best = new Map<number, number>();
  for (const shift of shifts) {
    const tx = x + shift,
      ty = query.y;
    for (const f of searchExtent(index, [tx - tol, ty - tol, tx + tol, ty + tol])) {
      const d2 = featureDistance2(batch, f, tx, ty);
      if (d2 <= tol2 && !(best.get(f)! <= d2)) best.set(f, d2);
    }
  }
  const hits: Hit[] = [];
  for (const [f, d2] of best) {
    hits.push({ layerId: batch.layerId, geometryType: batch.geometryType, index: f, id: batch.ids[f], distance: Math.sqrt(d2) });
  }
  return hits.sort(compareHits);
}
