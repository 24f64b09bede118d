// A zipped Shapefile through shpjs: .shp geometries, .dbf attributes (with the .cpg encoding), and the
// .prj projection, which shpjs reprojects to WGS 84 with proj4. A zip holding several layers gives
// them all, one after the other.
import { parseZip } from 'shpjs';
import { fromGeoJsonFeature, ImportError, type ImportedFeature } from './imported_feature.ts';

export async function parseShapefileZip(bytes: ArrayBuffer): Promise<ImportedFeature[]> {
  let parsed: Awaited<ReturnType<typeof parseZip>>;
  try {
    parsed = await parseZip(bytes);
  } catch (err) {
    throw new ImportError('IMPORT_FILE_UNREADABLE', err instanceof Error ? err.message.slice(0, 120) : undefined);
  }
  const collections = Array.isArray(parsed) ? parsed : [parsed];
  return collections.flatMap((c) => c.features.map(fromGeoJsonFeature));
}
