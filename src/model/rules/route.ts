// SPEC §9 route display and distance: m under 1000, else km with one decimal; time in
// hours and minutes, or seconds when under a minute. Earth radius 6371000 m.
import { EARTH_RADIUS_M, ROUTE_KM_DECIMALS, ROUTE_KM_THRESHOLD_M } from '../constants.ts';

export function formatDistance(metres: number): string {
  if (metres < ROUTE_KM_THRESHOLD_M) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(ROUTE_KM_DECIMALS)} km`;
}

export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return hours > 0 ? `${hours} h ${minutes} min` : `${minutes} min`;
}

/** Great-circle distance in metres between two [lon, lat] positions (haversine). */
export function haversineDistance(a: readonly number[], b: readonly number[]): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** SPEC §7: the directions call returns a number (HTTP status) on failure, anything else on success. */
export function isRouteFailure(result: unknown): result is number {
  return typeof result === 'number';
}
