// A layer's features as GPX 1.1 or CSV text (issue 15 part 6), written page by page so a large layer
// streams. Both carry the layer's declared properties (the columns of the other formats) and gfid.
//
// GPX (https://www.topografix.com/GPX/1/1/): points are waypoints, lines tracks with a segment per
// line, polygons tracks with a segment per ring; a feature is one wpt or trk (so GPX readers count
// what the layer holds), named by the layer's name property. Every property rides in <extensions>
// under our namespace, as GDAL's GPX driver reads them back (fields "md_<name>").
//
// CSV (RFC 4180): gfid, the properties, then longitude and latitude for points, WKT for the rest.
import type { Geometry, Position } from '../../src/model/index.ts';
import type { Db } from '../db/index.ts';
import type { LayerRow } from '../routes/common.ts';
import type { FeatureFilter } from './feature_query.ts';
import { GeometryType } from './fgb_writer.ts';
import { geometryPlan, propertyDefs, type TableRow, tableRows, valueText } from './layer_table.ts';

export const GPX_PROPERTIES_NS = 'urn:mapdraft:gpx:properties';

const xmlText = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    // Control characters other than tab and newlines cannot be written in XML 1.0 at all.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** A property name as an XML element name: characters a name cannot hold become "_", and a name cannot start with a digit, "-" or ".". */
export const xmlName = (name: string) => {
  const safe = name.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  return /^[\p{L}_]/u.test(safe) ? safe : `_${safe}`;
};

/** Degrees with 6 decimals (≈ 0.1 m, as the GeoJSON), trailing zeros dropped. */
const degrees = (v: number) => String(Number(v.toFixed(6)));

/** The lines a track draws of a geometry: each line, or each ring of each polygon. */
function trackSegments(g: Geometry): Position[][] {
  switch (g.type) {
    case 'LineString':
      return [g.coordinates];
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates;
    case 'MultiPolygon':
      return g.coordinates.flat();
    default:
      return [];
  }
}

const pointsOf = (g: Geometry): Position[] => (g.type === 'Point' ? [g.coordinates] : g.type === 'MultiPoint' ? g.coordinates : []);

/** The layer as GPX 1.1. A point layer's features are waypoints (one a point), any other layer's tracks. */
export async function* gpxText(db: Db, layer: LayerRow, filter: FeatureFilter): AsyncGenerator<string> {
  const defs = propertyDefs(layer);
  const nameProperty = typeof layer.config?.nameProperty === 'string' ? layer.config.nameProperty : undefined;
  const waypoints = layer.geometry_type === 'Point';
  const extensions = (row: TableRow) =>
    `<extensions><md:gfid>${row.gfid}</md:gfid>${defs
      .filter((d) => row.properties[d.name] !== undefined && row.properties[d.name] !== null)
      .map((d) => `<md:${xmlName(d.name)}>${xmlText(valueText(row.properties[d.name]))}</md:${xmlName(d.name)}>`)
      .join('')}</extensions>`;
  const named = (row: TableRow) => {
    const name = nameProperty ? row.properties[nameProperty] : undefined;
    return name === undefined || name === null ? '' : `<name>${xmlText(valueText(name))}</name>`;
  };
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Mapdraft" xmlns="http://www.topografix.com/GPX/1/1" xmlns:md="${GPX_PROPERTIES_NS}">\n<metadata><name>${xmlText(layer.name || layer.id)}</name></metadata>\n`;
  for await (const page of tableRows(db, layer, filter)) {
    yield page
      .map((row) => {
        if (waypoints) {
          return pointsOf(row.geometry)
            .map(([lon, lat]) => `<wpt lat="${degrees(lat)}" lon="${degrees(lon)}">${named(row)}${extensions(row)}</wpt>\n`)
            .join('');
        }
        const lines = trackSegments(row.geometry);
        if (lines.length === 0) return ''; // a point in a line or polygon layer: no track
        const segments = lines.map(
          (line) => `<trkseg>${line.map(([lon, lat]) => `<trkpt lat="${degrees(lat)}" lon="${degrees(lon)}"/>`).join('')}</trkseg>`,
        );
        return `<trk>${named(row)}${extensions(row)}${segments.join('')}</trk>\n`;
      })
      .join('');
  }
  yield '</gpx>\n';
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. Text that a
 * spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return) gets a
 * leading ' (OWASP "CSV injection"); numbers are written as they are, so coordinates stay numbers.
 */
export function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The layer as CSV with a header row; lines end in CRLF (RFC 4180 §2). */
export async function* csvText(db: Db, layer: LayerRow, filter: FeatureFilter): AsyncGenerator<string> {
  const defs = propertyDefs(layer);
  // Points as two number columns, as spreadsheets and GDAL's X/Y_POSSIBLE_NAMES read them; a layer
  // holding MultiPoints has no one coordinate per feature, so it is written as WKT like lines.
  const points = (await geometryPlan(db, layer)).type === GeometryType.Point;
  const geometryColumns = points ? ['longitude', 'latitude'] : ['WKT'];
  yield `${['gfid', ...defs.map((d) => d.name), ...geometryColumns].map((name) => csvField(name)).join(',')}\r\n`;
  for await (const page of tableRows(db, layer, filter)) {
    yield page
      .map((row) => {
        const g = row.geometry;
        const where = !points ? [csvField(row.wkt)] : g.type === 'Point' ? g.coordinates.slice(0, 2).map(degrees) : ['', ''];
        const values = defs.map((d) => {
          const v = row.properties[d.name];
          return csvField(valueText(v), typeof v !== 'number' && typeof v !== 'boolean');
        });
        return `${[String(row.gfid), ...values, ...where].join(',')}\r\n`;
      })
      .join('');
  }
}
