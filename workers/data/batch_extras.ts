// A stored layer's per-feature extras — labels, search texts, category bytes — as one binary block,
// read straight back into the batch's arrays (issue 17: the warm open reads a layer as buffers; the
// JSON it replaced cost a parse of every label and search text of the 135k cities). Pure, any thread.
//
// Layout, little-endian, every field 4-byte aligned:
//   u32 MAGIC ("MDX1"), u32 flags (LABELS | SEARCH_TEXTS | CATEGORIES), u32 count;
//   per text list present (labels, then search texts): u32 ends[count] (UTF-16 ends in the joined
//     text), u32 byteLength, the joined text in UTF-8, zero-padded to 4;
//   categories when present: u8[count].
import type { FeatureBatch } from '../batch/feature_batch.ts';

export type BatchExtras = Pick<FeatureBatch, 'labels' | 'searchTexts' | 'categories'>;

const MAGIC = 0x3158444d; // "MDX1"
const LABELS = 1;
const SEARCH_TEXTS = 2;
const CATEGORIES = 4;

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const pad4 = (n: number) => (n + 3) & ~3;

/** The block for a batch's extras, or null when it has none. */
export function encodeBatchExtras(batch: BatchExtras & { count: number }): Uint8Array | null {
  const lists = [batch.labels, batch.searchTexts];
  if (!lists.some(Boolean) && !batch.categories) return null;
  const count = batch.count;
  const encoded = lists.map((texts) => {
    if (!texts) return undefined;
    if (texts.length !== count) throw new Error(`batch extras: ${texts.length} texts for ${count} features`);
    const ends = new Uint32Array(count);
    let end = 0;
    texts.forEach((t, i) => (ends[i] = end += t.length));
    return { ends, bytes: utf8.encode(texts.join('')) };
  });
  let size = 12;
  for (const e of encoded) if (e) size += 4 * count + 4 + pad4(e.bytes.length);
  if (batch.categories) size += count;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const flags = (batch.labels ? LABELS : 0) | (batch.searchTexts ? SEARCH_TEXTS : 0) | (batch.categories ? CATEGORIES : 0);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, flags, true);
  view.setUint32(8, count, true);
  let at = 12;
  for (const e of encoded) {
    if (!e) continue;
    new Uint32Array(out.buffer, at, count).set(e.ends);
    at += 4 * count;
    view.setUint32(at, e.bytes.length, true);
    out.set(e.bytes, at + 4);
    at += 4 + pad4(e.bytes.length);
  }
  if (batch.categories) out.set(batch.categories.subarray(0, count), at);
  return out;
}

/** Whether `bytes` is such a block (a stored row may still hold the JSON written before it). */
export function isBatchExtras(bytes: Uint8Array): boolean {
  return bytes.byteLength >= 12 && new DataView(bytes.buffer, bytes.byteOffset, 12).getUint32(0, true) === MAGIC;
}

/** The extras of a block from encodeBatchExtras; a block that does not add up is refused. */
export function decodeBatchExtras(bytes: Uint8Array): BatchExtras {
  if (!isBatchExtras(bytes)) throw new Error('batch extras: not a stored block');
  // Own, aligned memory: the u32 views below need a 4-aligned offset.
  const block = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  const flags = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  const out: BatchExtras = {};
  let at = 12;
  const need = (n: number) => {
    if (at + n > block.byteLength) throw new Error('batch extras: block cut short');
  };
  const texts = (): string[] => {
    need(4 * count + 4);
    const ends = new Uint32Array(block.buffer, block.byteOffset + at, count);
    const length = view.getUint32(at + 4 * count, true);
    at += 4 * count + 4;
    need(length);
    const joined = fromUtf8.decode(block.subarray(at, at + length));
    at += pad4(length);
    const list = new Array<string>(count);
    let start = 0;
    for (let i = 0; i < count; i++) {
      list[i] = joined.slice(start, ends[i]);
      start = ends[i];
    }
    if (start !== joined.length) throw new Error('batch extras: texts do not add up');
    return list;
  };
  if (flags & LABELS) out.labels = texts();
  if (flags & SEARCH_TEXTS) out.searchTexts = texts();
  if (flags & CATEGORIES) {
    need(count);
    out.categories = block.slice(at, at + count);
  }
  return out;
}
