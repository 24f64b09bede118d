// SPEC §4/§9 long press: routing's items of the map's context menu (map_menu.ts). "Route from here" /
// "Route to here" set the pressed point as the route's origin / destination, which opens the route
// panel (route_store.ts); shown only where the app has routing (SPEC §1).
import { FlagCheckeredRegular, FlagRegular } from '@fluentui/react-icons';
import { routingSettings } from '../model/index.ts';
import type { MapMenuContext, MapMenuItem } from '../map/map_menu.ts';
import { useRoute } from './route_store.ts';

const routingEnabled = (ctx: MapMenuContext) => routingSettings(ctx.config.routing).enabled;

export const ROUTE_MENU_ITEMS: readonly MapMenuItem[] = [
  {
    id: 'route-from-here',
    labelKey: 'mapMenu.routeFromHere',
    icon: <FlagRegular />,
    order: 30,
    visible: routingEnabled,
    run: (ctx) => useRoute.getState().setOrigin(ctx.lonLat),
  },
  {
    id: 'route-to-here',
    labelKey: 'mapMenu.routeToHere',
    icon: <FlagCheckeredRegular />,
    order: 31,
    visible: routingEnabled,
    run: (ctx) => useRoute.getState().setDestination(ctx.lonLat),
  },
];
