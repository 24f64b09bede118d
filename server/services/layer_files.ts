// Whole-layer FlatGeobuf files with their spatial index, kept in memory per layer data version
// (migration 040): built once after each change, then served to every reader and every range
// request (/vsicurl/ reads a file in many small ranges) without touching the database again.
// Until a version's file is built, the route streams the layer unindexed instead (issue 17: the
// first features leave within a page's time, not after the whole build), and starts the build once
// that stream is done (`peek` says whether the file is there). The brotli copy every browser asks
// for is made as soon as the file is built, so the next reader is answered from it, with its length,
// instead of having @fastify/compress compress the 24 MB again for that one answer (issue 17).
// A server that starts listening builds its layers' files one after another before anyone asks
// (`warm`): the first reader after a start or a deploy gets the built file too.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Db } from '../db/index.ts';
import { VERSIONED_LAYERS_SQL, type VersionedLayerRow } from '../routes/common.ts';
import { indexedFlatGeobuf } from './flatgeobuf.ts';

/** Bytes of files kept; the least recently used go first. */
const BUDGET = 256 * 1024 * 1024;

/** Content codings a built file is kept in besides identity. */
export type FileCoding = 'br' | 'gzip';

/** The coding made for every built file, before anyone asks: browsers send `br` (Chromium, Firefox, Safari). */
const EAGER_CODING: FileCoding = 'br';

const compressors: Record<FileCoding, (bytes: Uint8Array) => Promise<Buffer>> = {
  // @fastify/compress's own brotli quality, so a kept copy is what a request would have made.
  br: (bytes) => promisify(brotliCompress)(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => promisify(gzip)(bytes),
};

interface Entry {
  version: string;
  file: Promise<Uint8Array>;
  size: number;
  /** The file, once built. */
  bytes?: Uint8Array;
  /** The file compressed, once per coding (zlib's thread pool compressed the 135k cities in ≈ 0.35 s). */
  coded: Partial<Record<FileCoding, Promise<Buffer | undefined>>>;
}

const keyOf = (layer: VersionedLayerRow) => `${layer.workspace_id}\u0000${layer.id}`;

export class LayerFileCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly budget = BUDGET) {}

  /** The layer's indexed file at its data_version when it is built already; undefined otherwise. */
  peek(layer: VersionedLayerRow): Uint8Array | undefined {
    const hit = this.entries.get(keyOf(layer));
    return hit?.version === String(layer.data_version) ? hit.bytes : undefined;
  }

  /**
   * The built file in `coding`, from the copy made once per version (started now if it was not);
   * undefined when the file is not built for this version, or when compressing failed (the next
   * reader tries again).
   */
  coded(layer: VersionedLayerRow, coding: FileCoding): Promise<Buffer | undefined> | undefined {
    const hit = this.entries.get(keyOf(layer));
    if (!hit?.bytes || hit.version !== String(layer.data_version)) return undefined;
    return this.copy(hit, hit.bytes, coding);
  }

  /** The entry's built `bytes` in `coding`, compressed once. */
  private copy(entry: Entry, bytes: Uint8Array, coding: FileCoding): Promise<Buffer | undefined> {
    let copy = entry.coded[coding];
    if (!copy) {
      copy = compressors[coding](bytes).then(
        (coded) => {
          entry.size += coded.length;
          this.evict();
          return coded;
        },
        () => {
          delete entry.coded[coding];
          return undefined;
        },
      );
      entry.coded[coding] = copy;
    }
    return copy;
  }

  /** The layer's indexed file at `version` (its data_version), built at most once per version. */
  get(db: Db, layer: VersionedLayerRow): Promise<Uint8Array> {
    const key = keyOf(layer);
    const version = String(layer.data_version);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // re-inserted: Map order is recency
      this.entries.set(key, hit);
      return hit.file;
    }
    const entry: Entry = { version, size: 0, file: indexedFlatGeobuf(db, layer), coded: {} };
    this.entries.set(key, entry);
    entry.file.then(
      (bytes) => {
        entry.size += bytes.length;
        entry.bytes = bytes;
        this.evict();
        void this.copy(entry, bytes, EAGER_CODING);
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key); // a failed build is tried again next time
      },
    );
    return entry.file;
  }

  /**
   * Builds every layer's file (and its eager compressed copy) one after another, while less than
   * half the budget is kept and until `stopped()`: the rest is left for the layers readers ask for. A
   * build that fails is left for its first reader to try again. Issue 17: the first cold open after a
   * start read the 135k cities as the unindexed stream (3.3 s to the last byte, pinned, against 0.9 s
   * for the built file).
   */
  async warm(db: Db, stopped: () => boolean): Promise<void> {
    const { rows } = await db.query<VersionedLayerRow>(`${VERSIONED_LAYERS_SQL} ORDER BY l.workspace_id, l.id`);
    for (const layer of rows) {
      if (stopped() || this.kept() >= this.budget / 2) return;
      const built = await this.get(db, layer).then(
        () => true,
        () => false,
      );
      if (built) await this.coded(layer, EAGER_CODING);
    }
  }

  /** Bytes kept: the built files and their compressed copies. */
  private kept(): number {
    let total = 0;
    for (const e of this.entries.values()) total += e.size;
    return total;
  }

  private evict(): void {
    let total = this.kept();
    for (const [key, e] of this.entries) {
      if (total <= this.budget) break;
      this.entries.delete(key);
      total -= e.size;
    }
  }
}
