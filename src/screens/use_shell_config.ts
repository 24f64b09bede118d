// Start-up configuration (SPEC §7 "Startup"): the local files first, then the server's config for
// the app key, merged (src/config/merge_config.ts). A missing configuration warns once (SPEC §8).
import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ERRORS, type AppConfig } from '../model/index.ts';
import { useAppConfig } from '../config/use_app_config.ts';
import { loadLocalConfig, type LocalConfig } from '../config/local_config.ts';
import { isConfigMissing, mergeAppConfig } from '../config/merge_config.ts';
import { notify } from '../state/notifications.ts';

export interface ShellConfig {
  config: AppConfig;
  local: LocalConfig | undefined;
  /** The server's answer for the key (or its error), as react-query holds it. */
  app: ReturnType<typeof useAppConfig>;
  ready: boolean;
}

export function useShellConfig(appKey: string): ShellConfig {
  const local = useQuery({ queryKey: ['localConfig'], queryFn: () => loadLocalConfig(), staleTime: Infinity, retry: false });
  const serverUrl = typeof local.data?.appConfig.serverUrl === 'string' ? local.data.appConfig.serverUrl : '';
  const app = useAppConfig(appKey, { apiBase: serverUrl });
  const config = useMemo(() => mergeAppConfig(local.data ?? emptyLocal, app.data?.config), [local.data, app.data]);
  const missing = local.data !== undefined && isConfigMissing(local.data, app.isError);
  useEffect(() => {
    if (!missing) return;
    console.warn(ERRORS.MISSING_CONFIGURATION, appKey);
    notify({ intent: 'warning', textKey: 'errors.MISSING_CONFIGURATION', defaultText: ERRORS.MISSING_CONFIGURATION });
  }, [missing, appKey]);
  return { config, local: local.data, app, ready: !local.isPending && !app.isPending };
}

const emptyLocal: LocalConfig = {
  httpConstants: {},
  environment: 'PRODUCTION',
  appConfig: {},
  appVersion: undefined,
  mapConfigs: [],
  layers: [],
  baseLayers: [],
};
