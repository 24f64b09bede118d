// A feature as a reader hands it over: a GeoJSON geometry (null when the file gave none we can use)
// and the file's own properties. Readers throw ImportError with the model's IMPORT_* key.
import { ERRORS, type ErrorKey, type Geometry } from '../../src/model/index.ts';

export interface ImportedFeature {
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

export class ImportError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly detail?: string,
  ) {
    super(detail ? `${ERRORS[key]} (${detail})` : ERRORS[key]);
  }
}

const FAMILIES = new Set(['Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon']);

/**
 * A reader's GeoJSON feature as an ImportedFeature: a GeometryCollection or an unknown type has no
 * geometry we can store (a layer holds one family); a Z coordinate is kept (SPEC §3 positions).
 */
export function fromGeoJsonFeature(feature: { geometry?: unknown; properties?: unknown } | null | undefined): ImportedFeature {
  const g = feature?.geometry as { type?: unknown; coordinates?: unknown } | null | undefined;
  const geometry = g && typeof g.type === 'string' && FAMILIES.has(g.type) && Array.isArray(g.coordinates) ? (g as Geometry) : null;
  const props = feature?.properties;
  return { geometry, properties: props && typeof props === 'object' && !Array.isArray(props) ? { ...(props as object) } : {} };
}
