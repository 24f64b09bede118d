// SPEC §2 map screen (route `/:appkey?`): app bar, left and right drawers with their default
// tabs, the map, the about page, the left settings drawer and the footer imprint.
import { memo, useEffect } from 'react';
import { makeStyles } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client.ts';
import { MapView } from '../map/MapView.tsx';
import { FeatureLayer } from './FeatureLayer.tsx';
import { LocationButton } from '../location/LocationButton.tsx';
import { FieldTools } from '../field/FieldTools.tsx';
import { SearchBar } from '../search/SearchBar.tsx';
import { RouteTool } from '../route/RouteTool.tsx';
import { useMapStore } from '../state/map_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { AppBar } from './AppBar.tsx';
import { AppErrorBar, errorKeyOfMessage } from './AppErrorBar.tsx';
import { Footer } from './Footer.tsx';
import { COOKIE_BANNER_SPACE } from './CookieBanner.tsx';
import { useOnline } from '../pwa/connectivity.ts';
import type { AppConfig } from '../model/index.ts';
import { lazyNamed, prefetchLazyChunksAfterMark } from '../config/lazy.ts';
import { StylePrewarm } from './StylePrewarm.tsx';
import { afterChunks, PREFETCH_FALLBACK_MS } from './after_chunks.ts';
import { FEATURES_DRAWN_MARK } from '../map/layer_session.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import type { SideDrawerProps } from './SideDrawer.tsx';

// Issue 17: closed on the first screen, so chunks of their own (mounted on first opening).
const SideDrawer = lazyNamed<SideDrawerProps>(() => import('./SideDrawer.tsx'), 'SideDrawer');
const SettingsDrawer = lazyNamed(() => import('./SettingsDrawer.tsx'), 'SettingsDrawer');
const AboutDialog = lazyNamed<{ config: AppConfig }>(() => import('./AboutDialog.tsx'), 'AboutDialog');

function Drawer({ side, config }: SideDrawerProps) {
  const open = useUiStore((s) => (side === 'left' ? s.leftOpen : s.rightOpen));
  const ui = useUiStore.getState();
  return (
    <LazySurface open={open} onFailed={() => (side === 'left' ? ui.setLeftOpen(false) : ui.setRightOpen(false))}>
      <SideDrawer side={side} config={config} />
    </LazySurface>
  );
}

function MapScreenDialogs({ config }: { config: AppConfig }) {
  const settingsOpen = useUiStore((s) => s.settingsDrawerOpen);
  const aboutOpen = useUiStore((s) => s.aboutOpen);
  const ui = useUiStore.getState();
  return (
    <>
      <LazySurface open={settingsOpen} onFailed={() => ui.setSettingsDrawerOpen(false)}>
        <SettingsDrawer />
      </LazySurface>
      <LazySurface open={aboutOpen} onFailed={() => ui.setAboutOpen(false)}>
        <AboutDialog config={config} />
      </LazySurface>
    </>
  );
}

const useStyles = makeStyles({
  // Ends above the cookie banner while it shows: it covers no control (issue 19).
  main: {
    position: 'fixed',
    top: 0,
    left: 0,
    right: 0,
    bottom: COOKIE_BANNER_SPACE,
    overflow: 'hidden',
    display: 'flex',
    flexDirection: 'column',
  },
  body: { position: 'relative', flex: 1, display: 'flex', minHeight: 0 },
  map: { position: 'relative', flex: 1, minWidth: 0 },
});

interface MapScreenProps {
  appKey: string;
  /** The merged configuration (`useShellConfig`). */
  config: AppConfig;
  /** The server's configuration for the key, once it (or the stored copy) answered. */
  serverConfig: AppConfig | undefined;
  appError: Error | null;
  appLoaded: boolean;
}

/**
 * Memoised, with plain props: the shell re-renders when the stored settings arrive, which in a large
 * first open is while the layers load; the map screen's bar, buttons and map do not (issue 17, a
 * 40 ms main-thread task at 4× each time).
 */
export const MapScreen = memo(function MapScreen({ appKey, config, serverConfig, appError, appLoaded }: MapScreenProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const layerError = useMapStore((s) => s.layerError);
  const online = useOnline();
  // Offline, a failed fetch is no server error: the persistent offline notice says why (SPEC §2).
  const err = appError && (online || appError instanceof ApiError) ? appError : null;
  // Issue 17: every lazy chunk, in idle time once the features are drawn, so a tap finds its code here.
  useEffect(() => prefetchLazyChunksAfterMark(FEATURES_DRAWN_MARK, PREFETCH_FALLBACK_MS), []);
  useEffect(() => {
    // SPEC §2: the about page can open by default; only once the server config has said so.
    if (appLoaded && config.defaultAboutPageOpen) useUiStore.getState().setAboutOpen(true);
  }, [appLoaded, config.defaultAboutPageOpen]);
  return (
    <main className={styles.main}>
      {/* Issue 17: the prompt's Fluent styles go in when the page is idle after the chunks. */}
      <StylePrewarm when={afterChunks} />
      <AppBar config={config} />
      <div className={styles.body}>
        <Drawer side="left" config={config} />
        {/* The base map stays visible whatever happened to the config (SPEC §1 offline-capable). */}
        <div className={styles.map}>
          {/* SPEC §7: calls go to the server base address (config.serverUrl; '' = same origin). */}
          <MapView appKey={appKey} config={serverConfig} apiBase={serverConfig?.serverUrl} />
          {/* SPEC §4 Location button and the position layer, below OL's zoom buttons. */}
          <LocationButton />
          {/* SPEC §4 field tools: track recording, long-press menu, outdoor mode, below the Location button. */}
          <FieldTools api={{ apiBase: serverConfig?.serverUrl ?? '', appKey, appName: config.appName }} config={config} />
          {/* SPEC §2 search: always on the map; features (unless search.featureSearch is off), layers, places. */}
          <SearchBar config={config} appKey={appKey} />
          {/* SPEC §1 routing: the Route button, the route panel and the route on the map. */}
          <RouteTool config={config} />
          {/* SPEC §2/§4: feature prompt, drawing, comparison and pending changes over the map. */}
          <FeatureLayer appKey={appKey} config={config} apiBase={serverConfig?.serverUrl ?? ''} appLoaded={appLoaded} />
          {err && (
            <AppErrorBar
              key={`app-${appKey}`}
              errorKey={err instanceof ApiError ? err.key : undefined}
              message={err instanceof ApiError ? err.message : t('errors.INTERNAL_SERVER_ERROR')}
            />
          )}
          {!err && layerError && (
            <AppErrorBar
              key={`${layerError.layerId}:${layerError.message}`}
              errorKey={errorKeyOfMessage(layerError.message)}
              title={t('map.layerFailed', {
                layer: config.layersConfig.find((l) => l.id === layerError.layerId)?.name ?? layerError.layerId,
              })}
              message={layerError.message}
            />
          )}
        </div>
        <Drawer side="right" config={config} />
      </div>
      <Footer config={config} />
      <MapScreenDialogs config={config} />
    </main>
  );
});
