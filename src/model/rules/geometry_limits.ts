// Geometry size and range limits (issue 16: a 1,000,000-vertex line made every member's diff layer
// 28 MB). Pure, so the client can warn before sending what the server will refuse anyway.

/** Defaults; the server reads MAPDRAFT_MAX_VERTICES and MAPDRAFT_MAX_PARTS (README). */
export const DEFAULT_MAX_VERTICES = 50_000;
export const DEFAULT_MAX_PARTS = 500;

export interface GeometryLimits {
  maxVertices: number;
  maxParts: number;
}

export interface GeometrySize {
  vertices: number;
  /** Rings of polygons, lines, points: the pieces a feature is drawn from. */
  parts: number;
  /** Every position has a finite lon in [-180, 180] and lat in [-90, 90] (WGS 84, EPSG:4326). */
  inRange: boolean;
  /** Positions of 2 or 3 numbers, lines of 2 positions or more, rings closed with 4 or more. */
  wellFormed: boolean;
}

type Position = unknown;

function isPosition(p: Position): p is number[] {
  return Array.isArray(p) && p.length >= 2 && p.length <= 3 && p.every((n) => typeof n === 'number');
}

function samePosition(a: unknown, b: unknown): boolean {
  return isPosition(a) && isPosition(b) && a.length === b.length && a.every((n, i) => n === b[i]);
}

/**
 * Counts the vertices and parts of a GeoJSON geometry of any type (Multi* and collections too)
 * without recursion deeper than the type allows; stops early once over `stopAt` vertices.
 */
export function measureGeometry(geometry: unknown, stopAt = Number.POSITIVE_INFINITY): GeometrySize {
  const size: GeometrySize = { vertices: 0, parts: 0, inRange: true, wellFormed: true };
  const visitPositions = (list: unknown, minLength: number, closed = false) => {
    if (!Array.isArray(list) || list.length < minLength) {
      size.wellFormed = false;
      return;
    }
    size.parts += 1;
    if (closed && !samePosition(list[0], list[list.length - 1])) size.wellFormed = false;
    for (const p of list) {
      if (size.vertices > stopAt) return;
      size.vertices += 1;
      if (!isPosition(p)) {
        size.wellFormed = false;
        continue;
      }
      const [lon, lat] = p;
      if (!(Number.isFinite(lon) && Number.isFinite(lat) && Math.abs(lon) <= 180 && Math.abs(lat) <= 90)) size.inRange = false;
    }
  };
  const visit = (g: unknown, depth: number) => {
    if (!g || typeof g !== 'object' || depth > 2) return;
    const { type, coordinates, geometries } = g as { type?: unknown; coordinates?: unknown; geometries?: unknown };
    const nested = (c: unknown) => (Array.isArray(c) ? c : []);
    switch (type) {
      case 'Point':
        visitPositions([coordinates], 1);
        break;
      case 'MultiPoint':
        visitPositions(coordinates, 1);
        break;
      case 'LineString':
        visitPositions(coordinates, 2);
        break;
      case 'MultiLineString':
        for (const line of nested(coordinates)) visitPositions(line, 2);
        break;
      case 'Polygon':
        for (const ring of nested(coordinates)) visitPositions(ring, 4, true);
        break;
      case 'MultiPolygon':
        for (const polygon of nested(coordinates)) for (const ring of nested(polygon)) visitPositions(ring, 4, true);
        break;
      case 'GeometryCollection':
        for (const child of nested(geometries)) visit(child, depth + 1);
        break;
      default:
        size.wellFormed = false;
    }
  };
  visit(geometry, 0);
  return size;
}

/** Whether a geometry stays within the limits and the WGS 84 range. */
export function withinGeometryLimits(geometry: unknown, limits: GeometryLimits): boolean {
  const size = measureGeometry(geometry, limits.maxVertices);
  return size.inRange && size.vertices <= limits.maxVertices && size.parts <= limits.maxParts;
}

/** Whether a geometry is well formed enough for PostGIS to read (SPEC §3 geometry; RFC 7946 §3.1). */
export function isWellFormedGeometry(geometry: unknown): boolean {
  return measureGeometry(geometry).wellFormed;
}
