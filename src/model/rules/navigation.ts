// SPEC §1 navigation hand-off (config `navigationService`): the destination opened in another map
// app with one tap. Coordinates are lon/lat in, written lat,lon as every one of these apps expects.
import { NAVIGATION_SERVICES, type NavigationService } from '../entities/app_config.ts';
import type { LonLat } from '../entities/common.ts';

/** Six decimals: about 0.1 m, more than any phone's position. */
const fixed = (v: number) => Number(v.toFixed(6)).toString();

export function navigationLink(service: NavigationService, [lon, lat]: LonLat, label = ''): string {
  const ll = `${fixed(lat)},${fixed(lon)}`;
  switch (service) {
    case 'geo':
      // RFC 5870 with the Android `q` extension, so the device's map app drops a named pin.
      return `geo:${ll}?q=${ll}${label ? `(${encodeURIComponent(label)})` : ''}`;
    case 'google':
      return `https://www.google.com/maps/dir/?api=1&destination=${ll}`;
    case 'apple':
      return `https://maps.apple.com/?daddr=${ll}`;
    case 'osmand':
      return `https://osmand.net/go?lat=${fixed(lat)}&lon=${fixed(lon)}&z=16`;
  }
}

/** The configured service first (the one-tap button), then the others. */
export function navigationServicesFor(configured: NavigationService | undefined): NavigationService[] {
  return configured ? [configured, ...NAVIGATION_SERVICES.filter((s) => s !== configured)] : [...NAVIGATION_SERVICES];
}
