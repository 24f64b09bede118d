// SPEC §4 geolocation: asks the Permissions API, maps it with the model's geolocationStateFor, then
// watches the position (high accuracy, SPEC §9 10 s timeout) while the position layer is shown. A
// location error shows the SPEC §8 message (5 s, 12 s for timeout and temporary denial), blocks and
// hides; the next attempt then starts temporary_blocked.
import {
  ERRORS,
  GEOLOCATION_HIGH_ACCURACY,
  GEOLOCATION_SHORT_TIMEOUT_MS,
  GEOLOCATION_TIMEOUT_MS,
  geolocationNotificationMs,
  geolocationStateFor,
} from '../model/index.ts';
import { notify } from '../state/notifications.ts';
import { locationErrorKey, positionFrom, type UserPosition } from './location_rules.ts';
import { useUserLocation } from './location_store.ts';

interface GeoApis {
  geolocation?: Geolocation;
  permissions?: Pick<Permissions, 'query'>;
}

const browserApis = (): GeoApis =>
  typeof navigator === 'undefined' ? {} : { geolocation: navigator.geolocation, permissions: navigator.permissions };

let watchId: number | null = null;
/** Bumped by every start and stop, so a permission answer arriving after a stop starts nothing. */
let attempt = 0;

async function permissionState(apis: GeoApis): Promise<string> {
  try {
    return (await apis.permissions!.query({ name: 'geolocation' })).state;
  } catch {
    // No Permissions API (older Safari): the watch itself will ask.
    return 'prompt';
  }
}

function showError(code: number | null | undefined, stateBefore: Parameters<typeof locationErrorKey>[1]): void {
  const key = locationErrorKey(code, stateBefore);
  notify({ intent: 'error', textKey: `errors.${key}`, defaultText: ERRORS[key], timeout: geolocationNotificationMs(key) });
}

/** Shows the position layer and watches the position until stopWatching(). */
export async function startWatching(apis: GeoApis = browserApis()): Promise<void> {
  const store = useUserLocation.getState();
  if (watchId !== null) return;
  const mine = ++attempt;
  store.setVisible(true);
  const permission = await permissionState(apis);
  if (mine !== attempt) return;
  const before = geolocationStateFor(permission, useUserLocation.getState().hadError);
  store.setGeoState(before);
  const fail = (code: number | null | undefined) => {
    if (mine !== attempt) return;
    stopWatching(apis);
    useUserLocation.getState().fail();
    showError(code, before);
  };
  if (!apis.geolocation) return fail(2);
  let fixed = false;
  watchId = apis.geolocation.watchPosition(
    (p) => {
      if (mine !== attempt) return;
      fixed = true;
      useUserLocation.getState().setPosition(positionFrom(p.coords, p.timestamp));
    },
    // Once a position came, an unavailable or timed-out update is a passing gap (a tunnel, a phone
    // standing still past the 10 s timeout): the watch goes on and the last position stays, so a
    // track being recorded is not cut. A denial still ends it.
    (e) => (fixed && e.code !== 1 ? undefined : fail(e.code)),
    { enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY, timeout: GEOLOCATION_TIMEOUT_MS },
  );
}

/** Stops the watch; the store keeps what it has (hideLocation() clears it). */
export function stopWatching(apis: GeoApis = browserApis()): void {
  attempt++;
  if (watchId !== null) apis.geolocation?.clearWatch(watchId);
  watchId = null;
}

/** SPEC §4 Location button, visible → hidden: stop watching and clear the location. */
export function hideLocation(apis: GeoApis = browserApis()): void {
  stopWatching(apis);
  useUserLocation.getState().clear();
}

/**
 * SPEC §4/§9 start centred on the user: one position within the short timeout (7 s), or null.
 * Silent: a launch without a location keeps the layers' extent.
 */
export function locateOnce(apis: GeoApis = browserApis(), timeoutMs = GEOLOCATION_SHORT_TIMEOUT_MS): Promise<UserPosition | null> {
  const current = useUserLocation.getState().position;
  if (current) return Promise.resolve(current);
  const geo = apis.geolocation;
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs + 500);
    geo.getCurrentPosition(
      (p) => {
        clearTimeout(timer);
        resolve(positionFrom(p.coords, p.timestamp));
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
      { enableHighAccuracy: GEOLOCATION_HIGH_ACCURACY, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
