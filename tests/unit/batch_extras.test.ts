// The stored layer's extras block (workers/data/batch_extras.ts): labels, search texts and category
// bytes come back exactly, any text included, and a block that does not add up is refused rather
// than read into wrong labels.
import { describe, expect, it } from 'vitest';
import { decodeBatchExtras, encodeBatchExtras, isBatchExtras } from '../../workers/data/batch_extras.ts';

const labels = ['Paris', '', 'Zürich', '東京', 'emoji 🗺️ map', 'a\u0000b', 'x'.repeat(300)];
const searchTexts = labels.map((l) => `${l.toLowerCase()}\u001ffr`);
const categories = Uint8Array.from([0, 255, 17, 3, 3, 255, 9]);

describe('batch extras block', () => {
  it('round-trips labels, search texts and categories', () => {
    const block = encodeBatchExtras({ count: labels.length, labels, searchTexts, categories })!;
    expect(isBatchExtras(block)).toBe(true);
    const back = decodeBatchExtras(block);
    expect(back.labels).toEqual(labels);
    expect(back.searchTexts).toEqual(searchTexts);
    expect(Array.from(back.categories!)).toEqual(Array.from(categories));
  });

  it('keeps only what the batch has, and gives nothing for a batch without extras', () => {
    expect(decodeBatchExtras(encodeBatchExtras({ count: 2, categories: Uint8Array.from([1, 2]) })!)).toEqual({
      categories: Uint8Array.from([1, 2]),
    });
    expect(decodeBatchExtras(encodeBatchExtras({ count: 2, searchTexts: ['a', 'b'] })!)).toEqual({ searchTexts: ['a', 'b'] });
    expect(encodeBatchExtras({ count: 3 })).toBeNull();
    expect(decodeBatchExtras(encodeBatchExtras({ count: 0, labels: [] })!)).toEqual({ labels: [] });
  });

  it('reads a block that does not start on a 4-byte boundary (a view into a larger buffer)', () => {
    const block = encodeBatchExtras({ count: labels.length, labels, categories })!;
    const shifted = new Uint8Array(block.length + 1);
    shifted.set(block, 1);
    expect(decodeBatchExtras(shifted.subarray(1)).labels).toEqual(labels);
  });

  it('refuses JSON text, a cut block and a label count that does not match the batch', () => {
    expect(isBatchExtras(new TextEncoder().encode('{"labels":["a"]}'))).toBe(false);
    expect(() => decodeBatchExtras(new TextEncoder().encode('["a","b"]'))).toThrow(/not a stored block/);
    const block = encodeBatchExtras({ count: labels.length, labels })!;
    expect(() => decodeBatchExtras(block.subarray(0, block.length - 8))).toThrow(/cut short|add up/);
    expect(() => encodeBatchExtras({ count: 5, labels: ['a'] })).toThrow(/1 texts for 5 features/);
  });
});
