// The FeatureBatch, the one shape features have between threads, and the reads every user of it
// needs. Thread-agnostic (workers/batch/): the data worker, the render worker and the main thread
// import it; it imports nothing of theirs.
import type { GeometryType } from '../../src/model/index.ts';

/**
 * Features of one layer packed into transferable typed arrays (docs/CONTRACT.md "Client").
 * Vertices are lon,lat pairs in EPSG:4326 (SPEC §3: data is in EPSG:4326). Points stay within
 * ±180/±90; a line or ring crossing the antimeridian is unwrapped, so its longitudes may pass ±180
 * (workers/batch/antimeridian.ts).
 * - `partEnds[p]`: end vertex index (exclusive) of part p (a point, a line, or a polygon ring).
 * - `featureEnds[f]`: end part index (exclusive) of feature f; so feature f owns parts
 *   `featurePartStart(batch, f) .. featureEnds[f]`.
 * - `polygonEnds` (Polygon batches only, addition to CONTRACT.md): end part index (exclusive) of each
 *   polygon, so MultiPolygons keep which holes belong to which shell without relying on ring winding.
 */
export interface FeatureBatch {
  layerId: string;
  geometryType: GeometryType;
  count: number;
  ids: Float64Array;
  coords: Float64Array;
  partEnds: Uint32Array;
  featureEnds: Uint32Array;
  polygonEnds?: Uint32Array;
  labels?: string[];
  /**
   * SPEC §9 category icons: per feature, the index into the model's CATEGORY_ICONS of its category
   * (the layer's `categoryProperty` value, model `categoryIconIndex`), NO_CATEGORY (255) for none.
   * Present only for layers with a category property.
   */
  categories?: Uint8Array;
  /**
   * The data worker's search text per feature (model `featureSearchText`: name, separator, other
   * searchable values); kept by the data worker and its local store, never sent to the renderer.
   */
  searchTexts?: string[];
}

/** First part index (inclusive) of feature f. Allocation-free, for hot loops. */
export function featurePartStart(batch: Pick<FeatureBatch, 'featureEnds'>, f: number): number {
  return f === 0 ? 0 : batch.featureEnds[f - 1];
}

/** Start (inclusive) and end (exclusive) part indices of feature f. */
export function featureParts(batch: Pick<FeatureBatch, 'featureEnds'>, f: number): [number, number] {
  return [featurePartStart(batch, f), batch.featureEnds[f]];
}

/** Vertex range [start, end) of feature f. */
export function featureVertexRange(batch: FeatureBatch, f: number): [number, number] {
  const p0 = featurePartStart(batch, f);
  const p1 = batch.featureEnds[f];
  if (p1 <= p0) return [0, 0];
  return [p0 === 0 ? 0 : batch.partEnds[p0 - 1], batch.partEnds[p1 - 1]];
}
