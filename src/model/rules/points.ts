// SPEC §5: points with out-of-range coordinates are filtered out; a point without coordinates
// cannot be backed up.
type PointLike = {
  geometry?: { type: string; coordinates?: unknown } | null;
  lon?: number | null;
  lat?: number | null;
};

export function isValidLonLat(lon: unknown, lat: unknown): boolean {
  return (
    typeof lon === 'number' &&
    typeof lat === 'number' &&
    Number.isFinite(lon) &&
    Number.isFinite(lat) &&
    lon >= -180 &&
    lon <= 180 &&
    lat >= -90 &&
    lat <= 90
  );
}

/** [lon, lat] of a point feature: GeoJSON geometry first, else the feature's lon/lat fields. */
export function pointLonLat(feature: PointLike): [number, number] | null {
  const g = feature.geometry;
  if (g && g.type === 'Point') {
    const c = g.coordinates;
    return Array.isArray(c) && c.length >= 2 && isValidLonLat(c[0], c[1]) ? [c[0], c[1]] : null;
  }
  if (!g && feature.lon != null && feature.lat != null) {
    return isValidLonLat(feature.lon, feature.lat) ? [feature.lon, feature.lat] : null;
  }
  return null;
}

function isPoint(feature: PointLike): boolean {
  return feature.geometry ? feature.geometry.type === 'Point' : true;
}

/**
 * Drops point features whose coordinates are missing or outside lon [-180, 180] / lat [-90, 90].
 * Lines and polygons pass through untouched: the rule is about points only.
 */
export function filterValidPoints<T extends PointLike>(features: readonly T[]): T[] {
  return features.filter((f) => !isPoint(f) || pointLonLat(f) !== null);
}
