// The layers of the app (SPEC §3 layersConfig) in the drawer: name, geometry type and how many
// features are drawn (counts from the map store); the legend tab shows each layer's colours.
import { Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isDiffLayerId, type AppConfig } from '../model/index.ts';
import { useMapStore } from '../state/mapStore.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: { width: '18px', height: '18px', borderRadius: tokens.borderRadiusSmall, flexShrink: 0, boxSizing: 'border-box' },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  empty: { color: tokens.colorNeutralForeground3 },
});

export function LayerList({ config, legend }: { config: AppConfig; legend: boolean }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const counts = useMapStore((s) => s.layerCounts);
  const layers = config.layersConfig.filter((l) => !isDiffLayerId(l.id));
  if (layers.length === 0) return <Text className={styles.empty}>{t('drawer.noLayers')}</Text>;
  return (
    <ul className={styles.list} data-testid={legend ? 'legend-list' : 'layer-list'}>
      {layers.map((l) => (
        <li key={l.id} className={styles.row}>
          {legend && <span className={styles.swatch} style={{ backgroundColor: l.fillColor, border: `2px solid ${l.strokeColor}` }} />}
          <span className={styles.text}>
            <Text weight="semibold">{l.name}</Text>
            <Caption1>
              {t(`layerTypes.${l.type}`, { defaultValue: l.type })}
              {counts[l.id] !== undefined ? ` · ${t('app.featureCount', { count: counts[l.id] })}` : ''}
            </Caption1>
          </span>
        </li>
      ))}
    </ul>
  );
}
