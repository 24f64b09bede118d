// "My suggestions" (SPEC §4: every suggestion is pending until an admin accepts or declines it): the
// submitter's own items of this app, newest first, each pending / accepted / declined, with the
// admin's reason for a decline (GET /api/apps/{appKey}/suggestions/mine).
import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReviewStatus } from '../model/index.ts';
import { fetchMySuggestions } from '../api/review.ts';
import { useFeatureUi } from '../ui/context.ts';
import { formatDate } from '../ui/format_date.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

/** The newest this many are shown; older verdicts are history, not news. */
const SHOWN = 100;

const STATUS_COLOR: Record<ReviewStatus, 'informative' | 'success' | 'danger'> = {
  pending: 'informative',
  accepted: 'success',
  declined: 'danger',
};

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  title: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  meta: { color: tokens.colorNeutralForeground2 },
  reason: { gridColumn: '1 / span 2', fontStyle: 'italic' },
});

export function MyVerdicts() {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const q = useQuery({
    queryKey: ['mySuggestions', ui.api.appKey],
    queryFn: ({ signal }) => fetchMySuggestions(ui.api, 1, SHOWN, signal),
    staleTime: 10_000,
  });
  return (
    <section data-testid="my-verdicts">
      <h3>{t('review.verdicts')}</h3>
      {q.isPending ? (
        <LoadingSpinner size="tiny" />
      ) : q.isError ? (
        <p>{q.error.message}</p>
      ) : q.data.items.length === 0 ? (
        <p>{t('review.noVerdicts')}</p>
      ) : (
        <ul className={styles.list}>
          {q.data.items.map((item) => (
            <li key={`${item.source}:${item.id}`} className={styles.item} data-testid="my-verdict" data-status={item.status}>
              <span className={styles.title}>
                {t(`review.kind.${item.kind}`)}: {item.title ?? (item.gfid ? `GFID ${item.gfid}` : t('review.suggestedFeature'))}
              </span>
              <Badge appearance="tint" color={STATUS_COLOR[item.status]} data-testid="my-verdict-status">
                {t(`review.status.${item.status}`)}
              </Badge>
              <span className={styles.meta}>
                {item.layerName ?? item.layerId} ·{' '}
                {formatDate(item.decidedAt ?? item.createdAt, { locale: i18n.language, timeZone: ui.timeZone, timeFormat: ui.timeFormat })}
              </span>
              {item.reason && (
                <span className={styles.reason} data-testid="my-verdict-reason">
                  {t('review.reasonShown', { reason: item.reason })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
