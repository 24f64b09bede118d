// GeoJSON: a FeatureCollection, one Feature, or one bare geometry (RFC 7946). The obsolete `crs`
// member of 2008 GeoJSON is honoured only to refuse a file that is not in WGS 84.
import { reprojectGeometry, transformToWgs84 } from './crs.ts';
import { fromGeoJsonFeature, ImportError, type ImportedFeature } from './imported_feature.ts';

export function parseGeoJson(text: string): ImportedFeature[] {
  let doc: { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } };
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new ImportError('IMPORT_FILE_UNREADABLE', err instanceof Error ? err.message.slice(0, 120) : undefined);
  }
  if (!doc || typeof doc !== 'object') throw new ImportError('IMPORT_FILE_UNREADABLE');
  const crs = doc.crs?.properties?.name;
  const to = transformToWgs84(typeof crs === 'string' ? crs : undefined);
  let features: ImportedFeature[];
  if (doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) throw new ImportError('IMPORT_FILE_UNREADABLE');
    features = doc.features.map(fromGeoJsonFeature);
  } else if (doc.type === 'Feature') features = [fromGeoJsonFeature(doc as { geometry?: unknown; properties?: unknown })];
  else features = [fromGeoJsonFeature({ geometry: doc, properties: {} })];
  if (to) for (const f of features) if (f.geometry) f.geometry = reprojectGeometry(f.geometry, to);
  return features;
}
