// SPEC §3 Local layer (name, class, WMS/WMTS/XYZ service, url, server layer name) as a base map entry
// of baseLayersConfig, the shape OpenLayers builds its source from (src/map/base_layers.ts).
import type { BaseLayer } from '../entities/layer.ts';
import type { LocalLayer } from '../entities/local_layer.ts';
import { layerKeyFromTitle } from './layers.ts';

/** A key not in `taken`: the name's key, else with _2, _3… */
function freeKey(name: string, taken: readonly string[]): string {
  const base = layerKeyFromTitle(name);
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

export function baseLayerFromLocal(local: LocalLayer, takenIds: readonly string[]): BaseLayer {
  const layerName = local.serverLayerName?.trim() || undefined;
  const common = {
    id: freeKey(local.name, takenIds),
    name: local.name.trim(),
    url: local.url.trim(),
    attribution: local.description?.trim() || undefined,
    visible: local.visible,
    opacity: 1,
    minZoom: 0,
    maxZoom: 24,
    zIndex: 0,
    // SPEC §3 class: a tiled base layer is a base map; a vector overlay is drawn above them.
    basemap: local.class === 'tile',
  };
  if (local.serviceType === 'WMS') return { ...common, type: 'wms', params: layerName ? { LAYERS: layerName } : undefined };
  if (local.serviceType === 'WMTS') return { ...common, type: 'wmts', layer: layerName, matrixSet: 'EPSG:3857', format: 'image/png' };
  return { ...common, type: 'xyz' };
}
