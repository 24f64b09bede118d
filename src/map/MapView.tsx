// The map surface (SPEC §2 map screen). Owns the OL Map's lifetime only; layers come from
// useMapLayers; vector features draw in the render worker (useFeatureRenderer). Test hooks (CONTRACT.md): data-map-loading while loading,
// data-features-loaded="<n>" once every vector layer is drawn, data-view-center="<lon>,<lat>" (5 decimals)
// after every move (OL's moveend).
// Issue 19: the viewport takes the keyboard focus (Tab), where OL's KeyboardPan (arrows) and
// KeyboardZoom (+/-) work; a scale line; 44 px OL buttons on touch screens (map_layout.ts); the view and the selected feature in the address (use_permalink.ts).
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { defaults as defaultControls } from 'ol/control/defaults.js';
import ScaleLine from 'ol/control/ScaleLine.js';
import { fromLonLat, toLonLat } from 'ol/proj.js';
import 'ol/ol.css';
import { DEFAULT_CENTER, DEFAULT_PROJECTION, DEFAULT_ZOOM, DEMO_APP_KEY, type AppConfig } from '../model/index.ts';
import { type MapState, useMapStore } from '../state/map_store.ts';
import { formatLonLat } from '../location/location_rules.ts';
import { holdIdleWhileMoving } from './hold_idle.ts';
import { createLandLayer, OCEAN_COLOR, setLandCredits } from './base_layers.ts';
import { useFeatureRenderer } from './use_feature_renderer.ts';
import { useMapInstance } from './map_instance.ts';
import { startAtLastFit } from './last_fit.ts';
import { useMapLayers } from './use_map_layers.ts';
import { useSelectOnTap } from './use_select_on_tap.ts';
import { openedAtPermalink, usePermalink } from './use_permalink.ts';
import { useMapLayout } from './map_layout.ts';
import { mapInteractions } from './map_interactions.ts';

export interface MapViewProps {
  appKey: string;
  config?: AppConfig;
  apiBase?: string;
}

/**
 * The map's loading state on its element (aria-busy and the test hooks above), written from the map
 * store: each layer's start and the features drawn re-render no map hooks (issue 17, the task at
 * "drawn" at 4× slowdown).
 */
function useLoadingAttributes(target: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = target.current!;
    const show = ({ loading, featuresLoaded }: MapState) => {
      el.setAttribute('aria-busy', String(loading));
      if (loading) el.setAttribute('data-map-loading', 'true');
      else el.removeAttribute('data-map-loading');
      if (featuresLoaded === null) el.removeAttribute('data-features-loaded');
      else el.setAttribute('data-features-loaded', String(featuresLoaded));
    };
    show(useMapStore.getState());
    return useMapStore.subscribe(show);
  }, [target]);
}

export function MapView({ appKey, config, apiBase }: MapViewProps) {
  const { t } = useTranslation();
  useMapLayout();
  const target = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<OlMap>();
  useLoadingAttributes(target);
  // Read before the first move rewrites the address: a permalink's view is kept, not fitted over.
  const [keepView] = useState(openedAtPermalink);
  // Where the map starts, read once (the map is made once): the app's last fit unless a permalink names a view.
  const startAt = useRef({ appKey, keepView });

  useEffect(() => {
    // SPEC §3/§9 map view defaults: EPSG:3857, zoom 1, centre 0,0. The bundled land layer is
    // always there so the map is never blank, even offline or with an unknown app key.
    const m = new OlMap({
      target: target.current!,
      layers: [createLandLayer()],
      controls: defaultControls({ attributionOptions: { collapsible: true } }).extend([new ScaleLine()]),
      // Not OL's Map's own defaults, which drag and wheel-zoom only while a target with a tabindex
      // has the focus: a finger's drag gives none, and the map did not move until tapped once.
      interactions: mapInteractions(),
      view: new View({
        projection: DEFAULT_PROJECTION,
        center: fromLonLat([...DEFAULT_CENTER]),
        zoom: DEFAULT_ZOOM,
      }),
    });
    // A permalink's view is set by usePermalink; otherwise the view the fit made last time (last_fit.ts).
    if (!startAt.current.keepView) startAtLastFit(startAt.current.appKey, m);
    const onMoveEnd = () => {
      const center = m.getView().getCenter();
      if (center && target.current) target.current.dataset.viewCenter = formatLonLat(toLonLat(center));
    };
    m.on('moveend', onMoveEnd);
    const releaseIdle = holdIdleWhileMoving(m);
    setMap(m);
    return () => {
      releaseIdle();
      m.un('moveend', onMoveEnd);
      m.setTarget(undefined);
      m.dispose();
    };
  }, []);

  // The demo's layers come from Natural Earth (countries, borders) and GeoNames (cities): credited beside the land.
  useEffect(() => {
    if (map) setLandCredits(map, appKey === DEMO_APP_KEY ? ['naturalEarth', 'geonames'] : ['naturalEarth']);
  }, [map, appKey]);

  const renderer = useFeatureRenderer(map);
  useEffect(() => {
    useMapInstance.setState({ map, renderer });
    return () => useMapInstance.setState({ map: undefined, renderer: undefined });
  }, [map, renderer]);
  useMapLayers(map, renderer, appKey, config, apiBase, keepView);
  useSelectOnTap(map);
  usePermalink(map);

  return (
    <div
      ref={target}
      data-testid="map"
      role="region"
      aria-label={t('map.label')}
      // Focusable, so the arrow keys pan and +/- zoom (OL listens for keys on this target).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the map region is operated with the keyboard (pan, zoom)
      tabIndex={0}
      style={{ position: 'absolute', inset: 0, background: OCEAN_COLOR }}
    />
  );
}
