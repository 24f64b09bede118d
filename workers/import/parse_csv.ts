// CSV with longitude and latitude columns, read by papaparse (header row, delimiter guessed, quotes,
// a BOM). The coordinate columns are detected by name (model `detectLonLatColumns`) or chosen by the
// user; a row whose coordinates are not numbers in WGS 84 range has no geometry.
import Papa from 'papaparse';
import { isValidLonLat } from '../../src/model/index.ts';
import { ImportError, type ImportedFeature } from './imported_feature.ts';

export interface CsvTable {
  columns: string[];
  rows: Record<string, string>[];
}

export function parseCsv(text: string): CsvTable {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    dynamicTyping: false,
  });
  const columns = (result.meta.fields ?? []).filter((c) => c !== '');
  if (!columns.length) throw new ImportError('IMPORT_FILE_UNREADABLE', result.errors[0]?.message);
  return { columns, rows: result.data };
}

const coordinate = (raw: string | undefined) => {
  const s = (raw ?? '').trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  return s === '' ? Number.NaN : Number(s);
};

/** The table's rows as point features; the coordinate columns leave the properties. */
export function csvFeatures(table: CsvTable, lon: string, lat: string): ImportedFeature[] {
  return table.rows.map((row) => {
    const x = coordinate(row[lon]);
    const y = coordinate(row[lat]);
    const properties: Record<string, unknown> = {};
    for (const column of table.columns) if (column !== lon && column !== lat) properties[column] = row[column];
    return { geometry: isValidLonLat(x, y) ? { type: 'Point', coordinates: [x, y] } : null, properties };
  });
}
