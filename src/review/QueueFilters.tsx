// The review queue's filters (issue 14 "Bulk review"): kind, layer, creator, submission dates and a
// rectangle drawn on the map. Each change starts a new list and clears the selection.
import { useState } from 'react';
import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { REVIEW_KINDS, type ReviewKind } from '../model/index.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useReview } from './review_store.ts';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    // Two columns that may shrink (a phone is 360 px): no control may widen the drawer past the screen.
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalS,
  },
  field: { minWidth: 0 },
  control: { minHeight: '44px', width: '100%', minWidth: 0, '& input, & select': { minWidth: 0, width: '100%' } },
});

/** A day in the admin's calendar as an instant: its start, or with `end` its last millisecond. */
const dayBound = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined);

export function QueueFilters() {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const filter = useReview((s) => s.filter);
  const [creator, setCreator] = useState(filter.creator ?? '');
  const set = useReview.getState().setFilter;
  const layers = (ui.config.layersConfig ?? []).filter((l) => l.type !== 'wms');
  const kindValue = filter.kinds?.length === 1 ? filter.kinds[0] : '';
  return (
    <div className={styles.grid} data-testid="queue-filters">
      <Field label={t('review.filter.kind')} className={styles.field}>
        <Select
          className={styles.control}
          value={kindValue}
          onChange={(_, d) => set({ kinds: d.value ? [d.value as ReviewKind] : undefined })}
          data-testid="queue-filter-kind"
        >
          <option value="">{t('review.filter.all')}</option>
          {REVIEW_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`review.kind.${k}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('review.filter.layer')} className={styles.field}>
        <Select
          className={styles.control}
          value={filter.layer ?? ''}
          onChange={(_, d) => set({ layer: d.value || undefined })}
          data-testid="queue-filter-layer"
        >
          <option value="">{t('review.filter.all')}</option>
          {layers.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('review.filter.creator')} className={styles.field}>
        <Input
          className={styles.control}
          value={creator}
          onChange={(_, d) => setCreator(d.value)}
          onBlur={() => set({ creator: creator.trim() || undefined })}
          onKeyDown={(e) => e.key === 'Enter' && set({ creator: creator.trim() || undefined })}
          data-testid="queue-filter-creator"
        />
      </Field>
      <Field label={t('review.filter.from')} className={styles.field}>
        <Input
          className={styles.control}
          type="date"
          onChange={(_, d) => set({ from: dayBound(d.value, false) })}
          data-testid="queue-filter-from"
        />
      </Field>
      <Field label={t('review.filter.to')} className={styles.field}>
        <Input
          className={styles.control}
          type="date"
          onChange={(_, d) => set({ to: dayBound(d.value, true) })}
          data-testid="queue-filter-to"
        />
      </Field>
      <Field label={t('review.filter.area')} className={styles.field}>
        {filter.bbox ? (
          <Button className={styles.control} onClick={() => set({ bbox: undefined })} data-testid="queue-rect-clear">
            {t('review.filter.clearArea')}
          </Button>
        ) : (
          <Button
            className={styles.control}
            onClick={() => {
              // The drawer covers the map on a phone: it closes while the rectangle is drawn, then opens again.
              useReview.getState().setDrawingRect(true);
              useReview.getState().setPendingOpen(false);
            }}
            data-testid="queue-rect-draw"
          >
            {t('review.filter.drawArea')}
          </Button>
        )}
      </Field>
    </div>
  );
}
