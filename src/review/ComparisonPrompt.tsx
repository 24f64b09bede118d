// The comparison prompt around ComparisonView: one page of suggestions (the admin list or the
// user's own), the chosen entry's geometries on the map, and accept / decline for admins.
import { useEffect, type ReactNode } from 'react';
import { Button, Spinner, makeStyles, tokens } from '@fluentui/react-components';
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
import { useChangePage } from './use_change_page.ts';
import { useReview } from './review_store.ts';
import { entryLabel, useDecide } from './use_decide.ts';

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
  const page = useChangePage(ui.api, target?.admin ?? false, target?.page ?? 1, !!target, target?.fromId);
  const grouped = page.data;
  const tap = target?.tap;
  const selected = grouped?.entries.find((e) => (tap ? e.diffGfid === tap.diffGfid : e.id === target?.id)) ?? grouped?.entries[0];
  // A tapped pending feature: settle on its entry; when a list fetched after the tap has none, close
  // and select the originals under the tap.
  const fetchedAt = page.dataUpdatedAt;
  const fetching = page.isFetching;
  const refetch = page.refetch;
  useEffect(() => {
    if (!target || !tap || !grouped || fetching) return;
    const entry = grouped.entries.find((e) => e.diffGfid === tap.diffGfid);
    if (entry) useReview.getState().openCompare({ admin: target.admin, page: target.page, id: entry.id });
    else if (fetchedAt < tap.at) void refetch();
    else {
      useReview.getState().openCompare(null);
      if (tap.otherwise.length) useSelection.getState().select(tap.otherwise);
    }
  }, [target, tap, grouped, fetching, fetchedAt, refetch]);
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
      {page.isPending ? (
        <Spinner />
      ) : !grouped ? (
        <p>{page.error?.message}</p>
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
