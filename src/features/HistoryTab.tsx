// SPEC §2 history prompt: every accepted version, newest first (the server's order).
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useHistory } from '../api/suggestions.ts';
import { useFeatureUi } from '../ui/context.ts';
import { formatDate } from '../ui/format_date.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({ list: { paddingLeft: '18px' } });

export function HistoryTab({ gfid }: { gfid: number }) {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const history = useHistory(ui.api, gfid);
  if (history.isPending) return <LoadingSpinner size="tiny" />;
  if (!history.data?.length) return <p>{t('features.noHistory')}</p>;
  return (
    <ol data-testid="history-list" className={styles.list}>
      {history.data.map((h) => (
        <li key={h.version} data-version={h.version}>
          {t('features.version', { version: h.version })} · {t(`features.action.${h.action}`, { defaultValue: h.action })} ·{' '}
          {formatDate(h.at, { locale: i18n.language, timeZone: ui.timeZone, timeFormat: ui.timeFormat })}
          {h.suggestedBy && ` · ${t('features.suggestedBy', { user: h.suggestedBy })}`}
          {h.acceptedBy && ` · ${t('features.acceptedBy', { user: h.acceptedBy })}`}
        </li>
      ))}
    </ol>
  );
}
