// SPEC §4 geolocation states and SPEC §8 geolocation messages.
import { GEOLOCATION_LONG_NOTIFICATION_MS, GEOLOCATION_NOTIFICATION_MS, type GeolocationState } from '../constants.ts';
import type { ErrorKey } from '../errors.ts';

export type PermissionStateLike = 'granted' | 'prompt' | 'denied' | string;

/**
 * SPEC §4: granted → loading (granted once a position arrives); prompt → prompt; anything else
 * → blocked; granted or prompt after an earlier location error → temporary_blocked.
 */
export function geolocationStateFor(permission: PermissionStateLike, hadLocationError: boolean): GeolocationState {
  if (permission === 'granted' || permission === 'prompt') {
    if (hadLocationError) return 'temporary_blocked';
    return permission === 'granted' ? 'loading' : 'prompt';
  }
  return 'blocked';
}

/** SPEC §8: PositionError codes 1, 2, 3 map to denied, unavailable, timeout; others are unknown. */
export function geolocationErrorKey(code: number | null | undefined): ErrorKey {
  switch (code) {
    case 1:
      return 'GEOLOCATION_DENIED';
    case 2:
      return 'GEOLOCATION_UNAVAILABLE';
    case 3:
      return 'GEOLOCATION_TIMEOUT';
    default:
      return 'GEOLOCATION_UNKNOWN';
  }
}

/** SPEC §8: 5 s, but 12 s for timeout and temporary denied. */
export function geolocationNotificationMs(key: ErrorKey): number {
  return key === 'GEOLOCATION_TIMEOUT' || key === 'GEOLOCATION_TEMPORARY_DENIED'
    ? GEOLOCATION_LONG_NOTIFICATION_MS
    : GEOLOCATION_NOTIFICATION_MS;
}
