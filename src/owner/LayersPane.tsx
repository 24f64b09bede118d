// The app's layers (SPEC §7 GET/PUT apps/layers): reorder, hide, style (stroke and fill colour) and
// zoom range of each, saved together; and the add-vector-layer form.
import { useCallback, useEffect, useState } from 'react';
import { Button, Input, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchLayers, saveLayers } from '../api/owner.ts';
import type { Layer } from '../model/index.ts';
import { errorKeyOf, notifyError, notifySuccess } from '../state/notifications.ts';
import { ImportButton } from '../interop/import/ImportButton.tsx';
import { VectorLayerForm } from './VectorLayerForm.tsx';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  name: { flex: '1 1 120px', minWidth: 0 },
  zoom: { width: '64px' },
});

export function LayersPane({ appKey }: { appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const queries = useQueryClient();
  const stored = useQuery({ queryKey: ['owner-layers', appKey], queryFn: () => fetchLayers(appKey) });
  const [layers, setLayers] = useState<Layer[] | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (stored.data) setLayers(stored.data);
  }, [stored.data]);
  const refresh = useCallback(() => void queries.invalidateQueries({ queryKey: ['owner-layers', appKey] }), [queries, appKey]);
  if (!layers) return <Spinner label={t('common.loading')} />;
  const patch = (i: number, p: Partial<Layer>) => setLayers(layers.map((l, j) => (j === i ? { ...l, ...p } : l)));
  const move = (i: number, by: number) => {
    const next = [...layers];
    const [one] = next.splice(i, 1);
    next.splice(i + by, 0, one);
    setLayers(next);
  };
  const save = async () => {
    setBusy(true);
    try {
      setLayers(await saveLayers(appKey, layers));
      notifySuccess('VECTOR_LAYER_SAVED');
    } catch (err) {
      notifyError(errorKeyOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {layers.length === 0 && <Text>{t('owner.layers.none')}</Text>}
      <div data-testid="layer-list">
        {layers.map((l, i) => (
          <div key={l.id} className={styles.row} data-testid="layer-row" data-layer-id={l.id}>
            <Text className={styles.name} weight="semibold" truncate>
              {l.name} <Text size={200}>({l.type})</Text>
            </Text>
            <Button size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('owner.layers.up')}>
              ↑
            </Button>
            <Button size="small" disabled={i === layers.length - 1} onClick={() => move(i, 1)} aria-label={t('owner.layers.down')}>
              ↓
            </Button>
            <Switch checked={l.visible} onChange={(_, d) => patch(i, { visible: d.checked })} label={t('owner.layers.visible')} />
            <input
              type="color"
              value={l.strokeColor}
              onChange={(e) => patch(i, { strokeColor: e.target.value })}
              aria-label={t('owner.layers.stroke')}
            />
            <input
              type="color"
              value={l.fillColor}
              onChange={(e) => patch(i, { fillColor: e.target.value })}
              aria-label={t('owner.layers.fill')}
            />
            <Input
              className={styles.zoom}
              type="number"
              min={0}
              max={24}
              value={String(l.minZoom)}
              onChange={(_, d) => patch(i, { minZoom: Number(d.value) })}
              aria-label={t('owner.layers.minZoom')}
            />
            <Input
              className={styles.zoom}
              type="number"
              min={0}
              max={24}
              value={String(l.maxZoom)}
              onChange={(_, d) => patch(i, { maxZoom: Number(d.value) })}
              aria-label={t('owner.layers.maxZoom')}
            />
          </div>
        ))}
      </div>
      {layers.length > 0 && (
        <Button appearance="primary" onClick={save} disabled={busy} data-testid="layers-save" style={{ alignSelf: 'flex-end' }}>
          {t('common.save')}
        </Button>
      )}
      <ImportButton appKey={appKey} layers={layers} canCreateLayer onImported={refresh} />
      <Text weight="semibold">{t('owner.layers.add')}</Text>
      <VectorLayerForm appKey={appKey} onSaved={refresh} />
    </div>
  );
}
