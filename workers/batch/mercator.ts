// EPSG:4326 → EPSG:3857 (SPEC §3: data in 4326, §9: the view in 3857), as OpenLayers projects, for
// code on any thread that measures or draws a FeatureBatch in map metres.

/** Spherical Mercator radius (EPSG:3857 uses the WGS84 semi-major axis as a sphere). */
export const MERCATOR_RADIUS = 6378137;
/** Latitude where EPSG:3857 becomes a square world; beyond it y goes to infinity. */
export const MAX_MERCATOR_LAT = 85.05112878;
/** Width of the world in EPSG:3857 metres (2πR). */
export const WORLD_WIDTH = 2 * Math.PI * MERCATOR_RADIUS;

const DEG = Math.PI / 180;

/** [minX, minY, maxX, maxY] in EPSG:3857 metres, OpenLayers' extent order. */
export type Extent = [number, number, number, number];

export function lonToX(lon: number): number {
  return MERCATOR_RADIUS * lon * DEG;
}

export function latToY(lat: number): number {
  // Clamped so poles (Antarctica's ring reaches -90) give a finite y, as OpenLayers does.
  const l = lat > MAX_MERCATOR_LAT ? MAX_MERCATOR_LAT : lat < -MAX_MERCATOR_LAT ? -MAX_MERCATOR_LAT : lat;
  return MERCATOR_RADIUS * Math.log(Math.tan(Math.PI / 4 + (l * DEG) / 2));
}
