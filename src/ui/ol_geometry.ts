// GeoJSON (EPSG:4326, SPEC §3 data projection) ↔ OL geometries in the view projection.
import GeoJSON from 'ol/format/GeoJSON.js';
import type OlGeometry from 'ol/geom/Geometry.js';
import { DATA_PROJECTION, DEFAULT_PROJECTION, type Geometry } from '../model/index.ts';

const format = new GeoJSON({ dataProjection: DATA_PROJECTION, featureProjection: DEFAULT_PROJECTION });

export function toOl(geometry: Geometry): OlGeometry {
  const g = format.readGeometry(geometry);
  if (!g) throw new Error('INVALID_GEOMETRY');
  return g;
}

export function fromOl(geometry: OlGeometry): Geometry {
  const g = format.writeGeometryObject(geometry, { decimals: 9 }) as Geometry;
  return g;
}
