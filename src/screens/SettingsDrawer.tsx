// SPEC §2 "a left settings drawer": quick theme switch and the entries that open the settings
// dialog on a tab, the about page, the app overview and the account dialog.
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  MenuList,
  MenuItem,
  OverlayDrawer,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TABS } from '../state/query_rules.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useSettingsStore } from '../state/settings_store.ts';
import { useLocationStore } from '../state/location_store.ts';
import { routePath } from '../state/route.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useAppKey } from './use_app_key.ts';

const useStyles = makeStyles({
  drawer: { width: '300px', maxWidth: '88vw' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

export function SettingsDrawer() {
  const { t } = useTranslation();
  const styles = useStyles();
  const open = useUiStore((s) => s.settingsDrawerOpen);
  useReturnFocus(open);
  const ui = useUiStore.getState();
  const mode = useSettingsStore((s) => s.settings.themeMode ?? 'light');
  const loggedIn = useAuthStore(isLoggedIn);
  const appKey = useAppKey();
  const close = () => ui.setSettingsDrawerOpen(false);
  return (
    <OverlayDrawer
      open={open}
      position="start"
      className={styles.drawer}
      // See SideDrawer: no motion, it can stall behind the map's rendering.
      backdropMotion={null}
      surfaceMotion={null}
      onOpenChange={(_, d) => ui.setSettingsDrawerOpen(d.open)}
      data-testid="settings-drawer"
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={t('common.close')} icon={<Dismiss24Regular />} onClick={close} />}
        >
          {t('settings.title')}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.section}>
        <Switch
          label={t('settings.darkTheme')}
          checked={mode === 'dark'}
          onChange={(_, d) => void useSettingsStore.getState().update({ themeMode: d.checked ? 'dark' : 'light' })}
          data-testid="theme-switch"
        />
        <MenuList>
          {SETTINGS_TABS.map((tab) => (
            <MenuItem key={tab} onClick={() => ui.openSettings(tab)} data-testid={`settings-entry-${tab}`}>
              {t(`settings.tabs.${tab}`)}
            </MenuItem>
          ))}
          <MenuItem onClick={() => ui.openAuth(loggedIn ? 'userInformation' : 'login')} data-testid="settings-entry-account">
            {t('auth.title')}
          </MenuItem>
          <MenuItem
            data-testid="settings-entry-about"
            onClick={() => {
              close();
              ui.setAboutOpen(true);
            }}
          >
            {t('about.title')}
          </MenuItem>
          {loggedIn && (
            <MenuItem
              onClick={() => useLocationStore.getState().navigate(routePath('overview', appKey))}
              data-testid="settings-entry-overview"
            >
              {t('overview.title')}
            </MenuItem>
          )}
        </MenuList>
      </DrawerBody>
    </OverlayDrawer>
  );
}
