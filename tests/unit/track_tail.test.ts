// SPEC §4: a reload resumes a recording with its points. The positions the data worker had not yet
// written when the page went (its write dies with the page) wait in localStorage until it has, and a
// resumed recording gets back exactly those the store lacks.
import { describe, expect, it } from 'vitest';
import type { TrackPoint } from '../../src/model/index.ts';
import { dropUnsaved, holdUnsaved, releaseSaved, unsavedAfter } from '../../src/track/track_tail.ts';

/** localStorage as the browser has it: strings by key. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, String(v)),
    removeItem: (k: string) => void values.delete(k),
    size: () => values.size,
  };
}

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const point = (i: number): TrackPoint => ({ lon: 2.35, lat: 48.85 + i * 1e-4, altitude: 35, time: T0 + i * 1000 });

describe('track positions not yet stored', () => {
  it('gives back, after a reload, the positions whose write had not finished, in order', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 5; i++) holdUnsaved(point(i), storage);
    // The worker stored the first three; the page went before it stored the last two.
    for (let i = 0; i < 3; i++) releaseSaved(point(i), storage);
    expect(unsavedAfter([point(0), point(1), point(2)], storage)).toEqual([point(3), point(4)]);
  });

  it('does not add twice a position stored just before the page went, though it still waits', () => {
    const storage = memoryStorage();
    holdUnsaved(point(0), storage);
    holdUnsaved(point(1), storage);
    // Stored, but the page went before it heard so: both still wait.
    expect(unsavedAfter([point(0), point(1)], storage)).toEqual([]);
    expect(unsavedAfter([point(0)], storage)).toEqual([point(1)]);
  });

  it('forgets everything when a recording starts or is cleared, and leaves nothing in the storage', () => {
    const storage = memoryStorage();
    holdUnsaved(point(0), storage);
    dropUnsaved(storage);
    expect(unsavedAfter([], storage)).toEqual([]);
    expect(storage.size()).toBe(0);
    holdUnsaved(point(1), storage);
    releaseSaved(point(1), storage);
    expect(storage.size()).toBe(0);
  });

  it('reads a damaged or foreign value as nothing waiting, and works without a storage at all', () => {
    const storage = memoryStorage();
    storage.setItem('mapdraft:track-unsaved', '{not json');
    expect(unsavedAfter([], storage)).toEqual([]);
    storage.setItem('mapdraft:track-unsaved', JSON.stringify([{ lon: 1 }, point(2)]));
    expect(unsavedAfter([], storage)).toEqual([point(2)]);
    expect(() => holdUnsaved(point(3), undefined)).not.toThrow();
    expect(unsavedAfter([], undefined)).toEqual([]);
  });

  it('keeps the store as the only copy when the storage refuses a write (full)', () => {
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(() => holdUnsaved(point(0), full)).not.toThrow();
    expect(unsavedAfter([], full)).toEqual([]);
  });
});
