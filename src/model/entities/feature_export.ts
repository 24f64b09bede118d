// Export of a layer, a search result or a selection as a file (issue 15 part 6).
// The client asks GET /api/features/export; the server writes the file in the chosen format.

export const EXPORT_FORMATS = ['geojson', 'gpkg', 'fgb', 'gpx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name extension of each format (the server's Content-Disposition and the saved file). */
export const EXPORT_EXTENSIONS: Record<ExportFormat, string> = {
  geojson: 'geojson',
  gpkg: 'gpkg',
  fgb: 'fgb',
  gpx: 'gpx',
  csv: 'csv',
};

/** What the export menu shows for each format. */
export const EXPORT_FORMAT_NAMES: Record<ExportFormat, string> = {
  geojson: 'GeoJSON',
  gpkg: 'GeoPackage',
  fgb: 'FlatGeobuf',
  gpx: 'GPX',
  csv: 'CSV',
};

/**
 * The most gfids one export names (a selection or a search result). They travel in the URL, which
 * must fit Node's 16 KB header limit: 1,000 gfids of up to 15 digits and a comma take ≈ 16,000
 * bytes only at the largest gfids, ≈ 8 KB for today's.
 */
export const EXPORT_MAX_GFIDS = 1000;
