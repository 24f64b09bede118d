// The review and outbox buttons at the top of the map for a signed-in user: pending changes (admin
// mode, with the count waiting), the comparison ("My suggestions" for a user) and the outbox.
import { Button, CounterBadge, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeatureUi } from '../ui/context.ts';
import { usePendingCount } from '../review/use_queue.ts';
import { useReview } from '../review/review_store.ts';
import { OutboxButton } from '../outbox/OutboxPanel.tsx';
import { MAP_PLACES } from '../map/map_layout.ts';
import { TOUCH_QUERY } from '../state/use_media_query.ts';

const useStyles = makeStyles({
  reviewButtons: {
    position: 'absolute',
    // Below the search field (src/search/SearchBar.tsx), which holds the top of the map.
    top: MAP_PLACES.belowSearch,
    left: '50%',
    transform: 'translateX(-50%)',
    zIndex: 15,
    display: 'flex',
    gap: tokens.spacingHorizontalSNudge,
    // 44 px touch targets on a touch screen (issue 19).
    [`@media ${TOUCH_QUERY}`]: { '& button': { minHeight: '44px' } },
  },
  badge: { marginLeft: tokens.spacingHorizontalXS },
});

export function ReviewButtons() {
  const { t } = useTranslation();
  const styles = useStyles();
  const ui = useFeatureUi();
  const qc = useQueryClient();
  const admin = ui.admin;
  const pending = usePendingCount(ui.api, admin);
  if (!ui.loggedIn) return null;
  // Others suggest while this page is open: every opening starts from the server's current list.
  const fresh = () => void qc.invalidateQueries({ predicate: (q) => ['changes', 'queue'].includes(String(q.queryKey[0])) });
  return (
    <div className={styles.reviewButtons}>
      {admin && (
        <Button
          size="small"
          appearance="primary"
          onClick={() => {
            fresh();
            useReview.getState().setPendingOpen(true);
          }}
          data-testid="pending-open"
        >
          {t('review.pendingTitle')}
          {/* SPEC §2 admin mode: the number of items waiting for review. */}
          <CounterBadge
            className={styles.badge}
            count={pending.data ?? 0}
            showZero
            overflowCount={9999}
            size="small"
            color="danger"
            aria-label={t('review.pendingTotal', { count: pending.data ?? 0 })}
            data-testid="pending-badge"
          />
        </Button>
      )}
      <Button
        size="small"
        onClick={() => {
          fresh();
          useReview.getState().openCompare({ admin, page: 1, id: null });
        }}
        data-testid="compare-open"
      >
        {admin ? t('review.compareTitle') : t('review.mySuggestions')}
      </Button>
      <OutboxButton />
    </div>
  );
}
