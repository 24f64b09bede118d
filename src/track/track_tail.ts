// The recording's positions that the data worker has not yet written (SPEC §4: a reload or an app
// restart resumes the recording with its points). The worker's write dies with the page: a reload, or
// the phone closing the tab, right after a position lost it (and the one before, when the store was
// busy). Each kept position waits here, in localStorage (written at once, synchronously), until the
// worker says it is stored; the next start adds those the store lacks. One track per device, like
// the store's track (the product's database, not an app's).
import type { TrackPoint } from '../model/index.ts';

const KEY = 'mapdraft:track-unsaved';

type Tail = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage where the browser keeps one (a private mode may refuse it: then nothing waits here). */
const defaultStorage = (): Tail | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

function read(storage: Tail | undefined): TrackPoint[] {
  try {
    const value = JSON.parse(storage?.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as TrackPoint[]).filter((p) => Number.isFinite(p?.time)) : [];
  } catch {
    return [];
  }
}

function write(storage: Tail | undefined, points: readonly TrackPoint[]): void {
  try {
    if (points.length) storage?.setItem(KEY, JSON.stringify(points));
    else storage?.removeItem(KEY);
  } catch {
    // Full or refused: the worker's write is then the only copy, as before.
  }
}

/** A kept position, before it is sent to the worker. */
export function holdUnsaved(point: TrackPoint, storage = defaultStorage()): void {
  write(storage, [...read(storage), point]);
}

/** The worker has stored `point`: it no longer waits. */
export function releaseSaved(point: TrackPoint, storage = defaultStorage()): void {
  const left = read(storage).filter((p) => p.time !== point.time);
  write(storage, left);
}

/** The positions waiting that came after the last stored one, in order (the rest are stored already). */
export function unsavedAfter(stored: readonly TrackPoint[], storage = defaultStorage()): TrackPoint[] {
  const last = stored.length ? stored[stored.length - 1].time : Number.NEGATIVE_INFINITY;
  return read(storage)
    .filter((p) => p.time > last)
    .sort((a, b) => a.time - b.time);
}

/** A new recording, or none: nothing waits any more. */
export function dropUnsaved(storage = defaultStorage()): void {
  write(storage, []);
}
