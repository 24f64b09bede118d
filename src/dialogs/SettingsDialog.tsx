// SPEC §2/§3 settings: language and theme (general), time zone and time format (time), start
// zoom user-centred and geolocation features visible (map), default layer (layer). Opened by the
// settings drawer or `settings=<tab>` (SPEC §2). Changes are saved at once (src/state/settings_storage.ts).
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { SETTINGS_TABS, type SettingsTab } from '../state/query_rules.ts';
import { useUiStore } from '../state/ui_store.ts';
import { GeneralSettings, MapSettings, TimeSettings } from './SettingsPanes.tsx';
import { DefaultLayerForm } from './DefaultLayerForm.tsx';
import { useReturnFocus } from '../state/use_return_focus.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(560px, calc(100vw - 24px))', width: '100%', boxSizing: 'border-box' },
  tabs: { marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
});

export function SettingsDialog({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const tab = useUiStore((s) => s.settingsTab);
  useReturnFocus(tab !== null);
  const openSettings = useUiStore((s) => s.openSettings);
  const close = () => openSettings(null);
  return (
    <Dialog open={tab !== null} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={styles.surface} data-testid="settings-dialog" data-tab={tab ?? undefined}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('common.close')} icon={<Dismiss24Regular />} onClick={close} />}>
            {t('settings.title')}
          </DialogTitle>
          <DialogContent>
            <TabList
              className={styles.tabs}
              selectedValue={tab ?? SETTINGS_TABS[0]}
              onTabSelect={(_, d) => openSettings(d.value as SettingsTab)}
              size="small"
            >
              {SETTINGS_TABS.map((name) => (
                <Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
                  {t(`settings.tabs.${name}`)}
                </Tab>
              ))}
            </TabList>
            {tab === 'general' && <GeneralSettings />}
            {tab === 'time' && <TimeSettings />}
            {tab === 'map' && <MapSettings />}
            {tab === 'layer' && <DefaultLayerForm config={config} onDone={close} />}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
