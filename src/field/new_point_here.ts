// SPEC §3 activeAddNewPoiAtLocation, "New point here": a new point's draft at the user's current
// position. Without a position within the short timeout (SPEC §9, 7 s) the user is told
// 'No location data available on the map' (SPEC §8, code 3: shown as long as a timeout).
import { ERRORS, geolocationNotificationMs, type Layer } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import { startNewFeatureDraft } from '../edit/new_feature_draft.ts';
import { locateOnce } from '../location/location_service.ts';
import { notify } from '../state/notifications.ts';

export async function newPointAtLocation(api: ApiCtx, layer: Layer, admin: boolean): Promise<boolean> {
  const position = await locateOnce();
  if (!position) {
    notify({
      intent: 'error',
      textKey: 'errors.NO_LOCATION_ON_MAP',
      defaultText: ERRORS.NO_LOCATION_ON_MAP,
      timeout: geolocationNotificationMs('GEOLOCATION_TIMEOUT'),
    });
    return false;
  }
  return startNewFeatureDraft(api, layer, { type: 'Point', coordinates: [position.lon, position.lat] }, admin);
}
