// Where a route end comes from (SPEC §1 routing: the user's position, a search result, a tapped
// feature): each resolves to lon/lat and a label for route_store.ts.
import type { LonLat } from '../model/index.ts';
import { locateOnce } from '../location/location_service.ts';
import { useUserLocation } from '../location/location_store.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { useSelection } from '../state/selection_store.ts';

/** The last known position, else one fix within SPEC §9's 7 s; null when the location cannot be had. */
export async function myPosition(): Promise<LonLat | null> {
  const known = useUserLocation.getState().position ?? (await locateOnce());
  return known ? [known.lon, known.lat] : null;
}

/** The selected feature (a tapped feature or a chosen search result) and its name; null when none is selected. */
export async function selectedFeatureEnd(): Promise<{ at: LonLat; label: string } | null> {
  const selected = useSelection.getState().selected;
  if (!selected) return null;
  const found = await getDataWorker().featurePosition({ layerId: selected.layerId, gfid: selected.gfid });
  return found ? { at: found.at, label: found.name || `GFID ${selected.gfid}` } : null;
}
