// WMS overlay layers of layersConfig (SPEC §3 type "wms", source url and params.LAYERS as
// workspace:name). They are tiles, so they draw on the main-thread OL map like the base maps, in the
// tile band of SPEC §9: above every base map, below the render worker's vector features.
import TileLayer from 'ol/layer/Tile.js';
import TileWMS from 'ol/source/TileWMS.js';
import { layerZIndex, type Layer } from '../model/index.ts';
import { watchLoadErrors } from './base_layers.ts';

/** The map layer of a WMS overlay, or undefined for a layer that is not one or names no service url. */
export function createWmsOverlay(layer: Layer): TileLayer | undefined {
  const url = layer.source?.url;
  if (layer.type !== 'wms' || !url) return undefined;
  const source = new TileWMS({ url, params: { ...layer.source?.params }, crossOrigin: 'anonymous' });
  watchLoadErrors(source, layer.id);
  return new TileLayer({
    source,
    visible: layer.visible,
    opacity: layer.opacity,
    zIndex: layerZIndex(layer),
    // SPEC §3 zoom range is inclusive; OL's minZoom is exclusive.
    minZoom: layer.minZoom > 0 ? layer.minZoom - 1e-6 : undefined,
    maxZoom: layer.maxZoom,
    properties: { layerId: layer.id, title: layer.name },
  });
}
