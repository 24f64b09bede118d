// The layers of the app in the drawer (SPEC §3 layersConfig, baseLayersConfig): name, geometry type
// and how many features are drawn (counts from the map store); a base map or WMS overlay whose tiles
// failed to load is flagged (SPEC §4 tile load error). A vector layer can be exported as a file (issue 15 part 6).
import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isDiffLayerId, type AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/map_store.ts';
import { ExportMenu } from '../interop/export/ExportMenu.tsx';
import { useAppKey } from './use_app_key.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  error: { color: tokens.colorPaletteRedForeground1 },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, flexGrow: 1 },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function LayerList({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const appKey = useAppKey();
  const api = { apiBase: config.serverUrl, appKey };
  const counts = useMapStore((s) => s.layerCounts);
  const status = useMapStore((s) => s.layerStatus);
  const layers = config.layersConfig.filter((l) => !isDiffLayerId(l.id));
  if (layers.length === 0) return <Text className={styles.empty}>{t('drawer.noLayers')}</Text>;
  return (
    <ul className={styles.list} data-testid="layer-list">
      {config.baseLayersConfig.map((b) => (
        <li key={b.id} className={styles.row} data-testid={`base-layer-${b.id}`}>
          <span className={styles.text}>
            <Text weight="semibold">{b.name ?? b.id}</Text>
            <Caption1 className={status[b.id] === 'loadError' ? styles.error : undefined}>
              {status[b.id] === 'loadError' ? t('drawer.loadError') : t('drawer.baseMap')}
            </Caption1>
          </span>
        </li>
      ))}
      {layers.map((l) => (
        <li key={l.id} className={styles.row} data-testid={`layer-${l.id}`}>
          <span className={styles.text}>
            <Text weight="semibold">{l.name}</Text>
            <Caption1 className={status[l.id] === 'loadError' ? styles.error : undefined}>
              {status[l.id] === 'loadError' ? `${t('drawer.loadError')} · ` : ''}
              {t(`layerTypes.${l.type}`, { defaultValue: l.type })}
              {counts[l.id] !== undefined ? ` · ${t('app.featureCount', { count: counts[l.id] })}` : ''}
            </Caption1>
          </span>
          {l.workspace && l.type !== 'wms' && (
            <ExportMenu
              api={api}
              workspace={l.workspace}
              layer={l.id}
              fileName={l.name}
              label={t('export.of', { name: l.name })}
              testId={`layer-export-${l.id}`}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
