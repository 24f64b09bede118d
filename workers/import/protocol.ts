// The import worker's whole API as one typed table (STYLE.md §1): parse a file the user dropped,
// describe it for the dialog (columns, inferred types, a preview), and upload it in chunks. The
// features stay in the worker; the main thread only sees the small answers. A leaf: model only.
import type { ErrorKey, ImportMode, ImportRefusal, PropertyMapping, PropertyType } from '../../src/model/index.ts';

export const IMPORT_FORMATS = ['geojson', 'gpkg', 'shapefile', 'kml', 'gpx', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export interface PreviewFeature {
  geometryType: string | null;
  /** A point's longitude and latitude (other geometries are too large to preview as numbers). */
  point?: [number, number];
  properties: Record<string, unknown>;
}

/** What the dialog shows of an opened file. */
export interface ImportSummary {
  format: ImportFormat;
  featureCount: number;
  /** Features without a usable geometry (a CSV row without coordinates, a KML folder without one). */
  withoutGeometry: number;
  /** Geometry families found (Point, LineString, Polygon), most frequent first. */
  geometryFamilies: string[];
  /** Property columns in file order (for a CSV, without the coordinate columns). */
  columns: string[];
  /** Each column's type as inferred from its values (a new layer's property types). */
  columnTypes: Record<string, PropertyType>;
  preview: PreviewFeature[];
  /** CSV only: every column and the coordinate columns in use (detected or chosen). */
  csv?: { allColumns: string[]; lon?: string; lat?: string };
  /** Milliseconds the worker spent reading and parsing the file (benchmark scenario 14). */
  parseMs: number;
}

export interface UploadRequest {
  apiBase: string;
  appKey: string;
  workspace: string;
  layer: string;
  mode: ImportMode;
  mapping: PropertyMapping;
  /** The layer's property types, by property name (coercion, model `mapImportProperties`). */
  types: Record<string, PropertyType>;
  /** Only features of this family (the layer's geometry type) are sent; others are refused here. */
  geometryFamily: string;
  authorization?: string;
  sessionId?: string;
}

/** Progress of an upload: features handled (sent or refused here) of the total. Pass through comlink's `proxy()`. */
export type UploadProgress = (done: number, total: number) => void;

export interface UploadResult {
  imported: number;
  /** Refused features by index in the file, in order: coercion and geometry family here, the rest by the server. */
  refused: ImportRefusal[];
  /** Set when the upload stopped early (a refused chunk, the connection): the server's or the network's text. */
  stopped?: string;
  /** The user cancelled after `imported` features. */
  cancelled?: boolean;
}

/** A file that cannot be imported: the model's IMPORT_* key and what it names (the CRS, the parser's words). */
export interface OpenRefusal {
  error: ErrorKey;
  detail?: string;
}

export type OpenResult = { summary: ImportSummary } | OpenRefusal;

export interface ImportWorkerApi {
  /** Reads `file` (by its name and bytes) and describes it, or says why it cannot be imported. */
  open(file: Blob, name: string): Promise<OpenResult>;
  /** CSV: use these coordinate columns; answers the file's new summary. */
  setCoordinateColumns(lon: string, lat: string): Promise<ImportSummary>;
  upload(request: UploadRequest, onProgress?: UploadProgress): Promise<UploadResult>;
  /** Stops an upload after the chunk under way. */
  cancel(): void;
}
