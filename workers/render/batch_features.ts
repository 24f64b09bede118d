// FeatureBatch (typed arrays, lon/lat) → OL features in EPSG:3857. Runs anywhere (render worker, or the
// main-thread fallback). The renderer OWNS a batch it is given: its buffers arrive moved from the data
// worker, so the coordinates are projected in place and the geometries of lines and polygons keep
// views into that one array instead of copying each feature's vertices.
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import MultiPoint from 'ol/geom/MultiPoint.js';
import LineString from 'ol/geom/LineString.js';
import MultiLineString from 'ol/geom/MultiLineString.js';
import Polygon from 'ol/geom/Polygon.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import type { Geometry } from 'ol/geom.js';
import { fromEPSG4326 } from 'ol/proj/epsg3857.js';
import type { FeatureBatch } from '../data/protocol.ts';

/** OL keeps flat coordinates as number[]; a Float64Array view reads the same (OL only indexes and slices). */
type Flat = number[];

/** SPEC §3: data is EPSG:4326; the map is EPSG:3857. One pass over the whole batch, in place. */
export function projectInPlace(coords: Float64Array): Float64Array {
  return fromEPSG4326(coords as unknown as Flat, coords as unknown as Flat, 2) as unknown as Float64Array;
}

function lowerBound(a: Uint32Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function geometryOf(batch: FeatureBatch, xy: Float64Array, f: number): Geometry {
  const { partEnds, featureEnds, polygonEnds } = batch;
  const p0 = f === 0 ? 0 : featureEnds[f - 1];
  const p1 = featureEnds[f];
  const v0 = p0 === 0 ? 0 : partEnds[p0 - 1];
  const v1 = partEnds[p1 - 1];
  const flat = xy.subarray(v0 * 2, v1 * 2) as unknown as Flat;
  if (batch.geometryType === 'Point') {
    // Point copies its two numbers anyway; MultiPoint keeps the view.
    return p1 - p0 === 1 ? new Point([flat[0], flat[1]]) : new MultiPoint(flat, 'XY');
  }
  const ends: number[] = [];
  for (let p = p0; p < p1; p++) ends.push((partEnds[p] - v0) * 2);
  if (batch.geometryType === 'LineString') {
    return ends.length === 1 ? new LineString(flat, 'XY') : new MultiLineString(flat, 'XY', ends);
  }
  if (!polygonEnds) return new Polygon(flat, 'XY', ends);
  // polygonEnds groups this feature's rings into shells with their holes (workers/data/protocol.ts).
  const endss: number[][] = [];
  let current: number[] = [];
  let pi = lowerBound(polygonEnds, p0 + 1);
  for (let p = p0; p < p1; p++) {
    current.push(ends[p - p0]);
    if (polygonEnds[pi] === p + 1) {
      endss.push(current);
      current = [];
      pi++;
    }
  }
  if (current.length) endss.push(current);
  return endss.length === 1 ? new Polygon(flat, 'XY', endss[0]) : new MultiPolygon(flat, 'XY', endss);
}

/** Features of a batch, ids set from `batch.ids` and the label (if any) in the `label` property. */
export function featuresFromBatch(batch: FeatureBatch): Feature<Geometry>[] {
  const xy = projectInPlace(batch.coords);
  const out = new Array<Feature<Geometry>>(batch.count);
  for (let f = 0; f < batch.count; f++) {
    const feature = new Feature<Geometry>(geometryOf(batch, xy, f));
    if (!Number.isNaN(batch.ids[f])) feature.setId(batch.ids[f]);
    const label = batch.labels?.[f];
    if (label) feature.set('label', label, true);
    out[f] = feature;
  }
  return out;
}
