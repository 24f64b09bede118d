// Top bar of the map screen: the app title (SPEC §3 appName) and what the map holds.
import { Badge, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useMapStore } from '../state/mapStore.ts';

const useStyles = makeStyles({
  bar: {
    position: 'relative',
    zIndex: 2,
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    boxShadow: tokens.shadow4,
  },
  title: { flexGrow: 1, color: 'inherit' },
});

export function AppBar({ title }: { title?: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const loading = useMapStore((s) => s.loading);
  const counts = useMapStore((s) => s.layerCounts);
  const layerCount = Object.keys(counts).length;
  const featureCount = Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <header className={styles.bar} data-testid="app-bar">
      <Text as="h1" size={500} weight="semibold" className={styles.title} data-testid="app-title">
        {title ?? t('app.defaultTitle')}
      </Text>
      {loading && <Spinner size="tiny" appearance="inverted" aria-label={t('map.loading')} />}
      <Badge appearance="tint" data-testid="layer-count">
        {t('app.layerCount', { count: layerCount })}
      </Badge>
      {featureCount > 0 && (
        <Badge appearance="tint" data-testid="feature-count">
          {t('app.featureCount', { count: featureCount })}
        </Badge>
      )}
    </header>
  );
}
