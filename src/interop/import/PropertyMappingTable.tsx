// File column → layer property, or skip (issue 15 part 5). For a new layer the property is named
// after the column and typed as inferred, both editable; for an existing layer the column goes to
// one of its editable properties, whose type then decides the coercion.
import { Input, Select, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Layer, PropertyMapping, PropertyType } from '../../model/index.ts';
import type { ImportSummary } from '../../../workers/import/protocol.ts';
import type { ImportTarget } from './import_plan.ts';

/** Types a file's values can be coerced to (model `coerceImportValue`); the others are edited in the app. */
const IMPORT_TYPES: PropertyType[] = ['TEXT', 'NUMBER', 'BOOLEAN', 'DATE', 'URL', 'EMAIL', 'TAGS'];

interface Props {
  summary: ImportSummary;
  target: ImportTarget;
  layer: Layer | undefined;
  mapping: PropertyMapping;
  onMapping: (mapping: PropertyMapping) => void;
  onTypes: (types: Record<string, PropertyType>) => void;
}

export function PropertyMappingTable({ summary, target, layer, mapping, onMapping, onTypes }: Props) {
  const { t } = useTranslation();
  const set = (column: string, property: string | null) => onMapping({ ...mapping, [column]: property });
  const editable = (layer?.properties ?? []).filter((p) => p.editable);
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table size="extra-small" aria-label={t('import.mapping')} data-testid="import-mapping">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('import.column')}</TableHeaderCell>
            <TableHeaderCell>{t('import.property')}</TableHeaderCell>
            <TableHeaderCell>{t('import.type')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {summary.columns.map((column) => {
            const property = mapping[column] ?? null;
            return (
              <TableRow key={column} data-testid="import-mapping-row" data-column={column}>
                <TableCell>{column}</TableCell>
                <TableCell>
                  {target.kind === 'new' ? (
                    <Input
                      size="small"
                      value={property ?? ''}
                      placeholder={t('import.skip')}
                      aria-label={t('import.property')}
                      onChange={(_, d) => set(column, d.value.trim() ? d.value : null)}
                    />
                  ) : (
                    <Select
                      size="small"
                      value={property ?? ''}
                      aria-label={t('import.property')}
                      onChange={(_, d) => set(column, d.value || null)}
                    >
                      <option value="">{t('import.skip')}</option>
                      {editable.map((p) => (
                        <option key={p.name} value={p.name}>
                          {p.label ?? p.name}
                        </option>
                      ))}
                    </Select>
                  )}
                </TableCell>
                <TableCell>
                  {target.kind === 'new' ? (
                    <Select
                      size="small"
                      aria-label={t('import.type')}
                      value={target.types[column] ?? summary.columnTypes[column] ?? 'TEXT'}
                      onChange={(_, d) => onTypes({ ...target.types, [column]: d.value as PropertyType })}
                    >
                      {IMPORT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {type}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    (editable.find((p) => p.name === property)?.type ?? '—')
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
