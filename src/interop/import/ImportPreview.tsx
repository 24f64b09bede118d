// What the file holds: its format and counts, the coordinate columns of a CSV (detected, or chosen),
// and the first features with their geometry type and first columns.
import { Field, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '../../../workers/import/protocol.ts';

const PREVIEW_COLUMNS = 5;
const FORMAT_NAMES = { geojson: 'GeoJSON', gpkg: 'GeoPackage', shapefile: 'Shapefile', kml: 'KML', gpx: 'GPX', csv: 'CSV' } as const;

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)).slice(0, 40);

export function ImportPreview({ summary, onCoordinates }: { summary: ImportSummary; onCoordinates: (lon: string, lat: string) => void }) {
  const { t } = useTranslation();
  const columns = summary.columns.slice(0, PREVIEW_COLUMNS);
  const csv = summary.csv;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="import-preview">
      <Text data-testid="import-summary">
        {t('import.summary', { format: FORMAT_NAMES[summary.format], count: summary.featureCount })}
        {summary.withoutGeometry > 0 && ` · ${t('import.withoutGeometry', { count: summary.withoutGeometry })}`}
      </Text>
      {csv && (
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          {(['lon', 'lat'] as const).map((axis) => (
            <Field key={axis} label={t(axis === 'lon' ? 'import.lonColumn' : 'import.latColumn')} style={{ flex: '1 1 140px' }}>
              <Select
                data-testid={`import-${axis}-column`}
                value={csv[axis] ?? ''}
                onChange={(_, d) => onCoordinates(axis === 'lon' ? d.value : (csv.lon ?? ''), axis === 'lat' ? d.value : (csv.lat ?? ''))}
              >
                <option value="">—</option>
                {csv.allColumns.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </div>
      )}
      <Text weight="semibold">{t('import.preview')}</Text>
      <div style={{ overflowX: 'auto' }}>
        <Table size="extra-small" aria-label={t('import.preview')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('import.geometry')}</TableHeaderCell>
              {columns.map((c) => (
                <TableHeaderCell key={c}>{c}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {summary.preview.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview rows are the file's first features, in order
              <TableRow key={i} data-testid="import-preview-row">
                <TableCell>
                  {f.point ? `${f.geometryType} (${f.point[0].toFixed(5)}, ${f.point[1].toFixed(5)})` : (f.geometryType ?? '—')}
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c}>{cell(f.properties[c])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
