// The start-up configuration's copies in localStorage (issue 17: a reopened app's first render has
// the app's own configuration): kept, read, too large, forgotten, and a full or missing storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStartCopy, MAX_START_COPY_CHARS, readStartCopy } from '../../src/config/start_copy.ts';

function memoryStorage(quota = Infinity) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k: string) => void items.delete(k),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('start copies', () => {
  it('reads back what it kept, and forgets it on null', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(readStartCopy('k')).toBeUndefined();
    keepStartCopy('k', { appName: 'Field crew', layers: [1, 2] });
    expect(readStartCopy('k')).toEqual({ appName: 'Field crew', layers: [1, 2] });
    keepStartCopy('k', null);
    expect(readStartCopy('k')).toBeUndefined();
  });

  it('keeps the marker instead of a copy too large, or nothing without one', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const large = { text: 'x'.repeat(MAX_START_COPY_CHARS) };
    keepStartCopy('k', { small: true });
    keepStartCopy('k', large, '1');
    expect(storage.items.get('k')).toBe('1');
    keepStartCopy('j', { small: true });
    keepStartCopy('j', large);
    expect(storage.items.has('j')).toBe(false);
  });

  it('leaves no older copy where the storage is full: the marker, or nothing', () => {
    const storage = memoryStorage(100);
    vi.stubGlobal('localStorage', storage);
    keepStartCopy('k', { small: true });
    keepStartCopy('k', { text: 'x'.repeat(200) }, '1');
    expect(storage.items.get('k')).toBe('1');
    keepStartCopy('j', { small: true });
    keepStartCopy('j', { text: 'x'.repeat(200) });
    expect(storage.items.has('j')).toBe(false);
  });

  it('reads no copy from an entry that is not JSON, nor without a storage', () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    storage.items.set('k', '{broken');
    expect(readStartCopy('k')).toBeUndefined();
    vi.stubGlobal('localStorage', undefined);
    expect(readStartCopy('k')).toBeUndefined();
    expect(() => keepStartCopy('k', { small: true })).not.toThrow();
  });
});
