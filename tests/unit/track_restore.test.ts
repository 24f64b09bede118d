// SPEC §4: a reload resumes a recording with its points. What the app does at start with the track the
// store answers and the positions waiting in localStorage (track_tail.ts): a recording started while the
// store was still being read keeps its waiting positions (the CI run where a reload lost six of a
// walk's hundred points), and a store that answers nothing does not cost the positions waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrackPoint } from '../../src/model/index.ts';
import type { StoredTrack } from '../../workers/data/protocol.ts';
import type { UserPosition } from '../../src/location/location_rules.ts';

/** The data worker's track calls, answered when the test says. */
const worker = vi.hoisted(() => ({
  trackRead: vi.fn<() => Promise<StoredTrack | null>>(),
  trackStart: vi.fn(async () => undefined),
  trackAppend: vi.fn<(req: { points: TrackPoint[] }) => Promise<void>>(),
  trackClear: vi.fn(async () => undefined),
}));
vi.mock('../../src/map/data_worker_client.ts', () => ({ getDataWorker: () => worker }));
vi.mock('../../src/location/location_service.ts', () => ({ startWatching: async () => undefined }));
vi.mock('../../src/track/wake_lock.ts', () => ({ keepScreenOn: () => undefined, letScreenSleep: () => undefined }));

const { recordPosition, restoreRecording, startRecording, clearRecording } = await import('../../src/track/track_recorder.ts');
const { unsavedAfter } = await import('../../src/track/track_tail.ts');
const { useTrack } = await import('../../src/track/track_store.ts');

const T0 = Date.UTC(2026, 10, 28, 9, 0, 0);
/** The i-th position of a walk north, about 11 m a step. */
const position = (i: number): UserPosition => ({
  lon: 2.35,
  lat: 48.85 + i * 1e-4,
  altitude: 35,
  accuracy: 5,
  heading: null,
  time: T0 + i * 1000,
});
const point = (i: number): TrackPoint => ({ lon: 2.35, lat: 48.85 + i * 1e-4, altitude: 35, time: T0 + i * 1000 });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => {
  const values = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => values.get(k) ?? null,
    setItem: (k: string, v: string) => void values.set(k, String(v)),
    removeItem: (k: string) => void values.delete(k),
  });
  // Writes that have not finished when the page goes (they never answer here).
  worker.trackAppend.mockImplementation(() => new Promise(() => undefined));
});

afterEach(async () => {
  worker.trackRead.mockResolvedValue(null);
  await clearRecording();
  vi.unstubAllGlobals();
});

describe('a recording at app start', () => {
  it('keeps the positions of a recording started while the store was still being read', async () => {
    const read = deferred<StoredTrack | null>();
    worker.trackRead.mockReturnValue(read.promise);
    const restoring = restoreRecording();
    await startRecording();
    for (let i = 0; i < 6; i++) recordPosition(position(i));
    // The store had no track when it was read (before this recording started).
    read.resolve(null);
    await restoring;
    expect(useTrack.getState()).toMatchObject({ status: 'recording', count: 6 });
    // A reload now: the six writes died with the page, the six positions still wait.
    expect(unsavedAfter([])).toEqual([0, 1, 2, 3, 4, 5].map(point));
  });

  it('resumes from the waiting positions when the store has no track (the last page went before its start was stored)', async () => {
    await startRecording();
    for (let i = 0; i < 3; i++) recordPosition(position(i));
    useTrack.setState({ status: 'idle', points: [], count: 0 }); // the page went

    worker.trackRead.mockResolvedValue(null);
    worker.trackAppend.mockResolvedValue(undefined);
    await restoreRecording();
    expect(useTrack.getState()).toMatchObject({ status: 'recording', count: 3 });
    expect(worker.trackStart).toHaveBeenLastCalledWith({ startedAt: T0 });
    expect(worker.trackAppend).toHaveBeenLastCalledWith({ points: [point(0), point(1), point(2)] });
    expect(unsavedAfter([])).toEqual([]);
  });

  it('adds to the stored track only the waiting positions it lacks', async () => {
    await startRecording();
    for (let i = 0; i < 3; i++) recordPosition(position(i));
    useTrack.setState({ status: 'idle', points: [], count: 0 }); // the page went

    worker.trackRead.mockResolvedValue({ phase: 'recording', startedAt: T0, points: [point(0)] });
    worker.trackAppend.mockResolvedValue(undefined);
    await restoreRecording();
    expect(useTrack.getState()).toMatchObject({ status: 'recording', count: 3 });
    expect(worker.trackAppend).toHaveBeenLastCalledWith({ points: [point(1), point(2)] });
    expect(unsavedAfter([])).toEqual([]);
  });
});
