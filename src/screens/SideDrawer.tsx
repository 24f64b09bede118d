// SPEC §2 left and right drawers, each with a default tab (SPEC §3 leftDrawerComponent /
// defaultLeftDrawerComponent, rightDrawerComponent / defaultRightDrawer). Inline beside the map on
// a desktop, an overlay on a phone. The tab contents belong to their own features; the shell lists
// the layers so the drawer is useful from day one.
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  InlineDrawer,
  OverlayDrawer,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { useUiStore } from '../state/ui_store.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../state/use_media_query.ts';
import { LayerList } from './LayerList.tsx';
import { PendingChangesTab, SearchTab } from './DrawerTabs.tsx';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { Legend } from '../map/Legend.tsx';

/** Tabs when the app config names none. */
const DEFAULT_LEFT = ['layers', 'legend'];
// The search is the field on the map (src/search/SearchBar.tsx), not a drawer tab.
const DEFAULT_RIGHT = ['pendingChanges'];

const leftTabs = (c: AppConfig) => (c.leftDrawerComponent.length ? c.leftDrawerComponent : DEFAULT_LEFT);
const rightTabs = (c: AppConfig) => (c.rightDrawerComponent.length ? c.rightDrawerComponent : DEFAULT_RIGHT);

/** The tab shown: the chosen one if still offered, else the configured default, else the first. */
export function activeTab(status: string, tabs: string[], defaultTab: string | undefined): string {
  if (status !== 'default' && tabs.includes(status)) return status;
  return defaultTab && tabs.includes(defaultTab) ? defaultTab : tabs[0];
}

const useStyles = makeStyles({
  drawer: { width: '320px', maxWidth: '88vw' },
  tabs: { paddingBottom: tokens.spacingVerticalS },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
});

export interface SideDrawerProps {
  side: 'left' | 'right';
  config: AppConfig;
}

export function SideDrawer({ side, config }: SideDrawerProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const open = useUiStore((s) => (side === 'left' ? s.leftOpen : s.rightOpen));
  useReturnFocus(open);
  const status = useUiStore((s) => (side === 'left' ? s.leftStatus : s.rightStatus));
  const ui = useUiStore.getState();
  const setOpen = side === 'left' ? ui.setLeftOpen : ui.setRightOpen;
  const setStatus = side === 'left' ? ui.setLeftStatus : ui.setRightStatus;
  const tabs = side === 'left' ? leftTabs(config) : rightTabs(config);
  const tab = activeTab(status, tabs, side === 'left' ? config.defaultLeftDrawerComponent : config.defaultRightDrawer);
  const label = t(side === 'left' ? 'shell.leftDrawer' : 'shell.rightDrawer');
  const content = (
    <>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={<Button appearance="subtle" aria-label={t('common.close')} icon={<Dismiss24Regular />} onClick={() => setOpen(false)} />}
        >
          {t(`drawer.tabs.${tab}`, { defaultValue: tab })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => setStatus(String(d.value))}
          size="small"
          data-testid={`${side}-drawer-tabs`}
        >
          {tabs.map((name) => (
            <Tab key={name} value={name}>
              {t(`drawer.tabs.${name}`, { defaultValue: name })}
            </Tab>
          ))}
        </TabList>
        {tab === 'layers' ? (
          <LayerList config={config} />
        ) : tab === 'legend' ? (
          <Legend layers={config.layersConfig} />
        ) : tab === 'pendingChanges' ? (
          <PendingChangesTab />
        ) : tab === 'search' ? (
          <SearchTab />
        ) : (
          <div className={styles.empty}>{t('drawer.empty')}</div>
        )}
      </DrawerBody>
    </>
  );
  const position = side === 'left' ? 'start' : 'end';
  // No slide-in: the drawer motion stalls while the render worker keeps the compositor busy (seen
  // with software GL at 1280 and 360 px), leaving an empty panel or a bare backdrop.
  const common = { open, position, className: styles.drawer, 'aria-label': label, 'data-testid': `${side}-drawer` } as const;
  return desktop ? (
    <InlineDrawer {...common} separator surfaceMotion={null}>
      {content}
    </InlineDrawer>
  ) : (
    <OverlayDrawer {...common} backdropMotion={null} surfaceMotion={null} onOpenChange={(_, d) => setOpen(d.open)}>
      {content}
    </OverlayDrawer>
  );
}
