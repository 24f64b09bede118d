// SPEC §4 track recording and §9 thresholds: a recorded walk keeps its points in order, drops a GPS
// jump of more than 5 km and positions closer than 2 m, measures itself on the 6,371,000 m sphere,
// and its GPX opens in GDAL (ogrinfo) with every point and its time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appendTrackPoint, trackDecision, trackLength, trackToGpx, type TrackPoint } from '../../src/model/index.ts';

const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
/** A walk north from Paris: `n` points 10 m apart, one a second, climbing 1 m a point. */
function walk(n: number): TrackPoint[] {
  const metresPerDegree = (Math.PI / 180) * 6_371_000;
  return Array.from({ length: n }, (_, i) => ({
    lon: 2.35,
    lat: 48.85 + (i * 10) / metresPerDegree,
    altitude: 35 + i,
    time: T0 + i * 1000,
  }));
}
const record = (points: TrackPoint[]) => points.reduce<readonly TrackPoint[]>(appendTrackPoint, []);

const dir = mkdtempSync(join(tmpdir(), 'mapdraft-gpx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('track recording', () => {
  it('keeps a walk of 200 positions, in order', () => {
    const track = record(walk(200));
    expect(track).toHaveLength(200);
    expect(track.map((p) => p.time)).toEqual(walk(200).map((p) => p.time));
  });

  it('drops a jump of more than 5 km as an outlier, and goes on from the last good point', () => {
    const points = walk(10);
    const jump = { ...points[5], lat: points[5].lat + 0.1, time: points[5].time + 500 }; // ~11 km north
    expect(trackDecision(points[5], jump)).toBe('outlier');
    const track = record([...points.slice(0, 6), jump, ...points.slice(6)]);
    expect(track).toHaveLength(10);
    expect(track).not.toContain(jump);
  });

  it('drops positions closer than 2 m to the last kept one (a phone standing still)', () => {
    const [a] = walk(1);
    const jitter = { ...a, lon: a.lon + 0.00001, time: a.time + 1000 }; // ~0.7 m east
    expect(trackDecision(a, jitter)).toBe('tooClose');
    expect(record([a, jitter, jitter])).toEqual([a]);
  });

  it('refuses positions off the globe', () => {
    expect(trackDecision(undefined, { lon: 200, lat: 0, time: T0 })).toBe('invalid');
    expect(trackDecision(undefined, { lon: Number.NaN, lat: 0, time: T0 })).toBe('invalid');
  });

  it('measures its length on the SPEC §9 sphere', () => {
    expect(trackLength(record(walk(101)))).toBeCloseTo(1000, 3);
    expect(trackLength([])).toBe(0);
  });
});

describe('GPX export', () => {
  // Three ogrinfo processes: each loads GDAL's drivers, which took over the unit tests' 5 s default on
  // a loaded two-core machine (CI, 2026-12-02), as the server's GDAL tests allow their tools time too.
  it('opens in GDAL with every point, its elevation and its time', { timeout: 60_000 }, () => {
    const track = record(walk(200));
    const file = join(dir, 'walk.gpx');
    writeFileSync(file, trackToGpx(track, 'Morning walk <Paris & north>'));
    const points = execFileSync('ogrinfo', ['-ro', '-al', '-so', file, 'track_points'], { encoding: 'utf8' });
    expect(points).toMatch(/Feature Count: 200\b/);
    const tracks = execFileSync('ogrinfo', ['-ro', '-al', file, 'tracks'], { encoding: 'utf8' });
    expect(tracks).toContain('name (String) = Morning walk <Paris & north>');
    expect(tracks).toMatch(/MULTILINESTRING \(\(2\.35 48\.85/);
    const first = execFileSync('ogrinfo', ['-ro', '-al', '-where', 'track_seg_point_id = 0', file, 'track_points'], { encoding: 'utf8' });
    expect(first).toMatch(/time \(DateTime\) = 2026\/11\/23 09:00:00(\+00)?/);
    expect(first).toMatch(/ele \(Real\) = 35\b/);
  });
});
