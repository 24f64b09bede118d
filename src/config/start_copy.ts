// Issue 17 (a reopened app's first frame is the app's own): the last answers of the start-up's
// configuration queries, kept in localStorage, which can be read synchronously before React's first
// render. The shell's first render then has the app's title, colours and layers instead of the
// start-up default for a moment, and the answers that follow change nothing where they are equal
// (react-query keeps the same objects), so the map screen renders once at the open, not again when
// the answers come (a 90 ms main-thread task at 4×). Only a quicker first read: the data worker's
// store (SPEC §9) stays the durable copy, and every open still asks the server.

/** A copy larger than this is not kept (localStorage is small, shared by the origin's apps). */
export const MAX_START_COPY_CHARS = 256 * 1024;

/** The value kept under `key`, parsed; undefined where none is kept or it is no JSON. */
export function readStartCopy(key: string): unknown {
  try {
    const text = globalThis.localStorage?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `value` under `key` (null forgets it). One too large to keep, or that the storage has no room
 * for, is replaced by `tooLarge` where given (the entry then still says a copy exists elsewhere),
 * else forgotten: an older copy is never left to be shown.
 */
export function keepStartCopy(key: string, value: unknown, tooLarge?: string): void {
  const text = value === null ? null : JSON.stringify(value);
  try {
    const storage = globalThis.localStorage;
    if (!storage) return;
    if (text !== null && text.length <= MAX_START_COPY_CHARS) {
      try {
        if (storage.getItem(key) !== text) storage.setItem(key, text);
        return;
      } catch {
        // full: as a copy too large
      }
    }
    if (text !== null && tooLarge !== undefined) storage.setItem(key, tooLarge);
    else storage.removeItem(key);
  } catch {
    // no storage, or no room even for the marker: the next open reads the data worker's copy or the server
  }
}
