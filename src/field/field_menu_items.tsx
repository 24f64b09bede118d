// The field tools' items of the map's context menu (map_menu.ts): a new point where the map was
// pressed, a new point at the user's position (SPEC §3 activeAddNewPoiAtLocation), copying the
// pressed point's coordinates (SPEC §8 "link copied") and the geolocation options (SPEC §2).
import { CopyRegular, LocationAddRegular, LocationSettingsRegular, MyLocationRegular } from '@fluentui/react-icons';
import { formatCoordinates } from '../model/index.ts';
import { editableLayersOf, startNewFeatureDraft } from '../edit/new_feature_draft.ts';
import type { MapMenuContext, MapMenuItem } from '../map/map_menu.ts';
import { notify, notifySuccess } from '../state/notifications.ts';
import { openLocationOptions } from './field_store.ts';
import { newPointAtLocation } from './new_point_here.ts';

/** SPEC §6: a signed-in user with an editable point layer; the first such layer takes the point. */
const pointLayer = (ctx: MapMenuContext) => (ctx.loggedIn ? editableLayersOf(ctx.config.layersConfig, 'Point')[0] : undefined);

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (or an http page): the older copy command still works on a selection.
    const area = Object.assign(document.createElement('textarea'), { value: text });
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    if (!ok) throw new Error('copy refused');
  }
}

export const FIELD_MENU_ITEMS: readonly MapMenuItem[] = [
  {
    id: 'new-point',
    labelKey: 'mapMenu.newPointHere',
    icon: <LocationAddRegular />,
    order: 10,
    visible: (ctx) => !!pointLayer(ctx),
    run: async (ctx) => {
      const layer = pointLayer(ctx);
      if (layer) await startNewFeatureDraft(ctx.api, layer, { type: 'Point', coordinates: ctx.lonLat }, ctx.admin);
    },
  },
  {
    id: 'new-point-at-location',
    labelKey: 'mapMenu.newPointAtLocation',
    icon: <MyLocationRegular />,
    order: 11,
    visible: (ctx) => ctx.config.activeAddNewPoiAtLocation && !!pointLayer(ctx),
    run: async (ctx) => {
      const layer = pointLayer(ctx);
      if (layer) await newPointAtLocation(ctx.api, layer, ctx.admin);
    },
  },
  {
    id: 'copy-coordinates',
    labelKey: 'mapMenu.copyCoordinates',
    icon: <CopyRegular />,
    order: 50,
    run: async (ctx) => {
      try {
        await copyText(formatCoordinates(ctx.lonLat, ctx.config.shortPrecisionCoordinates));
        notifySuccess('LINK_COPIED');
      } catch {
        notify({ intent: 'warning', textKey: 'mapMenu.copyFailed' });
      }
    },
  },
  {
    id: 'location-options',
    labelKey: 'mapMenu.locationOptions',
    icon: <LocationSettingsRegular />,
    order: 90,
    run: openLocationOptions,
  },
];
