// SPEC §2 search, always on the map screen: a field at the top of the map (beside OL's zoom buttons;
// its place and height are src/map/map_layout.ts's), answers as you type, grouped — map layers, then
// each layer's features, the species observations (the server's, then the configured service's),
// then places from the configured geocoder. Choosing a feature zooms to it and opens its prompt
// (go_to_result.ts).
// Test hooks: data-testid="search-input", "search-results" (data-query: the query its answers are for),
// "search-result" with data-layer/data-gfid, "search-export-<layerId>" (a group's export).
import { memo, type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { EXPORT_MAX_GFIDS, type AppConfig } from '../model/index.ts';
import type { SearchHit } from '../../workers/data/protocol.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { MAP_PLACES } from '../map/map_layout.ts';
import type { ExportMenuProps } from '../interop/export/ExportMenu.tsx';
import { lazyNamed } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { fitLonLatExtent, goToFeature, goToLayer, goToObservedFeature } from './go_to_result.ts';
import { SearchField } from './SearchField.tsx';
import { ServiceObservations } from './ServiceObservations.tsx';
import { useSearch, type SearchAnswers } from './use_search.ts';

// Issue 17: the export menu shows with a search's results, not on the first screen.
const ExportMenu = lazyNamed<ExportMenuProps>(() => import('../interop/export/ExportMenu.tsx'), 'ExportMenu');

const useStyles = makeStyles({
  host: {
    position: 'absolute',
    top: MAP_PLACES.searchTop,
    // Right of OL's zoom buttons.
    left: MAP_PLACES.besideZoom,
    width: `min(420px, calc(100% - ${MAP_PLACES.besideZoom} - 8px))`,
    zIndex: 12,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  results: {
    maxHeight: 'min(60vh, 420px)',
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    padding: tokens.spacingVerticalXS,
  },
  groupHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  group: {
    display: 'block',
    flexGrow: 1,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase200,
  },
  // A plain button, not Fluent's: up to 40 rows mount per answer, and Fluent's Button (hooks, merged
  // style classes) made that commit one of typing's longest main-thread tasks at 4× CPU (issue 13).
  row: {
    display: 'block',
    width: '100%',
    minHeight: '44px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: 'transparent',
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300,
    textAlign: 'start',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorSubtleBackgroundHover },
    ':active': { backgroundColor: tokens.colorSubtleBackgroundPressed },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
    // SPEC §4 outdoor mode: every target at least 48 px (the Fluent buttons get it from OutdoorButton's rule).
    ':global([data-outdoor="true"]) &': { minHeight: '48px' },
  },
  note: { display: 'block', padding: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

export function SearchBar({ config, appKey }: { config: AppConfig; appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [query, setQuery] = useState('');
  const [open, setOpenState] = useState(true);
  // Each key reports activity: set the state only when it changes, so a key renders nothing.
  const isOpen = useRef(true);
  const setOpen = useCallback((value: boolean) => {
    if (isOpen.current === value) return;
    isOpen.current = value;
    setOpenState(value);
  }, []);
  const { answers, pending } = useSearch(query, config, appKey);
  // Stable, so the memoised field and result rows are not rendered again when a search starts or ends.
  const layers = config.layersConfig;
  const layerName = useCallback((id: string) => layers.find((l) => l.id === id)?.name ?? id, [layers]);
  const done = useCallback(() => setOpen(false), [setOpen]);
  const show = useCallback(() => setOpen(true), [setOpen]);
  // The layers' text indexes are built when a search is begun, not at every open (issue 17).
  const featureSearch = config.search.featureSearch;
  const begin = useCallback(() => {
    if (featureSearch)
      void getDataWorker()
        .prepareSearch({})
        .catch((err) => console.warn('search not prepared', err));
  }, [featureSearch]);
  // A transition: the search's start (spinner, requests) renders in slices that a key can interrupt.
  const ask = useCallback((text: string) => startTransition(() => setQuery(text)), []);
  const onLayer = useCallback(
    (id: string) => void goToLayer(useMapInstance.getState().map, useMapInstance.getState().renderer, id).then(done),
    [done],
  );
  // Enter goes to the best match; read when the key is pressed, so the field's handler stays the same.
  const first = useRef<SearchHit>(undefined);
  useEffect(() => {
    first.current = answers.features[0]?.hits[0];
  }, [answers]);
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter' && first.current) {
        goToFeature(useMapInstance.getState().map, first.current);
        done();
      } else if (e.key === 'Escape') done();
    },
    [done],
  );
  const api = useMemo(() => ({ apiBase: config.serverUrl, appKey }), [config.serverUrl, appKey]);
  // Issue 15 part 6: a layer's matches export as a file, up to EXPORT_MAX_GFIDS of them (the data worker
  // finds them all, not only the rows shown).
  const groupAction = useCallback(
    (layerId: string, query: string) => {
      const layer = layers.find((l) => l.id === layerId);
      if (!layer?.workspace) return null;
      const gfids = async () => {
        const [group] = await getDataWorker().searchFeatures({ query, limit: EXPORT_MAX_GFIDS, layerIds: [layerId] });
        return group?.hits.map((h) => h.id) ?? [];
      };
      return (
        <LazySurface open>
          <ExportMenu
            api={api}
            workspace={layer.workspace}
            layer={layerId}
            fileName={`${layer.name} ${query}`}
            gfids={gfids}
            label={t('export.results', { name: layer.name })}
            testId={`search-export-${layerId}`}
          />
        </LazySurface>
      );
    },
    [layers, api, t],
  );

  return (
    <div role="search" className={styles.host} aria-label={t('search.label')}>
      <SearchField
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        onQuery={ask}
        onActive={show}
        onFocus={begin}
        onKeyDown={onKeyDown}
      />
      {open && (answers.query || pending) && (
        <div className={styles.results} data-testid="search-results" data-pending={pending} data-query={answers.query}>
          {pending && !answers.query && <Spinner size="tiny" label={t('search.searching')} />}
          <Results answers={answers} layerName={layerName} onLayer={onLayer} onDone={done} groupAction={groupAction} />
          {answers.query && !hasAny(answers) && !pending && (
            <Text className={styles.note}>{t('search.none', { query: answers.query })}</Text>
          )}
        </div>
      )}
    </div>
  );
}

const hasAny = (a: SearchAnswers) =>
  a.features.length > 0 || a.layers.length > 0 || a.places.length > 0 || a.observations.length > 0 || a.serviceObservations.length > 0;

interface ResultsProps {
  answers: SearchAnswers;
  layerName: (id: string) => string;
  onLayer: (id: string) => void;
  onDone: () => void;
  /** Shown beside a layer's group of feature matches (its export). */
  groupAction: (layerId: string, query: string) => ReactNode;
}

const Results = memo(function Results({ answers, layerName, onLayer, onDone, groupAction }: ResultsProps) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const row = (key: string, label: string, onClick: () => void, data: Record<string, string | number> = {}) => (
    <button type="button" key={key} className={styles.row} onClick={onClick} {...data}>
      {label || t('search.unnamed')}
    </button>
  );
  return (
    <>
      {answers.layers.length > 0 && (
        <div role="group" aria-label={t('search.mapLayers')}>
          <Text className={styles.group}>{t('search.mapLayers')}</Text>
          {answers.layers.map((l) =>
            row(`layer-${l.id}`, l.name, () => onLayer(l.id), { 'data-testid': 'search-layer', 'data-layer': l.id }),
          )}
        </div>
      )}
      {answers.features.map((g) => (
        <div key={g.layerId} role="group" aria-label={layerName(g.layerId)}>
          <div className={styles.groupHead}>
            <Text className={styles.group}>
              {g.total > g.hits.length
                ? t('search.groupMore', { layer: layerName(g.layerId), shown: g.hits.length, total: g.total })
                : layerName(g.layerId)}
            </Text>
            {groupAction(g.layerId, answers.query)}
          </div>
          {g.hits.map((h) =>
            row(
              `${g.layerId}-${h.id}`,
              h.name,
              () => {
                goToFeature(map, h);
                onDone();
              },
              { 'data-testid': 'search-result', 'data-layer': g.layerId, 'data-gfid': h.id },
            ),
          )}
        </div>
      ))}
      {(answers.observations.length > 0 || answers.observationsFailed) && (
        <div role="group" aria-label={t('search.observations')}>
          <Text className={styles.group}>{t('search.observations')}</Text>
          {answers.observationsFailed && <Text className={styles.note}>{t('observations.failed')}</Text>}
          {answers.observations.flatMap(({ layerId, items }) =>
            items.map((o) =>
              row(
                `obs-${o.id}`,
                t('search.observation', {
                  species: o.species.commonName ?? o.species.scientificName,
                  layer: layerName(layerId),
                  date: new Date(o.observedAt).toLocaleDateString(i18n.language.replace('_', '-')),
                }),
                () => {
                  void goToObservedFeature(map, layerId, o.gfid);
                  onDone();
                },
                { 'data-testid': 'search-observation', 'data-gfid': o.gfid },
              ),
            ),
          )}
        </div>
      )}
      <ServiceObservations items={answers.serviceObservations} error={answers.serviceError} onDone={onDone} />
      {(answers.places.length > 0 || answers.placesError !== undefined) && (
        <div role="group" aria-label={t('search.places')}>
          <Text className={styles.group}>{t('search.places')}</Text>
          {answers.placesError !== undefined && (
            <Text className={styles.note} data-testid="search-places-error">
              {t('search.placesFailed', { status: answers.placesError || '—' })}
            </Text>
          )}
          {answers.places.map((p, i) =>
            row(
              `place-${i}`,
              p.name,
              () => {
                fitLonLatExtent(map, p.extent ?? [p.lon, p.lat, p.lon, p.lat]);
                onDone();
              },
              { 'data-testid': 'search-place' },
            ),
          )}
        </div>
      )}
    </>
  );
});
