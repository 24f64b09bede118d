// Start-up configuration (SPEC §7 "Startup"): the local files first, then the server's config for
// the app key, merged (src/config/merge_config.ts). A missing configuration warns once (SPEC §8).
import { useDeferredValue, useEffect, useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS, type AppConfig } from '../model/index.ts';
import { useAppConfig } from '../config/use_app_config.ts';
import { interpretLocalConfig, loadLocalConfigFiles, type LocalConfig, type LocalConfigFiles } from '../config/local_config.ts';
import { keepStartCopy, readStartCopy } from '../config/start_copy.ts';
import { isConfigMissing, mergeAppConfig } from '../config/merge_config.ts';
import { notify } from '../state/notifications.ts';

export interface ShellConfig {
  config: AppConfig;
  local: LocalConfig | undefined;
  /** The server's configuration for the key, once it answered. */
  serverConfig: AppConfig | undefined;
  /** Why the server's configuration could not be had (react-query's error). */
  appError: Error | null;
  appLoaded: boolean;
  ready: boolean;
}

/** Where the last open kept the local files as read (src/config/start_copy.ts). */
const LOCAL_FILES_COPY = 'mapdraft.localConfigFiles';

/**
 * The local configuration files' query (the shell's, and the start-up's that fills it early:
 * src/start_early.ts). Issue 17: the files the last open read are its first data, shown at once and
 * read again at once (never fresh), so a reopened app's first render has them.
 */
export const localConfigQuery = () =>
  queryOptions({
    queryKey: ['localConfig'],
    queryFn: async () => {
      const files = await loadLocalConfigFiles();
      keepStartCopy(LOCAL_FILES_COPY, files);
      return interpretLocalConfig(files);
    },
    // Read once a session (a later mount takes the answer it has); the last open's copy is stale.
    staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Infinity),
    initialData: () => {
      const files = readStartCopy(LOCAL_FILES_COPY);
      return files && typeof files === 'object' ? interpretLocalConfig(files as Partial<LocalConfigFiles>) : undefined;
    },
    initialDataUpdatedAt: 0,
    retry: false,
  });

/** Where the app's configuration is asked for (SPEC §7 serverUrl of the local files; '' = same origin). */
export const configServerUrl = (local: LocalConfig | undefined): string =>
  typeof local?.appConfig.serverUrl === 'string' ? local.appConfig.serverUrl : '';

export function useShellConfig(appKey: string): ShellConfig {
  const local = useQuery(localConfigQuery());
  const app = useAppConfig(appKey, { apiBase: configServerUrl(local.data) });
  const answers = useMemo(
    () => ({
      appKey,
      local: local.data,
      serverConfig: app.data?.config,
      appError: app.error,
      appLoaded: app.isSuccess,
      ready: !local.isPending && !app.isPending,
      missing: local.data !== undefined && isConfigMissing(local.data, app.isError),
    }),
    [appKey, local.data, local.isPending, app.data, app.error, app.isSuccess, app.isPending, app.isError],
  );
  // Issue 17: an answer re-renders the whole shell (a new theme, the app's title, its layers). Taken
  // as a deferred value, React renders it in slices between the map's frames and the data worker's
  // messages, not as one long task of the open; all the answers move together, so no component sees
  // the server's configuration beside the start-up default's app name. Answers for another key than
  // the address's (an app left for another) are not shown: as before its own answer came.
  const deferred = useDeferredValue(answers);
  const { missing, appKey: _answeredKey, ...shown } = deferred.appKey === appKey ? deferred : unanswered(deferred);
  const config = useMemo(() => mergeAppConfig(shown.local ?? emptyLocal, shown.serverConfig), [shown.local, shown.serverConfig]);
  useEffect(() => {
    if (!missing) return;
    console.warn(ERRORS.MISSING_CONFIGURATION, appKey);
    notify({ intent: 'warning', textKey: 'errors.MISSING_CONFIGURATION', defaultText: ERRORS.MISSING_CONFIGURATION });
  }, [missing, appKey]);
  return { ...shown, config };
}

function unanswered<T extends { local: LocalConfig | undefined }>(answers: T) {
  return { ...answers, serverConfig: undefined, appError: null, appLoaded: false, ready: false, missing: false };
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
