// MAPDRAFT contender of scenario 6: the diff of a whole layer against its `_diff` companion (SPEC §3),
// suggestions grouped into new, modified and deleted by grpstatus, on typed arrays. The product
// groups one page of change entries instead (workers/data/review.ts, whose property comparison this
// reuses); this whole-layer diff lives with the benchmark that measures it. Pure and DOM-free. Originals stay columnar (a FeatureBatch plus one
// properties record per feature); suggestions are few by comparison (thousands), so they are
// plain records. One gfid → index table per layer makes each diff O(suggestions).
import { COORDINATE_EPSILON, type GroupStatus } from '../../../src/model/index.ts';
import { featurePartStart, type FeatureBatch } from '../../../workers/batch/feature_batch.ts';
import { upperBound } from '../../../workers/batch/flat_geometry.ts';
import type { PropertyChange } from '../../../workers/data/protocol.ts';
import { changedProperties, SUGGESTION_META_KEYS } from '../../../workers/data/review.ts';

/** The original layer as the data worker holds it. */
export interface OriginalLayer {
  batch: FeatureBatch;
  /** properties[f] belongs to feature f of `batch`. */
  properties: readonly Record<string, unknown>[];
  /** gfid of feature f; defaults to `batch.ids` (packFeatureCollection already stores gfids there). */
  ids?: Float64Array;
}

/** The original layer plus what the diff looks up in it, built once per layer load. */
export interface IndexedOriginals extends OriginalLayer {
  byGfid: GfidIndex;
  /** vertexStarts of `batch`. */
  vertexStarts: Uint32Array;
}

/** One pending suggestion of the `_diff` layer (SPEC §3 Feature fields). */
export interface Suggestion {
  /** The original's gfid; absent (or NaN) for a new feature (SPEC §3: gfid absent means new). */
  gfid?: number;
  grpstatus: GroupStatus;
  /** The changed properties only (SPEC §3 feature payload): keys left out are unchanged. */
  properties: Record<string, unknown>;
  /** Index of its geometry in `SuggestionSet.batch`; absent when it carries none (unchanged). */
  feature?: number;
  creator?: string;
  creatormail?: string;
  insertedat?: string;
}

/** The `_diff` layer: geometries packed once into a FeatureBatch, one record per suggestion. */
export interface SuggestionSet {
  batch: FeatureBatch;
  suggestions: readonly Suggestion[];
}

interface EntryBase {
  /** Index in `SuggestionSet.suggestions`. */
  suggestion: number;
  /** null for a suggested feature without gfid (SPEC §2 shows 'suggested feature'). */
  gfid: number | null;
  creator: string | undefined;
  creatormail: string | undefined;
  insertedat: string | undefined;
}

export interface NewEntry extends EntryBase {
  properties: Record<string, unknown>;
  feature?: number;
}

export interface ModifiedEntry extends EntryBase {
  /** Feature index in the originals; -1 when the gfid is not there any more. */
  original: number;
  /** The original was deleted or never loaded: reported, never silently dropped. */
  missingOriginal: boolean;
  changedProperties: PropertyChange[];
  geometryChanged: boolean;
  feature?: number;
}

export interface DeletedEntry extends EntryBase {
  original: number;
  missingOriginal: boolean;
}

export interface LayerDiff {
  new: NewEntry[];
  modified: ModifiedEntry[];
  deleted: DeletedEntry[];
}

/** gfid → feature index; first occurrence wins, NaN ids (new features) are not in it. */
export interface GfidIndex {
  /** Feature index of `gfid`, or -1 when no feature has it. */
  indexOf(gfid: number): number;
}

/**
 * The table for `ids`. Both kinds are one Int32Array of feature index + 1 (0 for empty), no Map: a
 * Map of 100k numbers costs megabytes of hash-table objects per layer load, garbage that brought
 * major GCs of the worker's whole heap into the diff (benchmark scenario 6). Gfids are database
 * serials, so they are usually dense integers and index the table directly: filled in order, read in
 * one access. Anything else is hashed.
 */
export function indexGfids(ids: Float64Array): GfidIndex {
  const range = integerRange(ids);
  // Direct while it spans under 4 slots per feature, the most the hashed table takes.
  return range && range.max - range.min < 4 * ids.length ? new DirectGfidIndex(ids, range.min, range.max) : new HashedGfidIndex(ids);
}

/** Smallest and largest id when every id but NaN is an integer; null otherwise or when there is none. */
function integerRange(ids: Float64Array): { min: number; max: number } | null {
  let min = Infinity,
    max = -Infinity;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (Number.isNaN(id)) continue;
    if (!Number.isInteger(id)) return null;
    if (id < min) min = id;
    if (id > max) max = id;
  }
  return min <= max ? { min, max } : null;
}

/** Slot gfid - min: no hashing and no probing. */
class DirectGfidIndex implements GfidIndex {
  private readonly slots: Int32Array;

