// Import worker entry (issue 15 part 5; DESIGN "the UI asks, workers do"): a dropped file is read,
// parsed and uploaded here, never on the main thread, which gets a summary and progress counts.
// Started only when the import dialog opens, so the readers' code stays out of the other workers.
import '../../src/zod_without_eval.ts';
import { expose } from 'comlink';
import { detectLonLatColumns, ERRORS } from '../../src/model/index.ts';
import { detectFormat } from './detect_format.ts';
import { summarise } from './file_summary.ts';
import { ImportError, type ImportedFeature } from './imported_feature.ts';
import type { CsvTable } from './parse_csv.ts';
import type { ImportFormat, ImportSummary, ImportWorkerApi, UploadProgress, UploadRequest } from './protocol.ts';
import { uploadFeatures } from './upload_chunks.ts';

let features: ImportedFeature[] = [];
let format: ImportFormat = 'geojson';
let csv: CsvTable | undefined;
let csvColumns: { lon?: string; lat?: string } = {};
let parseMs = 0;
let cancelRequested = false;

// Each reader is loaded when its format is first opened: a GeoJSON import never fetches SQLite's
// WASM, the Shapefile reader or the XML parser.
async function readFeatures(kind: ImportFormat, file: Blob): Promise<ImportedFeature[]> {
  switch (kind) {
    case 'gpkg':
      return (await import('./parse_gpkg.ts')).parseGpkg(new Uint8Array(await file.arrayBuffer()));
    case 'shapefile':
      return (await import('./parse_shapefile.ts')).parseShapefileZip(await file.arrayBuffer());
    case 'kml':
    case 'gpx':
      return (await import('./parse_xml.ts')).parseXml(await file.text(), kind);
    case 'geojson':
      return (await import('./parse_geojson.ts')).parseGeoJson(await file.text());
    case 'csv': {
      const { csvFeatures, parseCsv } = await import('./parse_csv.ts');
      csv = parseCsv(await file.text());
      csvColumns = detectLonLatColumns(csv.columns);
      return csvColumns.lon && csvColumns.lat ? csvFeatures(csv, csvColumns.lon, csvColumns.lat) : [];
    }
  }
}

function summary(): ImportSummary {
  const s = summarise(format, features, parseMs);
  if (!csv) return s;
  // Without coordinate columns there are no features yet, but the dialog still needs the columns.
  const columns = s.columns.length ? s.columns : csv.columns;
  return { ...s, featureCount: csv.rows.length, columns, csv: { allColumns: csv.columns, ...csvColumns } };
}

const api: ImportWorkerApi = {
  async open(file, name) {
    const started = performance.now();
    features = [];
    csv = undefined;
    csvColumns = {};
    const head = new Uint8Array(await file.slice(0, 1024).arrayBuffer());
    const kind = detectFormat(name, head);
    if (!kind) return { error: 'IMPORT_FORMAT_NOT_SUPPORTED' };
    format = kind;
    try {
      features = await readFeatures(kind, file);
    } catch (err) {
      if (err instanceof ImportError) return { error: err.key, detail: err.detail };
      return { error: 'IMPORT_FILE_UNREADABLE', detail: err instanceof Error ? err.message.slice(0, 120) : String(err) };
    }
    if (!features.length && !csv) return { error: 'IMPORT_NO_FEATURES' };
    parseMs = performance.now() - started;
    return { summary: summary() };
  },

  async setCoordinateColumns(lon, lat) {
    if (!csv) throw new Error(ERRORS.IMPORT_FORMAT_NOT_SUPPORTED);
    const started = performance.now();
    csvColumns = { lon, lat };
    features = (await import('./parse_csv.ts')).csvFeatures(csv, lon, lat);
    parseMs = performance.now() - started;
    return summary();
  },

  async upload(request: UploadRequest, onProgress?: UploadProgress) {
    cancelRequested = false;
    return uploadFeatures(features, request, onProgress, () => cancelRequested);
  },

  cancel() {
    cancelRequested = true;
  },
};

expose(api);
