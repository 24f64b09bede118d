// SPEC §3 activeAddNewPoiAtLocation "New point here": the new point's draft at the user's position;
// without a position, SPEC §8's 'No location data available on the map' (code 3: shown 12 s).
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS, layerSchema } from '../../src/model/index.ts';
import { newPointAtLocation } from '../../src/field/new_point_here.ts';
import { useDraft } from '../../src/edit/draft_store.ts';
import { useUserLocation } from '../../src/location/location_store.ts';
import { clearPendingNotifications, setNotificationSink, type Notice } from '../../src/state/notifications.ts';

const api = { apiBase: '', appKey: 'k' };
const layer = layerSchema.parse({
  id: 'trees',
  name: 'Trees',
  type: 'Point',
  workspace: 'ws_demo',
  edit: true,
  properties: [{ name: 'name', label: 'Name', type: 'TEXT', editable: true }],
});

describe('new point here', () => {
  const notices: Notice[] = [];
  setNotificationSink((n) => notices.push(n));
  afterEach(() => {
    notices.length = 0;
    clearPendingNotifications();
    useDraft.getState().discard();
    useUserLocation.setState({ position: null });
  });

  it('places the new point at the current position, as a new feature of the layer', async () => {
    useUserLocation.setState({ position: { lon: 2.35, lat: 48.85, accuracy: 5, heading: null, altitude: null, time: 1 } });
    expect(await newPointAtLocation(api, layer, false)).toBe(true);
    const draft = useDraft.getState().draft!;
    expect(draft).toMatchObject({
      gfid: null,
      layer: { id: 'trees', geometryType: 'Point' },
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
    });
    expect(notices).toEqual([]);
  });

  it("says 'No location data available on the map' when no position comes", async () => {
    // Node has no navigator.geolocation: as a browser without a location.
    expect(await newPointAtLocation(api, layer, false)).toBe(false);
    expect(useDraft.getState().draft).toBeNull();
    expect(notices).toEqual([
      expect.objectContaining({
        intent: 'error',
        textKey: 'errors.NO_LOCATION_ON_MAP',
        defaultText: ERRORS.NO_LOCATION_ON_MAP,
        timeout: 12000,
      }),
    ]);
    expect(ERRORS.NO_LOCATION_ON_MAP).toBe('No location data available on the map');
  });
});
