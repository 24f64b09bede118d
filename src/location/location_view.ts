// Moves the main map's view to the user (SPEC §4/§9: centring on the user position at zoom 14).
import type OlMap from 'ol/Map.js';
import { fromLonLat } from 'ol/proj.js';
import { CENTER_ON_USER_ZOOM } from '../model/index.ts';
import type { UserPosition } from './location_rules.ts';

export const CENTER_ON_USER_DURATION_MS = 1000;

export function centerOnUser(map: OlMap | undefined, position: UserPosition): void {
  if (!map) return;
  const view = map.getView();
  view.cancelAnimations();
  view.animate({ center: fromLonLat([position.lon, position.lat]), zoom: CENTER_ON_USER_ZOOM, duration: CENTER_ON_USER_DURATION_MS });
}
