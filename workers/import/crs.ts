// SPEC §3 "Data is in EPSG:4326": a file in another coordinate reference system is reprojected with
// proj4 where proj4 can build the transform (a GeoPackage carries its system's WKT; proj4 knows
// EPSG:3857 and a few others by code), else refused with a message naming the system. A Shapefile's
// .prj is handled by shpjs, with the same proj4.
import proj4 from 'proj4';
import type { Geometry, Position } from '../../src/model/index.ts';
import { ImportError } from './imported_feature.ts';

/**
 * WGS 84 in its usual spellings (URN, URL, short): EPSG:4326, its 3D form EPSG:4979 (what GDAL
 * writes for points with a height), OGC CRS84 and CRS84h. Longitude/latitude order is taken as is.
 */
export function isWgs84(name: string): boolean {
  return /(^|[:/])(CRS84h?|CRS:84)$/i.test(name) || /EPSG(:{1,2}|\/0\/|\/)(4326|4979)$/i.test(name.replace(/\s/g, ''));
}

/** A short name for the refusal: "EPSG:2056" out of "urn:ogc:def:crs:EPSG::2056". */
export function crsLabel(name: string): string {
  const m = /EPSG(?::{1,2}|\/0\/|\/)(\d+)$/i.exec(name.trim());
  return m ? `EPSG:${m[1]}` : name.trim().slice(0, 80);
}

export type ToWgs84 = (p: Position) => Position;

/**
 * How a file's coordinates become WGS 84: undefined when they already are; a proj4 transform built
 * from the system's WKT `definition` or its name; else an ImportError naming the system.
 */
export function transformToWgs84(name: string | undefined, definition?: string): ToWgs84 | undefined {
  if (!name || isWgs84(name)) return undefined;
  for (const source of [definition, crsLabel(name)]) {
    if (!source || source === 'undefined') continue;
    try {
      const converter = proj4(source, 'EPSG:4326');
      return (p) => {
        const [x, y] = converter.forward([p[0], p[1]]);
        return p.length > 2 ? [x, y, p[2]] : [x, y];
      };
    } catch {
      // proj4 does not know this one: try the next source, else refuse below.
    }
  }
  throw new ImportError('IMPORT_CRS_NOT_SUPPORTED', crsLabel(name));
}

/** The geometry with every position transformed (a new object; the parts keep their nesting). */
export function reprojectGeometry(geometry: Geometry, to: ToWgs84): Geometry {
  const map = (c: unknown): unknown => (typeof (c as unknown[])[0] === 'number' ? to(c as Position) : (c as unknown[]).map(map));
  return { type: geometry.type, coordinates: map(geometry.coordinates) } as Geometry;
}
