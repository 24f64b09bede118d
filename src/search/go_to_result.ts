// What a search result does when chosen (SPEC §2 search, §9 fit padding 10 on a feature or layer,
// max zoom 12): the map fits it, and a feature is selected so its prompt opens.
import type OlMap from 'ol/Map.js';
import { transformExtent } from 'ol/proj.js';
import { FEATURE_FIT_PADDING, LAYER_FIT_MAX_ZOOM } from '../model/index.ts';
import type { MapRendererHandle } from '../map/render_worker_client.ts';
import { useSelection } from '../state/selection_store.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import type { SearchHit } from '../../workers/data/protocol.ts';

const PADDING = [FEATURE_FIT_PADDING, FEATURE_FIT_PADDING, FEATURE_FIT_PADDING, FEATURE_FIT_PADDING];

/** Fits a lon/lat extent (a point is an empty extent: it is centred at max zoom 12). */
export function fitLonLatExtent(map: OlMap | undefined, extent: readonly [number, number, number, number]): void {
  if (!map) return;
  const view = map.getView();
  view.cancelAnimations();
  view.fit(transformExtent([...extent], 'EPSG:4326', view.getProjection()), { padding: PADDING, maxZoom: LAYER_FIT_MAX_ZOOM, duration: 0 });
}

export function goToFeature(map: OlMap | undefined, hit: SearchHit): void {
  fitLonLatExtent(map, hit.extent);
  useSelection.getState().select([{ layerId: hit.layerId, gfid: hit.id }]);
}

/** A map layer found by its title: the view fits its features (nothing happens for a layer without any). */
export async function goToLayer(map: OlMap | undefined, renderer: MapRendererHandle | undefined, layerId: string): Promise<void> {
  if (!map || !renderer) return;
  const fitted = await renderer.fit({ layerIds: [layerId], padding: FEATURE_FIT_PADDING, maxZoom: LAYER_FIT_MAX_ZOOM });
  if (!fitted || !Number.isFinite(fitted.resolution)) return;
  map.getView().setCenter(fitted.center);
  map.getView().setResolution(fitted.resolution);
}

/** An observation's feature (SPEC §2 species search): fitted and selected when it is loaded on the device. */
export async function goToObservedFeature(map: OlMap | undefined, layerId: string, gfid: number): Promise<void> {
  const found = await getDataWorker().featurePosition({ layerId, gfid });
  if (found) fitLonLatExtent(map, [found.at[0], found.at[1], found.at[0], found.at[1]]);
  useSelection.getState().select([{ layerId, gfid }]);
}
