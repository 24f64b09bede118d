// SPEC §2 legend: a legend image per layer, for the layers on the map (visible, legend not turned off
// — SPEC §9 "legend shown" by default; diff layers are shown through their layers), with an entry per
// category icon under a point layer that has a category property (SPEC §9).
import { useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { isDiffLayerId, type Layer } from '../model/index.ts';
import { categoryLegendDataUrl, LEGEND_ICON_PX, legendCategories, legendImage } from './legend.ts';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  icon: { minWidth: `${LEGEND_ICON_PX}px`, maxWidth: '100%', flexShrink: 0 },
  empty: { color: tokens.colorNeutralForeground3 },
  categories: {
    listStyle: 'none',
    margin: 0,
    paddingInlineStart: `calc(${LEGEND_ICON_PX}px + ${tokens.spacingHorizontalS})`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  layer: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

export function legendLayers(layers: readonly Layer[]): Layer[] {
  return layers.filter((l) => l.visible && l.legend && !isDiffLayerId(l.id));
}

function LegendRow({ layer }: { layer: Layer }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [failed, setFailed] = useState(false);
  const src = legendImage(layer);
  const categories = legendCategories(layer);
  return (
    <li className={styles.layer} data-layer-id={layer.id}>
      <div className={styles.row}>
        {src && !failed ? (
          // A server's legend can be wider than an icon: kept at its own size, within the panel.
          <img className={styles.icon} src={src} alt={t('legend.imageAlt', { layer: layer.name })} onError={() => setFailed(true)} />
        ) : (
          <Text size={200} className={styles.empty}>
            {t('legend.noImage')}
          </Text>
        )}
        <Text>{layer.name}</Text>
      </div>
      {categories.length > 0 && (
        // SPEC §9 category icons: one entry per category the layer's points are drawn with.
        <ul className={styles.categories} aria-label={t('legend.categoriesOf', { layer: layer.name })}>
          {categories.map((c) => (
            <li key={c} className={styles.row} data-category={c}>
              <img className={styles.icon} src={categoryLegendDataUrl(c)} alt="" />
              <Text size={200}>{t(`category.${c}`)}</Text>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export function Legend({ layers }: { layers: readonly Layer[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const shown = legendLayers(layers);
  if (shown.length === 0) return <Text className={styles.empty}>{t('legend.empty')}</Text>;
  return (
    <ul className={styles.list} data-testid="legend" aria-label={t('legend.title')}>
      {shown.map((l) => (
        <LegendRow key={l.id} layer={l} />
      ))}
    </ul>
  );
}
