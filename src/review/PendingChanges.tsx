// SPEC §2 Pending changes (admins, SPEC §6): one queue of every kind of suggestion of the app —
// features, comments, links, bibliography entries, images, documents, tags and tag removals — each
// with accept or decline; filters and bulk decisions above it. The list is windowed and its pages
// come from the server as the admin scrolls (GET /api/apps/{appKey}/review).
import { Button, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { startTransition, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { REVIEW_QUERY_ROOTS } from '../api/suggestions.ts';
import type { BulkDecisionAnswer, ReviewItem } from '../model/index.ts';
import type { QueueFilter } from '../api/review.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { VirtualList } from './VirtualList.tsx';
import { BulkBar } from './BulkBar.tsx';
import { ImportButton } from '../interop/import/ImportButton.tsx';
import { showImportedOnMap } from '../interop/import/show_imported.ts';
import { QueueFilters } from './QueueFilters.tsx';
import { QUEUE_ROW_HEIGHT, QueueRow, isFeatureKind } from './QueueRow.tsx';
import { useReview } from './review_store.ts';
import { QUEUE_PAGE_SIZE, useQueuePage } from './use_queue.ts';
import { useQueueDecide } from './use_queue_decide.ts';
import { useRectSelect } from './use_rect_select.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { formatDate } from '../ui/format_date.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

/** Below this width the drawer takes the whole screen (a phone, 360 px). */
const NARROW_PX = 600;
/** Header, filters (or their toggle on a phone) and bulk bar above the list. */
const CHROME_PX = 360;
const CHROME_NARROW_PX = 260;

const useStyles = makeStyles({
  loading: { height: `${QUEUE_ROW_HEIGHT}px` },
  // DrawerBody's own box, without DrawerBody: it reads its scroll height in a layout effect on every
  // render of its children (its header shadow), a forced layout inside each commit of the queue
  // (issue 14: no main-thread task over 50 ms).
  body: {
    flex: 1,
    alignSelf: 'stretch',
    position: 'relative',
    overflowY: 'auto',
    overflowX: 'hidden',
    padding: `0 ${tokens.spacingHorizontalS} calc(${tokens.spacingHorizontalXXL} + 1px)`,
  },
  filtersToggle: { minHeight: '44px', width: '100%', marginBottom: tokens.spacingVerticalS },
  summary: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase200, maxHeight: '96px', overflowY: 'auto' },
});

interface RowProps {
  index: number;
  /** The list's filter (deferred with it), not the store's newest. */
  filter: QueueFilter;
  onDecide: (item: ReviewItem, accept: boolean) => void;
}

function Row({ index, filter, onDecide }: RowProps) {
  const ui = useFeatureUi();
  const styles = useStyles();
  const page = Math.floor(index / QUEUE_PAGE_SIZE) + 1;
  const q = useQueuePage(ui.api, filter, page);
  // A page that arrives renders its rows at once (the query store is synchronous); deferred, they
  // mount in a transition that React slices (issue 14: no main-thread task over 50 ms).
  const data = useDeferredValue(q.data);
  const item = data?.items[index % QUEUE_PAGE_SIZE];
  if (!item) return q.isPending ? <LoadingSpinner size="extra-tiny" className={styles.loading} /> : null;
  return (
    <QueueRow
      item={item}
      onDecide={onDecide}
      onCompare={(it) => {
        // The comparison draws on the map: the drawer (full screen on a phone) makes way for it.
        useReview.getState().setPendingOpen(false);
        useReview.getState().openCompare({ admin: true, page: 1, id: it.id, fromId: it.id });
      }}
    />
  );
}

function Summary({ answer }: { answer: BulkDecisionAnswer }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.summary} data-testid="queue-summary" role="status">
      {t('review.summary', { count: answer.applied })}
      {answer.conflicts.length > 0 && (
        <ul>
          {answer.conflicts.map((c) => (
            <li key={`${c.source}:${c.id}`} data-testid="queue-conflict">
              #{c.id}: {t(`errors.${c.error}`, { defaultValue: c.message })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PendingChanges() {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  useRectSelect(map);
  const open = useReview((s) => s.pendingOpen);
  useReturnFocus(open);
  // The drawer mounts in a transition, in slices, after the click that opens it; it closes at once.
  const shown = useDeferredValue(open) && open;
  // Its body comes after the drawer has mounted: the drawer's first focus reads styles (a style
  // recalculation of everything new), which then covers the header only (no control in it yet).
  const [bodyShown, setBodyShown] = useState(false);
  useEffect(() => {
    if (!shown) return setBodyShown(false);
    // The rows' dates need the time zone (guessed once, settings_store.ts) and a formatter for it:
    // each is one native call of tens of ms at CPU 4×, so each runs in a task of its own before the
    // rows mount, not inside the first row's render (issue 14: no main-thread task over 50 ms).
    let format: ReturnType<typeof setTimeout> | undefined;
    const zone = setTimeout(() => {
      const timeZone = ui.timeZone;
      format = setTimeout(() => {
        formatDate(Date.now(), { locale: i18n.language, timeZone, timeFormat: ui.timeFormat });
        startTransition(() => setBodyShown(true));
      });
    });
    return () => {
      clearTimeout(zone);
      clearTimeout(format);
    };
  }, [shown, ui, i18n.language]);
  // A new filter is a new list: the old one gives way to it in a transition, in slices, while the
  // filter control itself shows the choice at once (issue 14).
  const chosen = useReview((s) => s.filter);
  const filter = useDeferredValue(chosen);
  const first = useQueuePage(ui.api, filter, 1, open);
  // Until the chosen filter's list is shown, "All N matching" would count the old list.
  const busy = filter !== chosen || first.isPending;
  const decide = useQueueDecide();
  const [answer, setAnswer] = useState<BulkDecisionAnswer | null>(null);
  // The summary and the refreshed list render in a transition (issue 14: no task over 50 ms).
  const showAnswer = useCallback((a: BulkDecisionAnswer) => startTransition(() => setAnswer(a)), []);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const queries = useQueryClient();
  const total = first.data?.total ?? 0;
  const narrow = window.innerWidth < NARROW_PX;
  const decideOne = async (item: ReviewItem, accept: boolean) => {
    const subject = item.title || (isFeatureKind(item) ? t('review.suggestedFeature') : t(`review.kind.${item.kind}`));
    const result = await decide({ accept, subject, items: [item], filter, reason: useReview.getState().reason });
    if (result) showAnswer(result);
  };
  // The rows keep one renderRow while the filter stays, so a render of the drawer does not render
  // every row again.
  const decideOneRef = useRef(decideOne);
  useLayoutEffect(() => {
    decideOneRef.current = decideOne;
  });
  const renderRow = useCallback(
    (i: number) => <Row index={i} filter={filter} onDecide={(item, accept) => void decideOneRef.current(item, accept)} />,
    [filter],
  );
  return (
    <OverlayDrawer
      open={shown}
      position="end"
      size={narrow ? 'full' : 'medium'}
      onOpenChange={(_, d) => useReview.getState().setPendingOpen(d.open)}
      modalType="non-modal"
      // No slide-in (as SideDrawer): behind the map's rendering the motion can stall half-way, a
      // translucent list over the map that the contrast checks failed on (issue 19, dark theme).
      surfaceMotion={null}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            // With the body: a drawer whose first frame has no control takes the focus on its surface
            // (Dialog's focus-first), not by a walk that reads each control's layout inside the commit
            // that mounts it (issue 14); Tab from the surface reaches this button first.
            bodyShown ? (
              <Button appearance="subtle" onClick={() => useReview.getState().setPendingOpen(false)} data-testid="pending-close">
                {t('common.close')}
              </Button>
            ) : null
          }
        >
          {t('review.pendingTitle')}
        </DrawerHeaderTitle>
        <span data-testid="pending-total">{t('review.pendingTotal', { count: total })}</span>
      </DrawerHeader>
      {bodyShown && (
        <div data-testid="pending-changes" className={styles.body} aria-busy={busy}>
          {narrow ? (
            // On a phone the filters fold away, so the list has the screen.
            <Button
              className={styles.filtersToggle}
              onClick={() => startTransition(() => setFiltersOpen(!filtersOpen))}
              aria-expanded={filtersOpen}
              data-testid="queue-filters-toggle"
            >
              {t('review.filter.title')}
            </Button>
          ) : null}
          {(!narrow || filtersOpen) && <QueueFilters />}
          <BulkBar total={total} busy={busy} onDone={showAnswer} />
          <ImportButton
            appKey={ui.api.appKey}
            apiBase={ui.api.apiBase}
            layers={ui.config.layersConfig}
            canCreateLayer={false}
            onImported={(outcome) => {
              void queries.invalidateQueries({ predicate: (q) => REVIEW_QUERY_ROOTS.includes(String(q.queryKey[0])) });
              showImportedOnMap(outcome);
            }}
          />
          {answer && <Summary answer={answer} />}
          {first.isPending ? (
            <LoadingSpinner />
          ) : first.isError ? (
            <p>{first.error.message}</p>
          ) : total === 0 ? (
            <p>{t('review.none')}</p>
          ) : (
            <VirtualList
              count={total}
              rowHeight={QUEUE_ROW_HEIGHT}
              height={Math.max(QUEUE_ROW_HEIGHT * 2, window.innerHeight - (narrow ? CHROME_NARROW_PX : CHROME_PX))}
              renderRow={renderRow}
              testId="pending-list"
            />
          )}
        </div>
      )}
    </OverlayDrawer>
  );
}
