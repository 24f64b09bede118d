// A queued modification that met a newer version: the current version and the user's
// side by side in the review's own comparison view, both geometries on the map, and the choice to
// resubmit on top of the current version or discard. Nothing is dropped without the user's word.
import { useQuery } from '@tanstack/react-query';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Geometry, OutboxItem } from '../model/index.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { useFeatureUi } from '../ui/context.ts';
import { defsFor } from '../ui/PropertyTable.tsx';
import { useLayerDefs } from '../ui/use_layer_defs.ts';
import { ComparisonView } from '../review/ComparisonView.tsx';
import { ComparisonOverlay } from '../review/ComparisonOverlay.tsx';
import type { ChangeEntry } from '../api/suggestions.ts';
import { discardOutboxItem, resubmitOutboxItem } from './outbox.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalSNudge, justifyContent: 'flex-end', marginTop: tokens.spacingVerticalSNudge },
});

/** The conflict as a change entry: before = the server's current version, after = the user's edit over it. */
export function conflictEntry(item: OutboxItem, creator: string): ChangeEntry | null {
  const current = item.current;
  if (!current) return null;
  const after =
    item.meta.grpstatus === 'd'
      ? null
      : { geometry: item.meta.geometry ?? current.geometry, properties: { ...current.properties, ...item.meta.properties } };
  return {
    id: -item.seq,
    grpstatus: item.meta.grpstatus ?? 'm',
    gfid: current.gfid,
    diffGfid: null,
    workspace: item.meta.workspace,
    layerId: item.meta.layerId,
    layerName: null,
    creator,
    creatormail: null,
    insertedat: new Date(item.createdAt).toISOString(),
    baseVersion: item.meta.baseVersion ?? null,
    before: { geometry: current.geometry, properties: current.properties },
    after,
    status: 'conflict',
  };
}

export function ConflictCompare({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const ui = useFeatureUi();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const declared = useLayerDefs(item.meta.layerId);
  const entry = conflictEntry(item, item.owner);
  const grouped = useQuery({
    queryKey: ['outbox-conflict', item.seq, item.current?.version],
    enabled: !!entry,
    queryFn: () => getDataWorker().groupChanges({ changes: [entry!], admin: true }),
  });
  if (!entry || !item.current) return null;
  const selected = grouped.data?.entries[0];
  const defs = defsFor(declared ?? [], { ...entry.before?.properties, ...entry.after?.properties });
  return (
    <div data-testid="outbox-conflict">
      {grouped.data ? (
        <ComparisonView
          grouped={grouped.data}
          admin
          selected={selected}
          defs={defs}
          onSelect={() => undefined}
          timeZone={ui.timeZone}
          timeFormat={ui.timeFormat}
          showGroups={false}
          sides={[t('outbox.current'), t('outbox.yours')]}
        />
      ) : (
        <LoadingSpinner size="tiny" />
      )}
      <div className={styles.actions}>
        <Button
          appearance="primary"
          onClick={() => void resubmitOutboxItem(ui.api, item.seq, item.current!.version)}
          data-testid="outbox-resubmit"
        >
          {t('outbox.resubmit', { version: item.current.version })}
        </Button>
        <Button onClick={() => void discardOutboxItem(ui.api, item.seq)} data-testid="outbox-conflict-discard">
          {t('outbox.discard')}
        </Button>
      </div>
      <ComparisonOverlay
        map={map}
        before={(entry.before?.geometry as Geometry | null) ?? null}
        after={(entry.after?.geometry as Geometry | null) ?? null}
      />
    </div>
  );
}