  constructor(
    ids: Float64Array,
    private readonly min: number,
    max: number,
  ) {
    this.slots = new Int32Array(max - min + 1);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (!Number.isNaN(id) && this.slots[id - min] === 0) this.slots[id - min] = i + 1;
    }
  }

  indexOf(gfid: number): number {
    const k = gfid - this.min;
    // A fraction or NaN is no gfid here (and a typed array read at a fraction gives undefined).
    return k >= 0 && k < this.slots.length && Number.isInteger(k) ? this.slots[k] - 1 : -1;
  }
}

// Scratch views to hash a double by its bits: one pair for the module, so hashing allocates nothing.
const hashF64 = new Float64Array(1);
const hashU32 = new Uint32Array(hashF64.buffer);

/** A well-mixed 32-bit hash of a double's bits (integer gfids differ in the high word only). */
function hashId(id: number): number {
  hashF64[0] = id + 0; // -0 + 0 is +0: one hash for the two zeros, as === sees them
  let h = Math.imul(hashU32[0], 0x85ebca6b) ^ hashU32[1];
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  return h ^ (h >>> 15);
}

/** Open addressing with linear probing, at most half full so probe runs stay short. */
class HashedGfidIndex implements GfidIndex {
  private readonly slots: Int32Array;
  private readonly mask: number;

  constructor(private readonly ids: Float64Array) {
    let size = 2;
    while (size < 2 * ids.length) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (Number.isNaN(id)) continue;
      const slot = this.probe(id);
      if (this.slots[slot] === 0) this.slots[slot] = i + 1;
    }
  }

  indexOf(gfid: number): number {
    return this.slots[this.probe(gfid)] - 1;
  }

  /** The slot holding `id`, or the empty slot where it would go. */
  private probe(id: number): number {
    const { slots, ids, mask } = this;
    let slot = hashId(id) & mask;
    for (let f = slots[slot]; f !== 0 && ids[f - 1] !== id; f = slots[slot]) slot = (slot + 1) & mask;
    return slot;
  }
}

/** Index the layer once per load (gfids: first occurrence wins; NaN ids are new features). */
export function indexOriginals(layer: OriginalLayer): IndexedOriginals {
  return { ...layer, byGfid: indexGfids(layer.ids ?? layer.batch.ids), vertexStarts: vertexStarts(layer.batch) };
}

const isStatus = (v: unknown): v is GroupStatus => v === 'n' || v === 'm' || v === 'd';
const str = (v: unknown): string | undefined => (v == null ? undefined : String(v));

/**
 * Suggestions from the `_diff` layer as loaded: batch feature i with wire properties
 * properties[i] (gfid, grpstatus, creator, creatormail, insertedat travel as properties), so
 * `properties` must follow the batch (packFeatureCollection drops features without geometry). A
 * gfid property wins over `batch.ids`, which may hold the diff row's own feature id. A feature
 * without a valid grpstatus is no pending suggestion and is skipped.
 */
export function suggestionSetFrom(batch: FeatureBatch, properties: readonly Record<string, unknown>[]): SuggestionSet {
  const suggestions: Suggestion[] = [];
  for (let i = 0; i < batch.count; i++) {
    const raw = properties[i] ?? {};
    if (!isStatus(raw.grpstatus)) continue;
    const props: Record<string, unknown> = {};
    for (const key in raw) if (!SUGGESTION_META_KEYS.has(key)) props[key] = raw[key];
    suggestions.push({
      gfid: raw.gfid == null || raw.gfid === '' ? batch.ids[i] : Number(raw.gfid),
      grpstatus: raw.grpstatus,
      properties: props,
      feature: i,
      creator: str(raw.creator),
      creatormail: str(raw.creatormail),
      insertedat: str(raw.insertedat),
    });
  }
  return { batch, suggestions };
}

/**
 * First vertex of each feature of `batch` (count + 1 entries; the last is the vertex count). With it
 * a comparison finds a random feature's coordinates in one read instead of featureEnds → partEnds:
 * those two dependent cache misses per original were most of the geometry comparison's time.
 */
export function vertexStarts(batch: FeatureBatch): Uint32Array {
  const { count, featureEnds, partEnds } = batch;
  const out = new Uint32Array(count + 1);
  for (let f = 0; f < count; f++) {
    const p = featureEnds[f];
    out[f + 1] = p === 0 ? 0 : partEnds[p - 1];
  }
  return out;
}

/**
 * True when feature a of batch A and feature b of batch B differ: other part structure, or any
 * coordinate further apart than COORDINATE_EPSILON (the model's rule for a PostGIS round trip).
 * `aStarts` and `bStarts` are the batches' vertexStarts.
 */
function geometryDiffers(A: FeatureBatch, aStarts: Uint32Array, a: number, B: FeatureBatch, bStarts: Uint32Array, b: number): boolean {
  const av0 = aStarts[a],
    bv0 = bStarts[b],
    n = 2 * (aStarts[a + 1] - av0);
  const ap0 = featurePartStart(A, a),
    parts = A.featureEnds[a] - ap0;
  const bp0 = featurePartStart(B, b);
  if (n !== 2 * (bStarts[b + 1] - bv0) || parts !== B.featureEnds[b] - bp0 || A.geometryType !== B.geometryType) return true;
  // One part holds all the feature's vertices and is one polygon, so equal vertex counts settle its
  // structure: only multi-part features need their part ends and polygon split read.
  if (parts > 1 && !sameParts(A, ap0, av0, B, bp0, bv0, parts)) return true;
  const ca = A.coords,
    cb = B.coords;
  for (let i = 0; i < n; i++) {
    if (!(Math.abs(ca[2 * av0 + i] - cb[2 * bv0 + i]) <= COORDINATE_EPSILON)) return true;
  }
  return false;
}

