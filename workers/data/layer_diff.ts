// The diff of a layer against its `_diff` companion (SPEC §3), for the feature comparison and
// pending-changes views (SPEC §2): suggestions grouped into new, modified and deleted by grpstatus.
// Pure and DOM-free (runs in the data worker). Originals stay columnar (a FeatureBatch plus one
// properties record per feature); suggestions are few by comparison (thousands), so they are
// plain records. One gfid → index map per layer makes each diff O(suggestions).
import {
  COORDINATE_EPSILON, deepEqual, META_PROPERTY_KEYS, type GroupStatus,
} from '../../src/model/index.ts';
import type { FeatureBatch } from './protocol.ts';
import { upperBound } from './flat_geometry.ts';

/** The original layer as the data worker holds it. */
export interface OriginalLayer {
  batch: FeatureBatch;
  /** properties[f] belongs to feature f of `batch`. */
  properties: readonly Record<string, unknown>[];
  /** gfid of feature f; defaults to `batch.ids` (packFeatureCollection already stores gfids there). */
  ids?: Float64Array;
}

/** The original layer plus its gfid → feature index map, built once per layer load. */
export interface IndexedOriginals extends OriginalLayer {
  byGfid: ReadonlyMap<number, number>;
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

export interface PropertyChange {
  name: string;
  /** The original's value; null where it had none. */
  before: unknown;
  after: unknown;
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

/**
 * Suggestion keys that describe the suggestion itself, not the feature (SPEC §3): they are never
 * reported as changed properties.
 */
export const SUGGESTION_META_KEYS: ReadonlySet<string> = new Set([
  ...META_PROPERTY_KEYS, 'grpfid', 'grpstatus', 'creator', 'creatormail', 'insertedat',
]);

/** Build the gfid → index map once per layer (first occurrence wins; NaN ids are new features). */
export function indexOriginals(layer: OriginalLayer): IndexedOriginals {
  const ids = layer.ids ?? layer.batch.ids;
  const byGfid = new Map<number, number>();
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i];
    if (!Number.isNaN(id) && !byGfid.has(id)) byGfid.set(id, i);
  }
  return { ...layer, byGfid };
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
      gfid: raw.gfid == null || raw.gfid === '' ? batch.ids[i] : Number(raw.gfid), grpstatus: raw.grpstatus, properties: props, feature: i,
      creator: str(raw.creator), creatormail: str(raw.creatormail), insertedat: str(raw.insertedat),
    });
  }
  return { batch, suggestions };
}

/**
 * True when feature a of batch A and feature b of batch B differ: other part structure, or any
 * coordinate further apart than COORDINATE_EPSILON (the model's rule for a PostGIS round trip).
 */
export function geometryDiffers(A: FeatureBatch, a: number, B: FeatureBatch, b: number): boolean {
  const ap0 = a === 0 ? 0 : A.featureEnds[a - 1], ap1 = A.featureEnds[a];
  const bp0 = b === 0 ? 0 : B.featureEnds[b - 1], bp1 = B.featureEnds[b];
  if (ap1 - ap0 !== bp1 - bp0 || A.geometryType !== B.geometryType) return true;
  const av0 = ap0 === 0 ? 0 : A.partEnds[ap0 - 1], bv0 = bp0 === 0 ? 0 : B.partEnds[bp0 - 1];
  for (let p = 0; p < ap1 - ap0; p++) {
    if (A.partEnds[ap0 + p] - av0 !== B.partEnds[bp0 + p] - bv0) return true;
  }
  if (A.polygonEnds && B.polygonEnds && !samePolygonSplit(A.polygonEnds, ap0, ap1, B.polygonEnds, bp0, bp1)) return true;
  const n = (ap1 > ap0 ? A.partEnds[ap1 - 1] - av0 : 0) * 2;
  const ca = A.coords, cb = B.coords;
  for (let i = 0; i < n; i++) {
    if (!(Math.abs(ca[2 * av0 + i] - cb[2 * bv0 + i]) <= COORDINATE_EPSILON)) return true;
  }
  return false;
}


/** Whether the parts of two features group into polygons alike (which holes go with which shell). */
function samePolygonSplit(ea: Uint32Array, ap0: number, ap1: number, eb: Uint32Array, bp0: number, bp1: number): boolean {
  // Binary search, not a scan: the diff must stay O(suggestions) on layers of a million polygons.
  let i = upperBound(ea, ap0), j = upperBound(eb, bp0);
  for (; i < ea.length && ea[i] <= ap1; i++, j++) {
    if (j >= eb.length || eb[j] > bp1 || ea[i] - ap0 !== eb[j] - bp0) return false;
  }
  return j >= eb.length || eb[j] > bp1;
}

/** SPEC §3: the payload is a patch, compared like hasFeatureChanges (null ≡ absent). */
export function changedProperties(before: Record<string, unknown>, after: Record<string, unknown>): PropertyChange[] {
  const out: PropertyChange[] = [];
  for (const name in after) {
    if (SUGGESTION_META_KEYS.has(name)) continue;
    const b = before[name] ?? null, v = after[name] ?? null;
    if (!deepEqual(b, v)) out.push({ name, before: b, after: v });
  }
  return out;
}

/** Group the suggestions by grpstatus against the originals; each group keeps the input order. */
export function diffLayer(originals: IndexedOriginals, set: SuggestionSet): LayerDiff {
  const diff: LayerDiff = { new: [], modified: [], deleted: [] };
  const { suggestions, batch } = set;
  for (let s = 0; s < suggestions.length; s++) {
    const sug = suggestions[s];
    const gfid = sug.gfid == null || Number.isNaN(sug.gfid) ? null : sug.gfid;
    // Entries are literals of one shape per group (no spreads, no optional keys), so V8 keeps one
    // hidden class per group and the 10k-entry case stays a few milliseconds.
    const { creator, creatormail, insertedat, feature } = sug;
    if (sug.grpstatus === 'n') {
      diff.new.push({ suggestion: s, gfid, creator, creatormail, insertedat, properties: sug.properties, feature });
      continue;
    }
    const original = gfid == null ? -1 : (originals.byGfid.get(gfid) ?? -1);
    const missingOriginal = original < 0;
    if (sug.grpstatus === 'd') {
      diff.deleted.push({ suggestion: s, gfid, creator, creatormail, insertedat, original, missingOriginal });
      continue;
    }
    const props = missingOriginal ? {} : (originals.properties[original] ?? {});
    // Without its original every suggested value is a change, and any suggested geometry too.
    const geometryChanged = feature == null
      ? false
      : missingOriginal || geometryDiffers(originals.batch, original, batch, feature);
    diff.modified.push({
      suggestion: s, gfid, creator, creatormail, insertedat, original, missingOriginal,
      changedProperties: changedProperties(props, sug.properties), geometryChanged, feature,
    });
  }
  return diff;
}
