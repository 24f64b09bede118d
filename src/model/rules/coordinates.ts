// Coordinates as a user copies them (SPEC §8 "link copied"): latitude first, as phones' map apps
// and search boxes read them, with the precision the app asks for (SPEC §3 shortPrecisionCoordinates).
const FULL_DECIMALS = 6; // about 0.1 m
const SHORT_DECIMALS = 4; // about 10 m

/** `[lon, lat]` → "48.856600, 2.352200" (or 4 decimals when short). */
export function formatCoordinates(lonLat: readonly [number, number], short = false): string {
  const d = short ? SHORT_DECIMALS : FULL_DECIMALS;
  const [lon, lat] = lonLat;
  // Longitudes outside ±180 come from a view panned across the antimeridian: wrap them back.
  const wrapped = ((((lon + 180) % 360) + 360) % 360) - 180;
  return `${lat.toFixed(d)}, ${wrapped.toFixed(d)}`;
}
