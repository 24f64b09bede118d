// SPEC §2 Feature comparison prompt: suggestions grouped into new, modified and deleted (deleted
// for admins only, SPEC §6); each shows 'GFID' + id or 'suggested feature', layer name, creator,
// creator mail and insertion date; the chosen one side by side with changed properties marked.
import {
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { PropertyDefinition } from '../model/index.ts';
import type { GroupedChanges, ReviewEntry } from '../../workers/data/protocol.ts';
import { PropertyValue } from '../ui/renderers.tsx';
import { formatDate } from '../ui/format_date.ts';
import { PALETTE } from '../ui/palette.ts';
import { entryLabel } from './use_decide.ts';
import { useFeatureUi } from '../ui/context.ts';

const useStyles = makeStyles({
  groupTitle: { margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXS}` },
  entry: {
    display: 'block',
    width: '100%',
    textAlign: 'left',
    border: 0,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalSNudge}`,
    cursor: 'pointer',
    background: 'transparent',
    // A native button: without this it keeps the browser's black text, unreadable in the dark theme.
    color: 'inherit',
    fontSize: tokens.fontSizeBase200,
  },
  chosen: { background: PALETTE.selected },
  table: { marginTop: tokens.spacingVerticalS },
  changed: { background: PALETTE.changed, fontWeight: tokens.fontWeightSemibold },
});

interface Props {
  grouped: GroupedChanges;
  admin: boolean;
  selected: ReviewEntry | undefined;
  onSelect: (id: number) => void;
  defs: PropertyDefinition[];
  timeZone?: string;
  timeFormat?: string;
  /** False: only the side-by-side table of `selected` (one entry, as for an outbox conflict). */
  showGroups?: boolean;
  /** Column titles; the review's "Original" and "Suggestion" by default. */
  sides?: [before: string, after: string];
}

export function ComparisonView({ grouped, admin, selected, onSelect, defs, timeZone, timeFormat, showGroups = true, sides }: Props) {
  const { t, i18n } = useTranslation();
  const { config } = useFeatureUi();
  const nameOf = (layerId: string) => config.layersConfig.find((l) => l.id === layerId)?.nameProperty;
  const styles = useStyles();
  const groups = showGroups ? (['new', 'modified', 'deleted'] as const).filter((g) => g !== 'deleted' || admin) : [];
  const changed = new Set(selected?.changedProperties.map((c) => c.name));
  return (
    <div data-testid="comparison">
      {groups.map((g) => (
        <section key={g} data-testid={`compare-group-${g}`}>
          <h4 className={styles.groupTitle}>
            {t(`review.groupTitle.${g}`)} ({grouped.groups[g].length})
          </h4>
          {grouped.groups[g].map((i) => {
            const e = grouped.entries[i];
            return (
              <button
                key={e.id}
                type="button"
                data-testid="compare-entry"
                data-change-id={e.id}
                aria-pressed={e.id === selected?.id}
                onClick={() => onSelect(e.id)}
                className={mergeClasses(styles.entry, e.id === selected?.id && styles.chosen)}
              >
                <strong>{entryLabel(e, t('review.suggestedFeature'), nameOf(e.layerId))}</strong> · {e.layerName ?? e.layerId} · {e.creator}{' '}
                · {e.creatormail} · {formatDate(e.insertedat, { locale: i18n.language, timeZone, timeFormat })}
              </button>
            );
          })}
        </section>
      ))}
      {selected && (
        <Table size="extra-small" data-testid="compare-table" className={styles.table}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('review.property')}</TableHeaderCell>
              <TableHeaderCell>{sides?.[0] ?? t('review.original')}</TableHeaderCell>
              <TableHeaderCell>{sides?.[1] ?? t('review.suggestion')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {defs
              .filter((d) => d.show)
              .map((d) => (
                <TableRow
                  key={d.name}
                  data-property={d.name}
                  data-changed={changed.has(d.name) ? 'true' : undefined}
                  className={changed.has(d.name) ? styles.changed : undefined}
                >
                  <TableCell>{d.label ?? d.name}</TableCell>
                  <TableCell>{selected.before ? <PropertyValue def={d} value={selected.before.properties[d.name]} /> : '—'}</TableCell>
                  <TableCell>
                    {selected.after && selected.grpstatus !== 'd' ? (
                      <PropertyValue def={d} value={selected.after.properties[d.name]} />
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            <TableRow
              data-property="geometry"
              data-changed={selected.geometryChanged ? 'true' : undefined}
              className={selected.geometryChanged ? styles.changed : undefined}
            >
              <TableCell>{t('review.geometry')}</TableCell>
              <TableCell>
                <PropertyValue def={GEOM} value={selected.before?.geometry} />
              </TableCell>
              <TableCell>{selected.grpstatus === 'd' ? '—' : <PropertyValue def={GEOM} value={selected.after?.geometry} />}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
    </div>
  );
}

const GEOM: PropertyDefinition = { name: 'geometry', type: 'GEOMETRY', editable: false, editAdminOnly: false, show: true };
