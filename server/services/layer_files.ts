// Whole-layer FlatGeobuf files with their spatial index, kept in memory per layer data version
// (migration 040): built once after each change, then served to every reader and every range
// request (/vsicurl/ reads a file in many small ranges) without touching the database again.
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import { indexedFlatGeobuf } from './flatgeobuf.ts';

/** Bytes of files kept; the least recently used go first. */
const BUDGET = 256 * 1024 * 1024;

interface Entry {
  version: string;
  file: Promise<Uint8Array>;
  size: number;
}

export class LayerFileCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly budget = BUDGET) {}

  /** The layer's indexed file at `version` (its data_version), built at most once per version. */
  get(db: Db, layer: LayerRow): Promise<Uint8Array> {
    const key = `${layer.workspace_id}\u0000${layer.id}`;
    const version = String(layer.data_version);
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.delete(key); // re-inserted: Map order is recency
      this.entries.set(key, hit);
      return hit.file;
    }
    const entry: Entry = { version, size: 0, file: indexedFlatGeobuf(db, layer) };
    this.entries.set(key, entry);
    entry.file.then(
      (bytes) => {
        entry.size = bytes.length;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key); // a failed build is tried again next time
      },
    );
    return entry.file;
  }

  private evict(): void {
    let total = 0;
    for (const e of this.entries.values()) total += e.size;
    for (const [key, e] of this.entries) {
      if (total <= this.budget) break;
      this.entries.delete(key);
      total -= e.size;
    }
  }
}
