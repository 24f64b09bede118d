// Bulk review (issue 14): tick items or take every item matching the filters, then accept or decline
// them with one confirmation; a decline may carry a reason for the submitters.
import { Button, Checkbox, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DECLINE_REASON_MAX, type BulkDecisionAnswer } from '../model/index.ts';
import { useReview } from './review_store.ts';
import { useQueueDecide } from './use_queue_decide.ts';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    marginBottom: tokens.spacingVerticalXS,
  },
  reason: { flex: '1 1 160px', minHeight: '44px', minWidth: 0 },
  action: { minHeight: '44px', minWidth: '44px', flex: '1 1 0' },
});

/** `busy`: the list is still the previous filter's, so its total is not yet the one to take. */
export function BulkBar({ total, busy, onDone }: { total: number; busy: boolean; onDone: (answer: BulkDecisionAnswer) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const allMatching = useReview((s) => s.allMatching);
  const selected = useReview((s) => s.selected);
  const reason = useReview((s) => s.reason);
  const decide = useQueueDecide();
  const count = allMatching ? total : selected.size;
  const run = async (accept: boolean) => {
    const review = useReview.getState();
    const answer = await decide({
      accept,
      subject: t('review.selectedSubject', { count }),
      items: review.allMatching ? undefined : [...review.selected.values()],
      filter: review.filter,
      reason: review.reason,
    });
    if (!answer) return;
    review.clearSelection();
    onDone(answer);
  };
  return (
    <div className={styles.bar} data-testid="queue-bulk">
      <Checkbox
        checked={allMatching}
        disabled={total === 0 || busy}
        onChange={(_, d) => useReview.getState().setAllMatching(!!d.checked)}
        label={t('review.selectAll', { count: total })}
        data-testid="queue-select-all"
      />
      <Input
        className={styles.reason}
        value={reason}
        maxLength={DECLINE_REASON_MAX}
        placeholder={t('review.reasonPlaceholder')}
        aria-label={t('review.reason')}
        onChange={(_, d) => useReview.getState().setReason(d.value)}
        data-testid="queue-reason"
      />
      {/* Focusable while disabled: the confirmation gives the focus back to this button, and a
          natively disabled focused button loses it at once (a blur with a style recalculation
          inside the commit that shows the summary, issue 14), leaving a keyboard user nowhere. */}
      <Button
        className={styles.action}
        appearance="primary"
        disabledFocusable={count === 0}
        onClick={() => void run(true)}
        data-testid="queue-accept-selected"
      >
        {t('review.acceptSelected', { count })}
      </Button>
      <Button
        className={styles.action}
        disabledFocusable={count === 0}
        onClick={() => void run(false)}
        data-testid="queue-decline-selected"
      >
        {t('review.declineSelected', { count })}
      </Button>
    </div>
  );
}
