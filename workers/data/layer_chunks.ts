// Issue 17 target 6: a stored layer is written and read in chunks of features, a row each
// (local_store.ts `layer_batch_chunks`), not as one row of the whole layer. wa-sqlite copies every
// bound or read BLOB through its WebAssembly heap, which grows to hold the largest row several times
// over and never shrinks: at 300k points the data worker's wasm memory was 79 MB after an open. A
// chunk holds at most CHUNK_VERTICES vertices and CHUNK_FEATURES features (a larger feature alone),
// so the heap stays near the page cache's size whatever the layer's. Pure, any thread.
import { NO_CATEGORY, type GeometryType } from '../../src/model/index.ts';
import { featurePartStart, type FeatureBatch } from '../batch/feature_batch.ts';
import type { BatchExtras } from './batch_extras.ts';

/** 1 MiB of coordinates. */
export const CHUNK_VERTICES = 65_536;
/** 128 KiB of ids, and about as much text as coordinates for short names. */
export const CHUNK_FEATURES = 16_384;

const vertexAt = (batch: FeatureBatch, part: number) => (part === 0 ? 0 : batch.partEnds[part - 1]);

/** Feature ranges [f0, f1) covering `batch` in order, each within the limits (a feature above them alone). */
export function chunkRanges(batch: FeatureBatch, maxVertices = CHUNK_VERTICES, maxFeatures = CHUNK_FEATURES): [number, number][] {
  const ranges: [number, number][] = [];
  let f0 = 0;
  let v0 = 0;
  for (let f = 0; f < batch.count; f++) {
    const end = vertexAt(batch, batch.featureEnds[f]);
    if (f > f0 && (f - f0 >= maxFeatures || end - v0 > maxVertices)) {
      ranges.push([f0, f]);
      f0 = f;
      v0 = vertexAt(batch, featurePartStart(batch, f));
    }
  }
  if (f0 < batch.count) ranges.push([f0, batch.count]);
  return ranges;
}

/** One stored chunk as read: its columns' bytes (views valid while it is appended) and its extras. */
export interface StoredChunk {
  count: number;
  ids: Uint8Array;
  coords: Uint8Array;
  partEnds: Uint8Array;
  featureEnds: Uint8Array;
  polygonEnds: Uint8Array;
  extras?: BatchExtras;
}

/** How much the chunks of a layer hold together, in bytes per column (SQL `sum(length(...))`). */
export interface ChunkTotals {
  count: number;
  coordBytes: number;
  partBytes: number;
  polygonBytes: number;
}

/**
 * A layer's batch put together from its chunks, in order, straight into arrays of the layer's size
 * (no chunk is kept): each chunk's ends are shifted by what the chunks before it held.
 */
export class ChunkJoiner {
  private readonly batch: FeatureBatch;
  private features = 0;
  private parts = 0;
  private vertices = 0;
  private polygons = 0;

  constructor(layerId: string, geometryType: GeometryType, totals: ChunkTotals) {
    this.batch = {
      layerId,
      geometryType,
      count: totals.count,
      ids: new Float64Array(totals.count),
      coords: new Float64Array(totals.coordBytes / 8),
      partEnds: new Uint32Array(totals.partBytes / 4),
      featureEnds: new Uint32Array(totals.count),
    };
    if (geometryType === 'Polygon') this.batch.polygonEnds = new Uint32Array(totals.polygonBytes / 4);
  }

  /** Copies `chunk` in after the chunks before it; throws when it does not fit the totals. */
  append(chunk: StoredChunk): void {
    const b = this.batch;
    const { count } = chunk;
    const vertices = chunk.coords.byteLength / 16;
    if (chunk.ids.byteLength !== 8 * count || chunk.featureEnds.byteLength !== 4 * count || this.features + count > b.count) {
      throw new Error(`stored layer ${b.layerId}: a chunk does not add up`);
    }
    copyBytes(b.ids, this.features, chunk.ids);
    copyBytes(b.coords, 2 * this.vertices, chunk.coords);
    shiftedCopy(b.partEnds, this.parts, chunk.partEnds, this.vertices);
    shiftedCopy(b.featureEnds, this.features, chunk.featureEnds, this.parts);
    if (b.polygonEnds) {
      shiftedCopy(b.polygonEnds, this.polygons, chunk.polygonEnds, this.parts);
      this.polygons += chunk.polygonEnds.byteLength / 4;
    }
    this.appendExtras(chunk.extras, count);
    this.features += count;
    this.parts += chunk.partEnds.byteLength / 4;
    this.vertices += vertices;
  }

  /** The whole batch; throws when the chunks held fewer features than the layer. */
  finish(): FeatureBatch {
    const b = this.batch;
    if (this.features !== b.count || 2 * this.vertices !== b.coords.length || this.parts !== b.partEnds.length) {
      throw new Error(`stored layer ${b.layerId}: its chunks do not add up`);
    }
    return b;
  }

  /** A chunk's labels, search texts and categories; a list the chunks before lacked is '' (no icon) there. */
  private appendExtras(extras: BatchExtras | undefined, count: number): void {
    const b = this.batch;
    const at = this.features;
    const put = (into: string[], texts: readonly string[]) => {
      for (let i = 0; i < count; i++) into[at + i] = texts[i];
    };
    if (extras?.labels) put((b.labels ??= new Array<string>(b.count).fill('')), extras.labels);
    if (extras?.searchTexts) put((b.searchTexts ??= new Array<string>(b.count).fill('')), extras.searchTexts);
    if (extras?.categories) (b.categories ??= new Uint8Array(b.count).fill(NO_CATEGORY)).set(extras.categories, at);
  }
}

/** `bytes` copied into `into` from element `at` (any alignment of `bytes`). */
function copyBytes(into: Float64Array | Uint32Array, at: number, bytes: Uint8Array): void {
  new Uint8Array(into.buffer, into.byteOffset + at * into.BYTES_PER_ELEMENT, bytes.byteLength).set(bytes);
}

/** `bytes` (u32 ends) copied into `into` from element `at`, each plus `shift`. */
function shiftedCopy(into: Uint32Array, at: number, bytes: Uint8Array, shift: number): void {
  copyBytes(into, at, bytes);
  const end = at + bytes.byteLength / 4;
  if (shift) for (let i = at; i < end; i++) into[i] += shift;
}
