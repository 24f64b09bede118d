// SPEC §4 track recording kept on the device: the real data worker writes each point to the local
// database (wa-sqlite) as it comes, so a new worker (a reload, an app restart) reads the same track;
// a stopped track takes no more points; a new recording starts empty; discarding leaves nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { closeWorkerSessions, openWorkerSession } from './fixtures/data_worker_session.ts';

afterEach(closeWorkerSessions);

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const point = (i: number, altitude: number | null = 35 + i) => ({ lon: 2.35, lat: 48.85 + i * 0.0001, altitude, time: T0 + i * 1000 });

describe('track store', () => {
  it('keeps a recording across a worker restart, point by point, and refuses points once stopped', async () => {
    const first = await openWorkerSession();
    await first.api.trackStart({ startedAt: T0 });
    for (let i = 0; i < 3; i++) await first.api.trackAppend({ points: [point(i, i === 1 ? null : 35 + i)] });
    first.worker.terminate();

    const second = await openWorkerSession();
    expect(await second.api.trackRead({})).toEqual({ phase: 'recording', startedAt: T0, points: [point(0), point(1, null), point(2)] });
    await second.api.trackSetPhase({ phase: 'stopped' });
    await second.api.trackAppend({ points: [point(3)] });
    const stopped = await second.api.trackRead({});
    expect(stopped?.phase).toBe('stopped');
    expect(stopped?.points).toHaveLength(3);

    await second.api.trackStart({ startedAt: T0 + 60_000 });
    expect(await second.api.trackRead({})).toEqual({ phase: 'recording', startedAt: T0 + 60_000, points: [] });
    await second.api.trackAppend({ points: [point(0)] });
    await second.api.trackClear({});
    expect(await second.api.trackRead({})).toBeNull();
  });
});
