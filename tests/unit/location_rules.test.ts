// The location slice's pure logic (SPEC §4 geolocation, §8 messages, §9 timings) and the service's
// state machine against fake Geolocation / Permissions APIs.
import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS, GEOLOCATION_TIMEOUT_MS } from '../../src/model/index.ts';
import { formatLonLat, locationErrorKey, metresToMercator, positionFrom } from '../../src/location/location_rules.ts';
import { hideLocation, locateOnce, startWatching } from '../../src/location/location_service.ts';
import { useUserLocation } from '../../src/location/location_store.ts';
import { clearPendingNotifications, setNotificationSink, type Notice } from '../../src/state/notifications.ts';

describe('location rules', () => {
  it('reads a position, heading null when unknown and normalised to 0–360, altitude when known', () => {
    expect(positionFrom({ longitude: 2.35, latitude: 48.85, accuracy: 12, heading: null }, 5)).toEqual({
      lon: 2.35,
      lat: 48.85,
      accuracy: 12,
      heading: null,
      altitude: null,
      time: 5,
    });
    expect(positionFrom({ longitude: 0, latitude: 0, accuracy: 1, altitude: 35.5 }, 0).altitude).toBe(35.5);
    expect(positionFrom({ longitude: 0, latitude: 0, accuracy: 1, heading: Number.NaN }, 0).heading).toBeNull();
    expect(positionFrom({ longitude: 0, latitude: 0, accuracy: 1, heading: -90 }, 0).heading).toBe(270);
  });

  it('names the SPEC §8 message, the temporary denial on an attempt after an error', () => {
    expect(locationErrorKey(1, 'prompt')).toBe('GEOLOCATION_DENIED');
    expect(locationErrorKey(1, 'temporary_blocked')).toBe('GEOLOCATION_TEMPORARY_DENIED');
    expect(locationErrorKey(2, 'temporary_blocked')).toBe('GEOLOCATION_UNAVAILABLE');
    expect(locationErrorKey(3, 'loading')).toBe('GEOLOCATION_TIMEOUT');
    expect(locationErrorKey(9, 'loading')).toBe('GEOLOCATION_UNKNOWN');
  });

  it('converts metres to EPSG:3857 units by the Mercator scale', () => {
    expect(metresToMercator(100, 0)).toBeCloseTo(100, 9);
    expect(metresToMercator(100, 60)).toBeCloseTo(200, 9);
    expect(Number.isFinite(metresToMercator(100, 90))).toBe(true);
    expect(formatLonLat([2.352212345, 48.8566])).toBe('2.35221,48.85660');
  });
});

type Success = (p: GeolocationPosition) => void;
type Failure = (e: GeolocationPositionError) => void;

function fakeApis(permission: string) {
  const watches = new Map<number, { ok: Success; err: Failure; opts?: PositionOptions }>();
  let next = 1;
  const geolocation = {
    watchPosition(ok: Success, err: Failure, opts?: PositionOptions) {
      watches.set(next, { ok, err, opts });
      return next++;
    },
    clearWatch: (id: number) => void watches.delete(id),
    getCurrentPosition(ok: Success) {
      ok(fix(1, 2));
    },
  } as unknown as Geolocation;
  const permissions = { query: async () => ({ state: permission }) as PermissionStatus };
  return { apis: { geolocation, permissions }, watches };
}
const fix = (lon: number, lat: number) =>
  ({ coords: { longitude: lon, latitude: lat, accuracy: 10, heading: null }, timestamp: 1 }) as unknown as GeolocationPosition;

describe('location service', () => {
  const notices: Notice[] = [];
  setNotificationSink((n) => notices.push(n));
  afterEach(() => {
    notices.length = 0;
    clearPendingNotifications();
    useUserLocation.setState({ geoState: 'notFixed', position: null, visible: false, hadError: false });
  });

  it('goes loading → granted with a position, and hiding stops the watch and clears it', async () => {
    const { apis, watches } = fakeApis('granted');
    await startWatching(apis);
    expect(useUserLocation.getState()).toMatchObject({ geoState: 'loading', visible: true });
    const [w] = [...watches.values()];
    expect(w!.opts).toEqual({ enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS });
    w!.ok(fix(2.35, 48.85));
    expect(useUserLocation.getState()).toMatchObject({ geoState: 'granted', position: { lon: 2.35, lat: 48.85 } });
    hideLocation(apis);
    expect(watches.size).toBe(0);
    expect(useUserLocation.getState()).toMatchObject({ visible: false, position: null });
  });

  it('blocks on an error with the SPEC §8 text, then starts the next attempt temporary_blocked', async () => {
    const { apis, watches } = fakeApis('prompt');
    await startWatching(apis);
    expect(useUserLocation.getState().geoState).toBe('prompt');
    [...watches.values()][0]!.err({ code: 1 } as GeolocationPositionError);
    expect(useUserLocation.getState()).toMatchObject({ geoState: 'blocked', visible: false, hadError: true });
    expect(watches.size).toBe(0);
    expect(notices).toEqual([
      expect.objectContaining({
        intent: 'error',
        textKey: 'errors.GEOLOCATION_DENIED',
        defaultText: ERRORS.GEOLOCATION_DENIED,
        timeout: 5000,
      }),
    ]);
    await startWatching(apis);
    expect(useUserLocation.getState().geoState).toBe('temporary_blocked');
    [...watches.values()][0]!.err({ code: 1 } as GeolocationPositionError);
    expect(notices[1]).toMatchObject({ textKey: 'errors.GEOLOCATION_TEMPORARY_DENIED', timeout: 12000 });
  });

  it('keeps watching through an unavailable or timed-out update after a fix, but not through a denial', async () => {
    const { apis, watches } = fakeApis('granted');
    await startWatching(apis);
    const [w] = [...watches.values()];
    w!.ok(fix(2.35, 48.85));
    w!.err({ code: 2 } as GeolocationPositionError);
    w!.err({ code: 3 } as GeolocationPositionError);
    expect(watches.size).toBe(1);
    expect(useUserLocation.getState()).toMatchObject({ geoState: 'granted', visible: true, position: { lon: 2.35 } });
    expect(notices).toEqual([]);
    w!.err({ code: 1 } as GeolocationPositionError);
    expect(watches.size).toBe(0);
    expect(useUserLocation.getState()).toMatchObject({ geoState: 'blocked', visible: false });
    hideLocation(apis);
  });

  it('is blocked when the permission is denied, and a hide during the permission query starts nothing', async () => {
    const { apis, watches } = fakeApis('denied');
    const started = startWatching(apis);
    hideLocation(apis);
    await started;
    expect(watches.size).toBe(0);
    await startWatching(apis);
    expect(useUserLocation.getState().geoState).toBe('blocked');
  });

  it('locates once for the start-centred setting', async () => {
    const { apis } = fakeApis('granted');
    await expect(locateOnce(apis)).resolves.toMatchObject({ lon: 1, lat: 2 });
    await expect(locateOnce({})).resolves.toBeNull();
  });
});
