// SPEC §3 "Data is in EPSG:4326": a file in another coordinate reference system is refused with a
// message naming it (a Shapefile's .prj is the exception: shpjs reprojects with proj4).
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

export function assertWgs84(name: string | undefined): void {
  if (name && !isWgs84(name)) throw new ImportError('IMPORT_CRS_NOT_SUPPORTED', crsLabel(name));
}