/** Whether `parts` parts from ap0 (vertex av0) in A and from bp0 (vertex bv0) in B have the same sizes and polygons. */
function sameParts(A: FeatureBatch, ap0: number, av0: number, B: FeatureBatch, bp0: number, bv0: number, parts: number): boolean {
  for (let p = 0; p < parts; p++) {
    if (A.partEnds[ap0 + p] - av0 !== B.partEnds[bp0 + p] - bv0) return false;
  }
  return !A.polygonEnds || !B.polygonEnds || samePolygonSplit(A.polygonEnds, ap0, ap0 + parts, B.polygonEnds, bp0, bp0 + parts);
}

/** Whether the parts of two features group into polygons alike (which holes go with which shell). */
function samePolygonSplit(ea: Uint32Array, ap0: number, ap1: number, eb: Uint32Array, bp0: number, bp1: number): boolean {
  // Binary search, not a scan: the diff must stay O(suggestions) on layers of a million polygons.
  let i = upperBound(ea, ap0),
    j = upperBound(eb, bp0);
  for (; i < ea.length && ea[i] <= ap1; i++, j++) {
    if (j >= eb.length || eb[j] > bp1 || ea[i] - ap0 !== eb[j] - bp0) return false;
  }
  return j >= eb.length || eb[j] > bp1;
}

/** The suggestion's gfid; null for a new feature (SPEC §3: gfid absent means new). */
const gfidOf = (sug: Suggestion): number | null => (sug.gfid == null || Number.isNaN(sug.gfid) ? null : sug.gfid);

/** Per suggestion, the original's feature index; -1 for a new feature or a gfid not loaded. */
function originalsOf(index: GfidIndex, suggestions: readonly Suggestion[]): Int32Array {
  const out = new Int32Array(suggestions.length).fill(-1);
  for (let s = 0; s < suggestions.length; s++) {
    const gfid = gfidOf(suggestions[s]);
    if (suggestions[s].grpstatus !== 'n' && gfid != null) out[s] = index.indexOf(gfid);
  }
  return out;
}

/** Per suggestion, 1 where a modification's geometry differs from its original's (or has none). */
function geometryChanges(originals: IndexedOriginals, set: SuggestionSet, originalOf: Int32Array): Uint8Array {
  const { suggestions, batch } = set;
  const starts = vertexStarts(batch);
  const out = new Uint8Array(suggestions.length);
  for (let s = 0; s < suggestions.length; s++) {
    const { grpstatus, feature } = suggestions[s];
    // Without its original any suggested geometry is a change; without a geometry, none is.
    if (grpstatus !== 'm' || feature == null) continue;
    const o = originalOf[s];
    if (o < 0 || geometryDiffers(originals.batch, originals.vertexStarts, o, batch, starts, feature)) out[s] = 1;
  }
  return out;
}

/** Group the suggestions by grpstatus against the originals; each group keeps the input order. */
export function diffLayer(originals: IndexedOriginals, set: SuggestionSet): LayerDiff {
  const diff: LayerDiff = { new: [], modified: [], deleted: [] };
  const { suggestions } = set;
  // Lookups and geometry comparisons are passes of their own into typed arrays: short loops let the
  // CPU overlap the cache misses on random originals, which building the entries would interrupt.
  const originalOf = originalsOf(originals.byGfid, suggestions);
  const moved = geometryChanges(originals, set, originalOf);
  for (let s = 0; s < suggestions.length; s++) {
    const sug = suggestions[s];
    const gfid = gfidOf(sug);
    // Entries are literals of one shape per group (no spreads, no optional keys), so V8 keeps one
    // hidden class per group and the 10k-entry case stays a few milliseconds.
    const { creator, creatormail, insertedat, feature } = sug;
    if (sug.grpstatus === 'n') {
      diff.new.push({ suggestion: s, gfid, creator, creatormail, insertedat, properties: sug.properties, feature });
      continue;
    }
    const original = originalOf[s];
    const missingOriginal = original < 0;
    if (sug.grpstatus === 'd') {
      diff.deleted.push({ suggestion: s, gfid, creator, creatormail, insertedat, original, missingOriginal });
      continue;
    }
    // Without its original every suggested value is a change.
    const props = missingOriginal ? {} : (originals.properties[original] ?? {});
    diff.modified.push({
      suggestion: s,
      gfid,
      creator,
      creatormail,
      insertedat,
      original,
      missingOriginal,
      changedProperties: changedProperties(props, sug.properties),
      geometryChanged: moved[s] === 1,
      feature,
    });
  }
  return diff;
}
