// SPEC §1 routing on the map screen: the Route button (below the Location button) opens the route
// panel, as do the long-press menu's "route from/to here" (route_menu_items.tsx); the route is
// computed (use_route_compute.ts) and drawn (RouteOverlay) whatever set its ends.
import { useEffect } from 'react';
import { Button, makeStyles } from '@fluentui/react-components';
import { Directions24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { routingSettings, type AppConfig } from '../model/index.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { registerMapMenuItem } from '../map/map_menu.ts';
import { RouteOverlay } from './RouteOverlay.tsx';
import { lazyNamed } from '../config/lazy.ts';
import { LazySurface } from '../config/LazySurface.tsx';
import { ROUTE_MENU_ITEMS } from './route_menu_items.tsx';
import { useRoute } from './route_store.ts';
import { useRouteCompute } from './use_route_compute.ts';
import { mapColumnButton } from '../map/map_button_column.ts';

const useStyles = makeStyles({
  button: mapColumnButton('route'),
});

// Issue 17: the panel opens on the Route button or a menu item, not on the first screen.
const RoutePanel = lazyNamed<{ config: AppConfig }>(() => import('./RoutePanel.tsx'), 'RoutePanel');

export function RouteTool({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const map = useMapInstance((s) => s.map);
  const open = useRoute((s) => s.open);
  useRouteCompute(config);
  useEffect(() => {
    const removals = ROUTE_MENU_ITEMS.map(registerMapMenuItem);
    return () => {
      for (const remove of removals) remove();
    };
  }, []);
  if (!routingSettings(config.routing).enabled) return null;
  return (
    <>
      <Button
        className={styles.button}
        icon={<Directions24Regular />}
        aria-label={t('route.title')}
        aria-pressed={open}
        onClick={() => useRoute.getState().setOpen(!open)}
        data-testid="route-button"
      />
      <RouteOverlay map={map} />
      <LazySurface open={open} onFailed={() => useRoute.getState().setOpen(false)}>
        <RoutePanel config={config} />
      </LazySurface>
    </>
  );
}
