// The app shell: route switch (SPEC §2), configuration applied (SPEC §3: title, icon,
// colours, font size, language, theme), query-parameter intents, dialogs, notifications, PWA notices.
import { memo, Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { FluentProvider } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DEMO_APP_KEY, type AppConfig } from '../model/index.ts';
import { resolveAppKey } from '../api/app_key.ts';
import { useShellTheme } from '../config/theme.ts';
import { showAppIdentity } from '../config/app_identity.ts';
import { useOutdoor } from '../state/outdoor_store.ts';
import { lazyNamed } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { parseRoute } from '../state/route.ts';
import { useLocationStore } from '../state/location_store.ts';
import { useSettingsStore } from '../state/settings_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useShellConfig } from './use_shell_config.ts';
import { useShownSettings } from './use_shown_settings.ts';
import { useQueryIntents } from './use_query_intents.ts';
import { MapScreen } from './MapScreen.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';
import { Notifier, useNotifierMounted } from './Notifier.tsx';
import { CookieBanner } from './CookieBanner.tsx';
import { answerConfirm, useConfirmStore } from '../dialogs/confirm_store.ts';
import { answerRegistration, useRegisterStore } from '../owner/workspace_register.ts';
import { usePwaStore } from '../pwa/register_sw.ts';
import { useOnline } from '../pwa/connectivity.ts';
import { LoadingSpinner } from '../ui/LoadingSpinner.tsx';

// Issue 17: the overview and the dialogs are not on the first screen: chunks of their own, loaded
// with the SPEC §9 time-out when first opened (or prefetched once the features are drawn).
const OverviewScreen = lazyNamed<{ appKey: string }>(() => import('./OverviewScreen.tsx'), 'OverviewScreen');
const AuthDialog = lazyNamed<{ config: AppConfig; appKey: string }>(() => import('../dialogs/AuthDialog.tsx'), 'AuthDialog');
const SettingsDialog = lazyNamed<{ config: AppConfig }>(() => import('../dialogs/SettingsDialog.tsx'), 'SettingsDialog');
const ConfirmHost = lazyNamed(() => import('../dialogs/ConfirmDialog.tsx'), 'ConfirmHost');
const WorkspaceRegisterHost = lazyNamed(() => import('../owner/WorkspaceRegisterDialog.tsx'), 'WorkspaceRegisterHost');
// Shown offline or with a new version waiting (SPEC §2), which an online first screen is not.
const PwaNotices = lazyNamed(() => import('../pwa/PwaNotices.tsx'), 'PwaNotices');

/**
 * The shell's dialogs and notices, each mounted the first time it opens. Memoised: the shell
 * re-renders with each start-up answer before its configuration changes (issue 17).
 */
const ShellDialogs = memo(function ShellDialogs({ config, appKey }: { config: AppConfig; appKey: string }) {
  const authOpen = useUiStore((s) => s.authTab !== null);
  const settingsOpen = useUiStore((s) => s.settingsTab !== null);
  const confirmOpen = useConfirmStore((s) => s.pending !== null);
  const registerOpen = useRegisterStore((s) => s.pending !== null);
  const online = useOnline();
  const updateAvailable = usePwaStore((s) => s.updateAvailable);
  const ui = useUiStore.getState();
  return (
    <>
      <LazySurface open={authOpen} onFailed={() => ui.openAuth(null)}>
        <AuthDialog config={config} appKey={appKey} />
      </LazySurface>
      <LazySurface open={settingsOpen} onFailed={() => ui.openSettings(null)}>
        <SettingsDialog config={config} />
      </LazySurface>
      {/* An unanswered question is answered "no" (SPEC §8 confirmations). */}
      <LazySurface open={confirmOpen} onFailed={() => answerConfirm(false)}>
        <ConfirmHost />
      </LazySurface>
      <LazySurface open={registerOpen} onFailed={() => answerRegistration(false)}>
        <WorkspaceRegisterHost />
      </LazySurface>
      <LazySurface open={!online || updateAvailable}>
        <PwaNotices />
      </LazySurface>
    </>
  );
});

/**
 * SPEC §1 installable, customise: "add to home screen" installs this app with its owner's name and
 * icons, so the page links the app's own manifest instead of the build's generic one.
 */
function linkAppManifest(appKey: string) {
  let link = document.querySelector<HTMLLinkElement>('link[rel=manifest]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  link.href = `/api/public/apps/${appKey}/manifest`;
}

export function Shell() {
  const { i18n } = useTranslation();
  const pathname = useLocationStore((s) => s.pathname);
  const search = useLocationStore((s) => s.search);
  const hash = useLocationStore((s) => s.hash);
  const route = useMemo(() => parseRoute(pathname), [pathname]);
  // No key in the address: the demo app, so `/` is never an empty page.
  const appKey = resolveAppKey({ pathname, search, hash }, DEMO_APP_KEY);
  const shell = useShellConfig(appKey);
  const { config, ready } = shell;
  // SPEC §3: the stored language, else the app's defaultLanguage, replaces the en_US start-up default.
  const { language: lng, themeMode: mode } = useShownSettings(appKey, config);

  useEffect(() => {
    if (ready) void useSettingsStore.getState().init(appKey, config);
  }, [ready, appKey, config]);
  useEffect(() => {
    if (lng !== i18n.language) void i18n.changeLanguage(lng);
    document.documentElement.lang = lng.replace('_', '-');
  }, [lng, i18n]);
  // Before the paint: with the start copy the first render already has the app's name, so the
  // tab shows it from the first frame, and the task after the first paint is not made longer.
  useLayoutEffect(
    () => showAppIdentity(config.appName, config.appIcon, config.primaryColor),
    [config.appName, config.appIcon, config.primaryColor],
  );
  useEffect(() => linkAppManifest(appKey), [appKey]);
  useEffect(() => {
    if (route.name === 'overview') useUiStore.getState().enterOverview();
  }, [route.name]);
  useQueryIntents(search);

  const notifierMounted = useNotifierMounted();
  const outdoor = useOutdoor((s) => s.on);
  const theme = useShellTheme(config, mode, outdoor);
  return (
    <FluentProvider theme={theme} style={{ height: '100%' }} data-theme-mode={mode} data-outdoor={outdoor ? 'true' : undefined}>
      {notifierMounted && <Notifier />}
      {route.name === 'map' && (
        <MapScreen
          appKey={appKey}
          config={config}
          serverConfig={shell.serverConfig}
          appError={shell.appError}
          appLoaded={shell.appLoaded}
        />
      )}
      {route.name === 'overview' && (
        <Suspense fallback={<LoadingSpinner />}>
          <OverviewScreen appKey={appKey} />
        </Suspense>
      )}
      {route.name === 'notFound' && <NotFoundScreen appKey={appKey} />}
      <ShellDialogs config={config} appKey={appKey} />
      {config.useCookies && <CookieBanner />}
    </FluentProvider>
  );
}
