// Each app's settings from the overview (SPEC §1 "customise title, icon, colours, font size, default
// language and extra base layers, and can add layers and workspaces"): one dialog, three tabs.
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { BaseLayersPane } from './BaseLayersPane.tsx';
import { CustomisePane } from './CustomisePane.tsx';
import { LayersPane } from './LayersPane.tsx';
import { WorkspacesPane } from './WorkspacesPane.tsx';
import { useReturnFocus } from '../state/use_return_focus.ts';

const TABS = ['customise', 'baseLayers', 'layers', 'workspaces'] as const;
type SettingsTab = (typeof TABS)[number];

export function AppSettingsDialog({ appKey, onClose, onSaved }: { appKey: string; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>('customise');
  useReturnFocus(true);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="app-settings-dialog" style={{ maxWidth: 720, width: 'calc(100vw - 16px)', boxSizing: 'border-box' }}>
        <DialogBody>
          <DialogTitle>{t('owner.settings')}</DialogTitle>
          <DialogContent>
            <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as SettingsTab)} size="small" style={{ flexWrap: 'wrap' }}>
              {TABS.map((name) => (
                <Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
                  {t(`owner.tabs.${name}`)}
                </Tab>
              ))}
            </TabList>
            <div style={{ paddingTop: 12 }}>
              {tab === 'customise' && <CustomisePane appKey={appKey} onSaved={onSaved} />}
              {tab === 'baseLayers' && <BaseLayersPane appKey={appKey} />}
              {tab === 'layers' && <LayersPane appKey={appKey} />}
              {tab === 'workspaces' && <WorkspacesPane appKey={appKey} />}
            </div>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="app-settings-close">
              {t('common.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
