// SPEC §4 track recording: starting shows the position (the point layer) and the track (the line
// layer); the track is created on the first position; each position the model keeps (§9: no jump over
// 5 km, no step under 2 m) is appended with its altitude and time, written to the local store at
// once (a reload or an app restart resumes it; track_tail.ts holds it until the write is done) and
// centres the map. Stopping fits the track (§9:
// padding 100, 2 s) and waits for the user to keep or discard it; discarding hides the line layer
// and clears the track.
import { fromLonLat } from 'ol/proj.js';
import { boundingExtent } from 'ol/extent.js';
import { CENTER_ON_USER_ZOOM, TRACK_FIT_DURATION_MS, TRACK_FIT_PADDING, trackDecision, type TrackPoint } from '../model/index.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { startWatching } from '../location/location_service.ts';
import { useUserLocation } from '../location/location_store.ts';
import type { UserPosition } from '../location/location_rules.ts';
import { notify } from '../state/notifications.ts';
import { useTrack } from './track_store.ts';
import { dropUnsaved, holdUnsaved, releaseSaved, unsavedAfter } from './track_tail.ts';
import { keepScreenOn, letScreenSleep } from './wake_lock.ts';
import type { StoredTrack } from '../../workers/data/protocol.ts';

let unfollow: (() => void) | null = null;
/** The first kept position of a (resumed) recording also zooms in to the user (SPEC §9 zoom 14). */
let zoomIn = false;

const pointFrom = (p: UserPosition): TrackPoint => ({ lon: p.lon, lat: p.lat, altitude: p.altitude, time: p.time });

function warnNotKept(): void {
  notify({ intent: 'warning', textKey: 'track.notStored' });
}

/** One position in: kept or not by the model's rule; a kept one is stored, drawn and centred on. */
export function recordPosition(position: UserPosition): void {
  const { status, points } = useTrack.getState();
  if (status !== 'recording') return;
  const point = pointFrom(position);
  if (trackDecision(points[points.length - 1], point) !== 'kept') return;
  points.push(point);
  useTrack.setState({ count: points.length });
  holdUnsaved(point);
  void getDataWorker()
    .trackAppend({ points: [point] })
    .then(() => releaseSaved(point))
    .catch(() => undefined);
  const view = useMapInstance.getState().map?.getView();
  // Centring without an animation: one cheap view change per position (no main-thread long task).
  if (!view || view.getAnimating()) return;
  view.setCenter(fromLonLat([point.lon, point.lat]));
  if (zoomIn && (view.getZoom() ?? 0) < CENTER_ON_USER_ZOOM) view.setZoom(CENTER_ON_USER_ZOOM);
  zoomIn = false;
}

function follow(): void {
  unfollow?.();
  zoomIn = true;
  unfollow = useUserLocation.subscribe((s, prev) => {
    if (s.position && s.position !== prev.position) recordPosition(s.position);
    // The location is denied or lost for good (the service has shown the SPEC §8 message): the
    // recording ends; what it has is offered for keeping, an empty one just goes.
    if (s.geoState === 'blocked' && prev.geoState !== 'blocked')
      void (useTrack.getState().points.length ? stopRecording() : clearRecording());
  });
  void startWatching();
  keepScreenOn();
}

function unfollowPositions(): void {
  unfollow?.();
  unfollow = null;
  letScreenSleep();
}

export async function startRecording(): Promise<void> {
  if (useTrack.getState().status !== 'idle') return;
  useTrack.setState({ status: 'recording', points: [], count: 0 });
  dropUnsaved();
  follow();
  await getDataWorker().trackStart({ startedAt: Date.now() }).catch(warnNotKept);
}

/** Fits the view on the track (SPEC §9 track fit: padding 100, 2 s). */
export function fitTrack(points: readonly TrackPoint[]): void {
  const view = useMapInstance.getState().map?.getView();
  if (!view || points.length === 0) return;
  const extent = boundingExtent(points.map((p) => fromLonLat([p.lon, p.lat])));
  const pad = TRACK_FIT_PADDING;
  view.fit(extent, { padding: [pad, pad, pad, pad], duration: TRACK_FIT_DURATION_MS, maxZoom: 18 });
}

export async function stopRecording(): Promise<void> {
  if (useTrack.getState().status !== 'recording') return;
  unfollowPositions();
  useTrack.setState({ status: 'stopped' });
  fitTrack(useTrack.getState().points);
  await getDataWorker()
    .trackSetPhase({ phase: 'stopped' })
    .catch(() => undefined);
}

/** SPEC §4: stopping ends with the line layer hidden and the track cleared. */
export async function clearRecording(): Promise<void> {
  unfollowPositions();
  useTrack.setState({ status: 'idle', points: [], count: 0 });
  dropUnsaved();
  await getDataWorker()
    .trackClear({})
    .catch(() => undefined);
}

/**
 * At app start: a recording cut off by a reload goes on; a stopped one is offered again. The positions
 * waiting in the tail are never dropped here: a recording started while the store was still being read
 * owns them (its writes are queued behind the read); where the store has no track they are the
 * recording, and it goes on from them.
 */
export async function restoreRecording(): Promise<void> {
  const stored = await getDataWorker()
    .trackRead({})
    .catch(() => null);
  if (useTrack.getState().status !== 'idle') return;
  // No track stored, yet positions wait: the last page went before its store had even the recording's
  // start (a first visit's database still being made). The recording goes on from those positions.
  const waiting = stored ? [] : unsavedAfter([]);
  if (!stored && waiting.length === 0) return;
  if (!stored) {
    const ok = await getDataWorker()
      .trackStart({ startedAt: waiting[0].time })
      .then(() => true)
      .catch(() => false);
    if (!ok || useTrack.getState().status !== 'idle') return;
  }
  const track: StoredTrack = stored ?? { phase: 'recording', startedAt: waiting[0].time, points: [] };
  // Positions the last page kept but did not live to store: stored now, then shown with the rest.
  const unsaved = unsavedAfter(track.points);
  if (unsaved.length) {
    await getDataWorker()
      .trackAppend({ points: unsaved })
      .then(() => dropUnsaved())
      .catch(() => undefined);
  }
  const points = [...track.points, ...unsaved];
  if (useTrack.getState().status !== 'idle') return;
  useTrack.setState({ status: track.phase, points, count: points.length });
  if (track.phase === 'recording') follow();
}
