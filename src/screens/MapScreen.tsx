// SPEC §2 map screen (route `/:appkey?`): app bar, map, and the app-level error notification.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, useAppConfig } from '../api/client.ts';
import { MapView } from '../map/MapView.tsx';
import { useMapStore } from '../state/mapStore.ts';
import { AppBar } from './AppBar.tsx';
import { AppErrorBar } from './AppErrorBar.tsx';

export function MapScreen({ appKey }: { appKey: string }) {
  const { t, i18n } = useTranslation();
  const app = useAppConfig(appKey);
  const language = app.data?.config.defaultLanguage;
  useEffect(() => {
    // SPEC §3: the app's defaultLanguage replaces the en_US start-up default.
    if (language && language !== i18n.language) void i18n.changeLanguage(language);
  }, [language, i18n]);
  const layerError = useMapStore((s) => s.layerError);
  const err = app.error;
  return (
    <main style={{ position: 'fixed', inset: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
      <AppBar title={app.data?.config.appName} />
      {/* The base map stays visible whatever happened to the config (SPEC §1 offline-capable). */}
      <div style={{ position: 'relative', flex: 1 }}>
        {/* SPEC §7: calls go to the server base address (config.serverUrl; '' = same origin). */}
        <MapView appKey={appKey} config={app.data?.config} apiBase={app.data?.config.serverUrl} />
      </div>
      {err && (
        <AppErrorBar
          key={`app-${appKey}`}
          errorKey={err instanceof ApiError ? err.key : undefined}
          message={err instanceof ApiError ? err.message : t('errors.INTERNAL_SERVER_ERROR')}
        />
      )}
      {!err && layerError && <AppErrorBar key={layerError} message={layerError} />}
    </main>
  );
}
