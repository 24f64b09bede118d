// One map layer's features as the renderer keeps them: the FeatureBatch itself (typed arrays, lon/lat,
// as the data worker sent it), never one object per feature. Opening a million points therefore costs
// the GPU upload and nothing per feature (benchmark scenario 3). What only some frames need — the
// spatial index (labels, the Canvas 2D fallback) and the extent (fit) — is built on first use and
// dropped when the features change; `revision` tells the GL backend its buffers are stale.
import type { GeometryType } from '../../src/model/index.ts';
import { removeFeatures, upsertFeatures } from '../batch/batch_patch.ts';
import { featurePartStart, type FeatureBatch } from '../batch/feature_batch.ts';
import { upperBound } from '../batch/flat_geometry.ts';
import { buildSpatialIndex, extentOf, searchExtent, type SpatialIndex } from '../batch/spatial_index.ts';
import type { Extent } from '../batch/mercator.ts';

export function emptyBatch(layerId: string, geometryType: GeometryType): FeatureBatch {
  return {
    layerId,
    geometryType,
    count: 0,
    ids: new Float64Array(0),
    coords: new Float64Array(0),
    partEnds: new Uint32Array(0),
    featureEnds: new Uint32Array(0),
  };
}

export class LayerData {
  private current: FeatureBatch;
  private index: SpatialIndex | null = null;
  private extentCache: Extent | null | undefined;
  /** Bumped on every change of the features. */
  revision = 0;

  constructor(layerId: string, geometryType: GeometryType) {
    this.current = emptyBatch(layerId, geometryType);
  }

  get batch(): FeatureBatch {
    return this.current;
  }

  get count(): number {
    return this.current.count;
  }

  /** The layer's features become exactly these (the renderer owns the batch from now on). */
  replace(batch: FeatureBatch): void {
    this.set(batch);
  }

  /** An edit changes its features (upsert by id); the rest of the layer stays as it is. */
  upsert(patch: FeatureBatch): void {
    this.set(this.current.count === 0 ? patch : upsertFeatures(this.current, patch));
  }

  remove(ids: ArrayLike<number>): void {
    if (ids.length) this.set(removeFeatures(this.current, Array.from(ids)));
  }

  /** EPSG:3857 extent of every feature, or null when there are none. */
  extent(): Extent | null {
    if (this.extentCache === undefined) this.extentCache = this.index?.extent ?? extentOf(this.current);
    return this.extentCache;
  }

  /** Indices of the features whose box touches `extent` (EPSG:3857). */
  featuresIn(extent: Extent): number[] {
    if (this.current.count === 0) return [];
    this.index ??= buildSpatialIndex(this.current);
    return searchExtent(this.index, extent);
  }

  private set(batch: FeatureBatch): void {
    this.current = batch;
    this.index = null;
    this.extentCache = undefined;
    this.revision++;
  }
}

/**
 * Calls `part(v0, v1, ringOfPolygon)` for every part of feature f: its vertex range [v0, v1) and, for
 * polygons, whether the ring is a hole (not the first ring of its polygon; see workers/batch/feature_batch.ts polygonEnds).
 */
export function forEachPart(batch: FeatureBatch, f: number, part: (v0: number, v1: number, hole: boolean) => void): void {
  const { partEnds, featureEnds, polygonEnds } = batch;
  const p0 = featurePartStart(batch, f);
  const p1 = featureEnds[f];
  let pi = polygonEnds ? upperBound(polygonEnds, p0) : 0;
  let firstOfPolygon = p0;
  for (let p = p0; p < p1; p++) {
    const v0 = p === 0 ? 0 : partEnds[p - 1];
    part(v0, partEnds[p], p !== firstOfPolygon);
    // Without polygonEnds a feature's parts are the rings of one polygon.
    if (polygonEnds && polygonEnds[pi] === p + 1) {
      firstOfPolygon = p + 1;
      pi++;
    }
  }
}
