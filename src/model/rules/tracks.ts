// SPEC §4 track recording and §9 track thresholds, as pure functions: which positions a track keeps,
// how long it is, and the GPX file a user takes away. The recording UI feeds positions in; nothing
// here knows about the map or the browser.
import { TRACK_UPDATE_DISTANCE_KM, TRACK_UPDATE_THRESHOLD } from '../constants.ts';
import { haversineDistance } from './route.ts';

/** SPEC §4: "appends coordinates (position, altitude, timestamp)". */
export interface TrackPoint {
  lon: number;
  lat: number;
  altitude?: number | null;
  /** Milliseconds since the epoch, as the Geolocation API reports it. */
  time: number;
}

/** SPEC §9: a position further than 5 km from the last one kept is a GPS outlier, not a walk. */
export const TRACK_OUTLIER_M = TRACK_UPDATE_DISTANCE_KM * 1000;
/**
 * SPEC §9's second threshold, "2 (unit not shown) between updates", read as metres: a phone standing
 * still reports positions a metre or two apart, and a track should not thicken into a knot there.
 */
export const TRACK_MIN_SPACING_M = TRACK_UPDATE_THRESHOLD;

export type TrackDecision = 'kept' | 'outlier' | 'tooClose' | 'invalid';

/** What happens to `next` after `last` (the last kept point, if any). */
export function trackDecision(last: TrackPoint | undefined, next: TrackPoint): TrackDecision {
  if (!Number.isFinite(next.lon) || !Number.isFinite(next.lat) || Math.abs(next.lon) > 180 || Math.abs(next.lat) > 90) return 'invalid';
  if (!last) return 'kept';
  const d = haversineDistance([last.lon, last.lat], [next.lon, next.lat]);
  if (d > TRACK_OUTLIER_M) return 'outlier';
  if (d < TRACK_MIN_SPACING_M) return 'tooClose';
  return 'kept';
}

/** The track with `next` appended when it is kept; the same array otherwise (nothing changed). */
export function appendTrackPoint(track: readonly TrackPoint[], next: TrackPoint): readonly TrackPoint[] {
  return trackDecision(track[track.length - 1], next) === 'kept' ? [...track, next] : track;
}

/** Metres along the track (SPEC §9 distance on a sphere of radius 6,371,000 m). */
export function trackLength(track: readonly TrackPoint[]): number {
  let total = 0;
  for (let i = 1; i < track.length; i++) total += haversineDistance([track[i - 1].lon, track[i - 1].lat], [track[i].lon, track[i].lat]);
  return total;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The track as a GPX 1.1 document: one track, one segment, each point with its time and, when known, elevation. */
export function trackToGpx(track: readonly TrackPoint[], name: string, creator = 'Mapdraft'): string {
  const points = track
    .map((p) => {
      const ele = p.altitude == null || !Number.isFinite(p.altitude) ? '' : `<ele>${p.altitude}</ele>`;
      return `      <trkpt lat="${p.lat}" lon="${p.lon}">${ele}<time>${new Date(p.time).toISOString()}</time></trkpt>`;
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<gpx version="1.1" creator="${xml(creator)}" xmlns="http://www.topografix.com/GPX/1/1">`,
    `  <trk><name>${xml(name)}</name>`,
    '    <trkseg>',
    points,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}
