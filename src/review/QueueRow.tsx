// One item of the review queue (SPEC §2 Pending changes): what it is, the feature it belongs to, who
// suggested it and when, a thumbnail for a photo, and accept / decline in 44 px buttons (touch).
import { useState } from 'react';
import { Button, Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ReviewItem } from '../model/index.ts';
import { fetchBlob } from '../api/suggestions.ts';
import { useFeatureUi } from '../ui/context.ts';
import { formatDate } from '../ui/format_date.ts';
import { useBlobUrl } from '../ui/use_blob_url.ts';
import { refKey, useReview } from './review_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { LightBadge, LightButton, LightCheckbox, type LightBadgeColor } from '../ui/light_controls.tsx';

export const QUEUE_ROW_HEIGHT = 124;
const TOUCH = '44px';

const useStyles = makeStyles({
  row: {
    boxSizing: 'border-box',
    height: `${QUEUE_ROW_HEIGHT}px`,
    display: 'grid',
    gridTemplateColumns: 'auto auto minmax(0, 1fr)',
    gridTemplateRows: 'auto auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  check: { gridRow: '1 / span 2', alignSelf: 'center' },
  thumb: { gridRow: '1 / span 2', width: '48px', height: '48px', objectFit: 'cover', cursor: 'zoom-in', padding: 0, border: 'none' },
  noThumb: { gridRow: '1 / span 2', width: 0 },
  title: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, minWidth: 0 },
  titleText: { overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', fontWeight: tokens.fontWeightSemibold },
  badge: { flexShrink: 0 },
  // Up to two lines: on a phone the date wraps rather than being cut.
  meta: { overflow: 'hidden', maxHeight: '32px', lineHeight: '16px', color: tokens.colorNeutralForeground2 },
  actions: { gridColumn: '1 / span 3', display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'end', minWidth: 0 },
  action: { minHeight: TOUCH, minWidth: TOUCH, flex: '1 1 0' },
  full: { maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' },
});

const BADGE_COLOR: Record<string, LightBadgeColor> = {
  featureNew: 'success',
  featureModified: 'warning',
  featureDeleted: 'danger',
  tagRemoval: 'danger',
};

export const isFeatureKind = (item: Pick<ReviewItem, 'kind'>) => item.kind.startsWith('feature');

/** The file's path on the server (images and documents hang on the feature, or on a new one's proposal). */
export function filePath(item: ReviewItem): string | null {
  const on = item.gfid ?? item.diffGfid;
  if (!item.fileName || on === null) return null;
  const kind = item.kind === 'image' ? 'images' : 'documents';
  return `/features/${on}/${kind}/${encodeURIComponent(item.fileName)}`;
}

function Thumbnail({ item, onOpen }: { item: ReviewItem; onOpen: () => void }) {
  const { api } = useFeatureUi();
  const styles = useStyles();
  const url = useBlobUrl(api, filePath(item));
  return (
    <button type="button" className={styles.thumb} onClick={onOpen} data-testid="queue-thumb" aria-label={item.title ?? ''}>
      {url && <img src={url} alt={item.title ?? ''} className={styles.thumb} data-testid="queue-thumb-img" />}
    </button>
  );
}

function FullImage({ item, onClose }: { item: ReviewItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useFeatureUi();
  const styles = useStyles();
  const url = useBlobUrl(api, filePath(item));
  useReturnFocus(true);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="queue-image-full">
        <DialogBody>
          <DialogTitle
            action={
              <Button appearance="subtle" onClick={onClose} data-testid="queue-image-close">
                {t('common.close')}
              </Button>
            }
          >
            {item.title}
          </DialogTitle>
          <DialogContent>{url && <img src={url} alt={item.title ?? ''} className={styles.full} />}</DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The row's tick, the only part that follows the selection: ticking "all matching" renders the
 * checkboxes in view, not every row (issue 14: no main-thread task over 50 ms). The row's controls
 * are light ones (src/ui/light_controls.tsx): the rows in view mount again at each scroll step.
 */
function RowCheck({ item, label, className }: { item: ReviewItem; label: string; className: string }) {
  const checked = useReview((s) => s.allMatching || s.selected.has(refKey(item)));
  return (
    <LightCheckbox
      className={className}
      checked={checked}
      onChange={() => useReview.getState().toggle(item)}
      aria-label={label}
      data-testid="queue-select"
    />
  );
}

export interface QueueRowProps {
  item: ReviewItem;
  onDecide: (item: ReviewItem, accept: boolean) => void;
  onCompare: (item: ReviewItem) => void;
}

export function QueueRow({ item, onDecide, onCompare }: QueueRowProps) {
  const { t, i18n } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const [viewing, setViewing] = useState(false);
  const feature = item.gfid === null ? t('review.suggestedFeature') : `GFID ${item.gfid}`;
  const title = item.title || (isFeatureKind(item) ? feature : t(`review.kind.${item.kind}`));
  const openPdf = async () => {
    const path = filePath(item);
    if (path) window.open(URL.createObjectURL(await fetchBlob(ui.api, path)), '_blank', 'noopener');
  };
  return (
    <div className={styles.row} data-testid="queue-row" data-kind={item.kind} data-ref={refKey(item)}>
      <RowCheck item={item} label={t('review.select', { subject: title })} className={styles.check} />
      {item.kind === 'image' ? <Thumbnail item={item} onOpen={() => setViewing(true)} /> : <span className={styles.noThumb} />}
      <div className={styles.title}>
        <LightBadge className={styles.badge} color={BADGE_COLOR[item.kind] ?? 'informative'} data-testid="queue-kind">
          {t(`review.kind.${item.kind}`)}
        </LightBadge>
        <span className={styles.titleText} title={title}>
          {title}
        </span>
      </div>
      <div className={styles.meta}>
        {item.layerName ?? item.layerId} · {feature} · {item.creator} ·{' '}
        {formatDate(item.createdAt, { locale: i18n.language, timeZone: ui.timeZone, timeFormat: ui.timeFormat })}
      </div>
      <div className={styles.actions}>
        {isFeatureKind(item) && (
          <LightButton className={styles.action} onClick={() => onCompare(item)} data-testid="queue-compare">
            {t('review.compare')}
          </LightButton>
        )}
        {item.kind === 'image' && (
          <LightButton className={styles.action} onClick={() => setViewing(true)} data-testid="queue-view">
            {t('review.view')}
          </LightButton>
        )}
        {item.kind === 'document' && (
          <LightButton className={styles.action} onClick={() => void openPdf()} data-testid="queue-open-pdf">
            {t('review.openPdf')}
          </LightButton>
        )}
        <LightButton className={styles.action} appearance="primary" onClick={() => onDecide(item, true)} data-testid="queue-accept">
          {t('review.accept')}
        </LightButton>
        <LightButton className={styles.action} onClick={() => onDecide(item, false)} data-testid="queue-decline">
          {t('review.decline')}
        </LightButton>
      </div>
      {viewing && <FullImage item={item} onClose={() => setViewing(false)} />}
    </div>
  );
}
