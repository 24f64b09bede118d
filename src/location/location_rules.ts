// Pure helpers of the location slice (SPEC §4 geolocation, §8 messages): positions from the
// Geolocation API's coordinates, the error to show, and the accuracy radius in EPSG:3857 units.
import { geolocationErrorKey, type ErrorKey, type GeolocationState } from '../model/index.ts';

export interface UserPosition {
  lon: number;
  lat: number;
  /** Metres (95 % confidence, as the Geolocation API reports it). */
  accuracy: number;
  /** Degrees clockwise from true north; null when unknown (standing still, or no compass). */
  heading: number | null;
  /** Metres above the WGS84 ellipsoid; null when the device does not say (SPEC §4 tracks keep it). */
  altitude: number | null;
  /** Epoch milliseconds. */
  time: number;
}

export interface CoordsLike {
  longitude: number;
  latitude: number;
  accuracy: number;
  heading?: number | null;
  altitude?: number | null;
}

export function positionFrom(coords: CoordsLike, timestamp: number): UserPosition {
  const h = coords.heading;
  const alt = coords.altitude;
  return {
    lon: coords.longitude,
    lat: coords.latitude,
    accuracy: Math.max(0, coords.accuracy || 0),
    heading: typeof h === 'number' && Number.isFinite(h) ? ((h % 360) + 360) % 360 : null,
    altitude: typeof alt === 'number' && Number.isFinite(alt) ? alt : null,
    time: timestamp,
  };
}

/**
 * SPEC §8: codes 1, 2, 3 → denied, unavailable, timeout; a denial on an attempt that started
 * temporary_blocked (an earlier error, permission not denied) is the temporary denial.
 */
export function locationErrorKey(code: number | null | undefined, stateBefore: GeolocationState): ErrorKey {
  const key = geolocationErrorKey(code);
  return key === 'GEOLOCATION_DENIED' && stateBefore === 'temporary_blocked' ? 'GEOLOCATION_TEMPORARY_DENIED' : key;
}

/** Metres on the ground at `lat` → EPSG:3857 units (the Mercator scale factor is 1 / cos(lat)). */
export function metresToMercator(metres: number, lat: number): number {
  const c = Math.cos((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return metres / c;
}

/** The test hook's text for a view centre: "lon,lat", 5 decimals (about 1 m). */
export function formatLonLat(lonLat: readonly number[]): string {
  return `${lonLat[0]!.toFixed(5)},${lonLat[1]!.toFixed(5)}`;
}
