// Feature-level edits of a FeatureBatch (an accepted change updates one feature, not the
// layer; after MapLibre's geojson_source_diff). Pure and DOM-free: each returns a new batch and
// never touches its inputs, so the registry's old batch stays valid for work still under way.
// O(n) typed-array copies: untouched features are copied bit for bit, in their order.
import { NO_CATEGORY } from '../../src/model/index.ts';
import { featureParts, type FeatureBatch } from './feature_batch.ts';
import { upperBound } from './flat_geometry.ts';

/** One feature of a source batch, copied into the output. */
interface Pick {
  from: FeatureBatch;
  f: number;
}

function vertices(b: FeatureBatch, p0: number, p1: number): [number, number] {
  return [p0 === 0 ? 0 : b.partEnds[p0 - 1], p1 === 0 ? 0 : b.partEnds[p1 - 1]];
}

/** Polygons [k0, k1) of feature f (Polygon batches; parts of a feature end with its last polygon). */
function polygons(b: FeatureBatch, p0: number, p1: number): [number, number] {
  const ends = b.polygonEnds!;
  const k0 = upperBound(ends, p0);
  let k1 = k0;
  while (k1 < ends.length && ends[k1] <= p1) k1++;
  return [k0, k1];
}

/** Builds `base`'s layer from the picked features, in order. */
function assemble(base: FeatureBatch, picks: readonly Pick[]): FeatureBatch {
  const polygon = base.geometryType === 'Polygon';
  let nParts = 0,
    nVerts = 0,
    nPolys = 0;
  for (const { from, f } of picks) {
    const [p0, p1] = featureParts(from, f);
    const [v0, v1] = vertices(from, p0, p1);
    nParts += p1 - p0;
    nVerts += v1 - v0;
    if (polygon && from.polygonEnds) {
      const [k0, k1] = polygons(from, p0, p1);
      nPolys += k1 - k0;
    }
  }
  const ids = new Float64Array(picks.length);
  const coords = new Float64Array(nVerts * 2);
  const partEnds = new Uint32Array(nParts);
  const featureEnds = new Uint32Array(picks.length);
  const polygonEnds = polygon ? new Uint32Array(nPolys) : undefined;
  const labels = base.labels ? new Array<string>(picks.length) : undefined;
  const searchTexts = base.searchTexts ? new Array<string>(picks.length) : undefined;
  // A patch packed without the category property has no icon to give.
  const categories = base.categories ? new Uint8Array(picks.length).fill(NO_CATEGORY) : undefined;
  let part = 0,
    vert = 0,
    poly = 0;
  picks.forEach(({ from, f }, i) => {
    const [p0, p1] = featureParts(from, f);
    const [v0, v1] = vertices(from, p0, p1);
    ids[i] = from.ids[f];
    coords.set(from.coords.subarray(2 * v0, 2 * v1), 2 * vert);
    for (let p = p0; p < p1; p++) partEnds[part + p - p0] = from.partEnds[p] - v0 + vert;
    if (polygonEnds && from.polygonEnds) {
      const [k0, k1] = polygons(from, p0, p1);
      for (let k = k0; k < k1; k++) polygonEnds[poly++] = from.polygonEnds[k] - p0 + part;
    }
    part += p1 - p0;
    vert += v1 - v0;
    featureEnds[i] = part;
    if (labels) labels[i] = from.labels?.[f] ?? '';
    if (searchTexts) searchTexts[i] = from.searchTexts?.[f] ?? '';
    if (categories && from.categories) categories[i] = from.categories[f];
  });
  const out: FeatureBatch = {
    layerId: base.layerId,
    geometryType: base.geometryType,
    count: picks.length,
    ids,
    coords,
    partEnds,
    featureEnds,
  };
  if (polygonEnds) out.polygonEnds = polygonEnds;
  if (labels) out.labels = labels;
  if (categories) out.categories = categories;
  if (searchTexts) out.searchTexts = searchTexts;
  return out;
}

/**
 * `batch` with the features of `patch` in place of those with the same id, and the others of
 * `patch` appended (a new feature, or one without an id). The patch must hold the layer's
 * geometry type; on a duplicated id the last one wins.
 */
export function upsertFeatures(batch: FeatureBatch, patch: FeatureBatch): FeatureBatch {
  if (patch.geometryType !== batch.geometryType) {
    throw new Error(`upsertFeatures: ${patch.geometryType} features into a ${batch.geometryType} layer`);
  }
  const byId = new Map<number, number>();
  for (let f = 0; f < patch.count; f++) if (!Number.isNaN(patch.ids[f])) byId.set(patch.ids[f], f);
  const picks: Pick[] = [];
  const placed = new Set<number>();
  for (let f = 0; f < batch.count; f++) {
    const p = byId.get(batch.ids[f]);
    if (p === undefined) picks.push({ from: batch, f });
    else if (!placed.has(p)) {
      picks.push({ from: patch, f: p });
      placed.add(p);
    }
  }
  for (let f = 0; f < patch.count; f++) {
    const id = patch.ids[f];
    if (Number.isNaN(id) ? true : byId.get(id) === f && !placed.has(f)) picks.push({ from: patch, f });
  }
  return assemble(batch, picks);
}

/** `ends` copied, each less `by` (ends relative to a range's start). */
function rebased(ends: Uint32Array, by: number): Uint32Array {
  const out = ends.slice();
  if (by) for (let i = 0; i < out.length; i++) out[i] -= by;
  return out;
}

/**
 * Features f0 .. f1 - 1 of `batch` as a batch of their own (a stored layer's chunk): contiguous, so
 * each column is one copy of its range, the ends made relative to it.
 */
export function featureRange(batch: FeatureBatch, f0: number, f1: number): FeatureBatch {
  const p0 = f0 === 0 ? 0 : batch.featureEnds[f0 - 1];
  const p1 = f1 > f0 ? batch.featureEnds[f1 - 1] : p0;
  const [v0, v1] = vertices(batch, p0, p1);
  const out: FeatureBatch = {
    layerId: batch.layerId,
    geometryType: batch.geometryType,
    count: f1 - f0,
    ids: batch.ids.slice(f0, f1),
    coords: batch.coords.slice(2 * v0, 2 * v1),
    partEnds: rebased(batch.partEnds.subarray(p0, p1), v0),
    featureEnds: rebased(batch.featureEnds.subarray(f0, f1), p0),
  };
  if (batch.polygonEnds) {
    const ends = batch.polygonEnds;
    out.polygonEnds = rebased(ends.subarray(upperBound(ends, p0), upperBound(ends, p1)), p0);
  }
  if (batch.labels) out.labels = batch.labels.slice(f0, f1);
  if (batch.searchTexts) out.searchTexts = batch.searchTexts.slice(f0, f1);
  if (batch.categories) out.categories = batch.categories.slice(f0, f1);
  return out;
}

/** `batch` without the features whose id is in `ids` (ids not there are ignored). */
export function removeFeatures(batch: FeatureBatch, ids: Iterable<number>): FeatureBatch {
  const drop = new Set(ids);
  const picks: Pick[] = [];
  for (let f = 0; f < batch.count; f++) if (!drop.has(batch.ids[f])) picks.push({ from: batch, f });
  return assemble(batch, picks);
}
