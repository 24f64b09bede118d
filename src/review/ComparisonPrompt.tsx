// The comparison prompt around ComparisonView: one page of suggestions (the admin list or the
// user's own), the chosen entry's geometries on the map, and accept / decline for admins.
import { useEffect, type ReactNode } from 'react';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMapInstance } from '../map/map_instance.ts';
import { useSelection } from '../state/selection_store.ts';
import { useFeatureUi } from '../ui/context.ts';
import { Panel } from '../ui/Panel.tsx';
import { defsFor } from '../ui/PropertyTable.tsx';
import { useLayerDefs } from '../ui/use_layer_defs.ts';
import type { Geometry } from '../model/index.ts';
import { ComparisonView } from './ComparisonView.tsx';
import { ComparisonOverlay } from './ComparisonOverlay.tsx';
import { MyVerdicts } from './MyVerdicts.tsx';
import { useChangePage, useTappedChange } from './use_change_page.ts';
import { useReview } from './review_store.ts';
import { entryLabel, useDecide } from './use_decide.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalSNudge, justifyContent: 'flex-end' },
});

/**
 * `waiting`: what still waits on this device, shown above the user's own list (the outbox summary,
 * handed in by the overlay host so the review does not depend on the outbox, which reuses its view).
 */
export function ComparisonPrompt({ waiting }: { waiting?: ReactNode }) {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const target = useReview((s) => s.compare);
  const decide = useDecide();
  const qc = useQueryClient();
  const tap = target?.tap;
  // A tapped pending feature: its change is looked up in the whole list (fetched after the tap), then
  // the page that holds it opens on it; when the list has none, the comparison closes and the
  // originals under the tap are selected.
  const located = useTappedChange(ui.api, target?.admin ?? false, tap);
  const page = useChangePage(ui.api, target?.admin ?? false, target?.page ?? 1, !!target && !tap, target?.fromId);
  const grouped = page.data;
  // Nothing is shown (nor highlighted, nor panned to) until the tapped change is found.
  const selected = tap ? undefined : (grouped?.entries.find((e) => e.id === target?.id) ?? grouped?.entries[0]);
  const loading = tap ? !located.isError : page.isPending;
  const failed = tap ? located.error : grouped ? null : page.error;
  const place = located.data;
  useEffect(() => {
    if (!target || !tap || place === undefined) return;
    if (place) {
      // The page is read afresh: a copy read before the suggestion was made would lack it.
      qc.removeQueries({ queryKey: ['changes', target.admin, place.page] });
      useReview.getState().openCompare({ admin: target.admin, page: place.page, id: place.id });
    } else {
      useReview.getState().openCompare(null);
      if (tap.otherwise.length) useSelection.getState().select(tap.otherwise);
    }
  }, [target, tap, place, qc]);
  const declared = useLayerDefs(selected?.layerId);
  if (!target) return null;
  const defs = defsFor(declared ?? [], { ...selected?.before?.properties, ...selected?.after?.properties });
  const close = () => useReview.getState().openCompare(null);
  const label = selected
    ? entryLabel(selected, t('review.suggestedFeature'), ui.config.layersConfig.find((l) => l.id === selected.layerId)?.nameProperty)
    : '';
  const onDecide = async (accept: boolean) => {
    if (!selected) return;
    const result = await decide(selected, accept, label);
    if (!result) return;
    useReview.getState().openCompare({ ...target, id: null });
    // The accepted version opens in the feature prompt, with its history (SPEC §2).
    if (accept && result.gfid) useSelection.getState().select([{ layerId: selected.layerId, gfid: result.gfid }]);
  };
  return (
    <Panel
      mode={ui.config.featuresPropertiesWindow}
      side="left"
      title={t('review.compareTitle')}
      testId="comparison-prompt"
      onClose={close}
      focus={((selected?.after ?? selected?.before)?.geometry as Geometry | undefined) ?? null}
      focusKey={selected ? String(selected.id) : null}
    >
      {!target.admin && waiting}
      {!target.admin && <MyVerdicts />}
      {loading ? (
        <LoadingSpinner />
      ) : failed || !grouped ? (
        <p>{failed?.message}</p>
      ) : (
        <ComparisonView
          grouped={grouped}
          admin={ui.admin && target.admin}
          selected={selected}
          defs={defs}
          timeZone={ui.timeZone}
          timeFormat={ui.timeFormat}
          onSelect={(id) => useReview.getState().openCompare({ ...target, id })}
        />
      )}
      {ui.admin && target.admin && selected && (
        <div className={styles.actions}>
          <Button size="small" appearance="primary" onClick={() => void onDecide(true)} data-testid="compare-accept">
            {t('review.accept')}
          </Button>
          <Button size="small" onClick={() => void onDecide(false)} data-testid="compare-decline">
            {t('review.decline')}
          </Button>
        </div>
      )}
      <ComparisonOverlay
        map={map}
        before={(selected?.before?.geometry as Geometry) ?? null}
        after={selected?.grpstatus === 'd' ? null : ((selected?.after?.geometry as Geometry) ?? null)}
      />
    </Panel>
  );
}
