// SPEC §2 Pending changes (admins, SPEC §6): every pending suggestion with accept or decline. The
// list is windowed and its pages come from the server as the user scrolls; grouping and the
// property diff of each page are the data worker's (useChangePage).
import {
  Badge,
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useFeatureUi } from '../ui/context.ts';
import { formatDate } from '../ui/format_date.ts';
import { VirtualList } from './VirtualList.tsx';
import { PAGE_SIZE, useChangePage } from './use_change_page.ts';
import { useReview } from './review_store.ts';
import { entryLabel, useDecide } from './use_decide.ts';

export const ROW_HEIGHT = 64;

const useStyles = makeStyles({
  loading: { height: `${ROW_HEIGHT}px` },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: `${ROW_HEIGHT}px`,
    padding: `0 ${tokens.spacingHorizontalS}`,
    borderBottom: '1px solid #e5e5e5',
  },
  text: { flex: 1, minWidth: 0, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontSize: tokens.fontSizeBase200 },
});

function PendingRow({ index }: { index: number }) {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const decide = useDecide();
  const page = Math.floor(index / PAGE_SIZE) + 1;
  const q = useChangePage(ui.api, true, page);
  const entry = q.data?.entries[index % PAGE_SIZE];
  if (!entry) return q.isPending ? <Spinner size="extra-tiny" className={styles.loading} /> : null;
  const label = entryLabel(entry, t('review.suggestedFeature'));
  return (
    <div data-testid="pending-row" data-change-id={entry.id} className={styles.row}>
      <Badge appearance="tint" color={entry.grpstatus === 'n' ? 'success' : entry.grpstatus === 'm' ? 'warning' : 'danger'}>
        {t(`review.group.${entry.grpstatus}`)}
      </Badge>
      <div className={styles.text}>
        <strong>{label}</strong> · {entry.layerName ?? entry.layerId}
        <br />
        {entry.creator} · {formatDate(entry.insertedat, { locale: i18n.language, timeZone: ui.timeZone, timeFormat: ui.timeFormat })}
        {' · '}
        {t('review.changedCount', { count: entry.changedProperties.length })}
      </div>
      <Button
        size="small"
        onClick={() => useReview.getState().openCompare({ admin: true, page, id: entry.id })}
        data-testid="pending-compare"
      >
        {t('review.compare')}
      </Button>
      <Button size="small" appearance="primary" onClick={() => void decide(entry, true, label)} data-testid="pending-accept">
        {t('review.accept')}
      </Button>
      <Button size="small" onClick={() => void decide(entry, false, label)} data-testid="pending-decline">
        {t('review.decline')}
      </Button>
    </div>
  );
}

export function PendingChanges() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const open = useReview((s) => s.pendingOpen);
  const first = useChangePage(ui.api, true, 1, open);
  const total = first.data?.total ?? 0;
  return (
    <OverlayDrawer
      open={open}
      position="end"
      size="medium"
      onOpenChange={(_, d) => useReview.getState().setPendingOpen(d.open)}
      modalType="non-modal"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" onClick={() => useReview.getState().setPendingOpen(false)} data-testid="pending-close">
              {t('common.close')}
            </Button>
          }
        >
          {t('review.pendingTitle')}
        </DrawerHeaderTitle>
        <span data-testid="pending-total">{t('review.pendingTotal', { count: total })}</span>
      </DrawerHeader>
      <DrawerBody data-testid="pending-changes">
        {first.isPending ? (
          <Spinner />
        ) : first.isError ? (
          <p>{first.error.message}</p>
        ) : total === 0 ? (
          <p>{t('review.none')}</p>
        ) : (
          <VirtualList
            count={total}
            rowHeight={ROW_HEIGHT}
            height={Math.max(240, window.innerHeight - 160)}
            renderRow={(i) => <PendingRow index={i} />}
            testId="pending-list"
          />
        )}
      </DrawerBody>
    </OverlayDrawer>
  );
}
