// Base maps (SPEC §9: drawn first, tile layers above them). The Natural Earth land layer is bundled
// with the app so the map never looks blank offline (SPEC §1 offline-capable); network base maps
// from config.baseLayersConfig go above it. A tile (or GeoJSON) that fails to load flags its layer
// (SPEC §4 "Tile load error") in src/state/map_store.ts.
import VectorLayer from 'ol/layer/Vector.js';
import type Layer from 'ol/layer/Layer.js';
import type Source from 'ol/source/Source.js';
import VectorSource from 'ol/source/Vector.js';
import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';
import TileWMS from 'ol/source/TileWMS.js';
import type { AttributionLike } from 'ol/source/Source.js';
import type TileSource from 'ol/source/Tile.js';
import type OlFeature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type BaseLayer from 'ol/layer/Base.js';
import type OlMap from 'ol/Map.js';
import { Stroke, Style } from 'ol/style.js';
import { layerZIndex, type BaseLayer as BaseLayerConfig } from '../model/index.ts';
import { LAND_STROKE } from '../../workers/land/land_style.ts';
import { landPictureLayer } from './land_layer.ts';
import { useMapStore } from '../state/map_store.ts';
import { attributionHtml, baseLayerAttributions, type CreditId } from './credits.ts';
import { createWmtsSource } from './wmts.ts';

/** The server's demo config lists the same Natural Earth land as a 'vector' base map with this id. */
export const BUNDLED_LAND_ID = 'ne_land';
export { OCEAN_COLOR } from '../../workers/land/land_style.ts';

/**
 * The bundled land is Natural Earth's, drawn by the land worker into an image per view (issue 17): the
 * main thread only places it, reused while the view is still and transformed while it moves.
 */
export function createLandLayer(): Layer<Source> {
  return landPictureLayer({
    zIndex: baseMapZ(0),
    properties: { layerId: BUNDLED_LAND_ID, title: 'Natural Earth land', basemap: true },
    attributions: () => [attributionHtml('naturalEarth')],
  });
}

/** The credits shown with the bundled land: its own, plus the sources of the app's data where known. */
export function setLandCredits(map: OlMap, credits: readonly CreditId[]): void {
  const land = map
    .getLayers()
    .getArray()
    .find((l) => l.get('layerId') === BUNDLED_LAND_ID) as Layer<Source> | undefined;
  land?.getSource()?.setAttributions(() => credits.map(attributionHtml));
}

/** SPEC §9: base maps are drawn first, the bundled land lowest (slot 0), configured ones above it in order. */
function baseMapZ(slot: number): number {
  return layerZIndex({ type: 'basemap', basemap: true, zIndex: slot });
}

/** SPEC §4: the first failing tile flags the layer as load error; a loaded one marks it ok. */
export function watchLoadErrors(source: TileSource | VectorSource, layerId: string): void {
  const { flagLayer: flag } = useMapStore.getState();
  if (source instanceof VectorSource) {
    source.on('featuresloaderror', () => flag(layerId, 'loadError'));
    source.on('featuresloadend', () => flag(layerId, 'ok'));
    return;
  }
  source.on('tileloaderror', () => flag(layerId, 'loadError'));
  source.on('tileloadend', () => flag(layerId, 'ok'));
}

/** How to make the tile source of a tiled base map; undefined for the other kinds. */
function tileSourceMaker(cfg: BaseLayerConfig, attributions?: AttributionLike): (() => TileSource) | undefined {
  switch (cfg.type) {
    case 'xyz':
      return () => new XYZ({ url: cfg.url, attributions, crossOrigin: 'anonymous' });
    case 'wms':
      return () => new TileWMS({ url: cfg.url, params: { ...cfg.params }, attributions, crossOrigin: 'anonymous' });
    case 'wmts':
      return () => createWmtsSource(cfg, attributions);
    default:
      return undefined;
  }
}

/**
 * A tiled base map whose source (its tile grid, its URL templates) is made when the layer is first
 * shown: one that starts hidden, as the demo's OpenStreetMap, costs nothing in the open (issue 17:
 * 20–30 ms at 4× slowdown of the task that takes the app's configuration).
 */
function tileLayer(options: ConstructorParameters<typeof TileLayer>[0], layerId: string, makeTiles: () => TileSource): TileLayer {
  const layer = new TileLayer(options);
  const attach = () => {
    const tiles = makeTiles();
    watchLoadErrors(tiles, layerId);
    layer.setSource(tiles);
  };
  if (layer.getVisible()) attach();
  else layer.once('change:visible', attach);
  return layer;
}

/** One OL layer per configured base map the client can draw; unknown kinds are skipped, not fatal. */
export function createConfiguredBaseLayer(cfg: BaseLayerConfig, index: number): BaseLayer | undefined {
  const common = {
    visible: cfg.visible,
    opacity: cfg.opacity,
    zIndex: baseMapZ(index + 1),
    minZoom: cfg.minZoom > 0 ? cfg.minZoom - 1e-6 : undefined,
    maxZoom: cfg.maxZoom,
    properties: { layerId: cfg.id, title: cfg.name, basemap: true },
  };
  const attributions = baseLayerAttributions(cfg);
  const makeTiles = tileSourceMaker(cfg, attributions);
  if (makeTiles) return tileLayer(common, cfg.id, makeTiles);
  if (cfg.type !== 'vector') return undefined;
  // The bundled land layer already draws this one, offline too.
  if (cfg.id === BUNDLED_LAND_ID) return undefined;
  if (!/\.(geo)?json(\?|$)/i.test(cfg.url)) return undefined; // vector tiles need a style document: a later issue
  const source = new VectorSource<OlFeature>({ url: cfg.url, format: new GeoJSON(), attributions });
  watchLoadErrors(source, cfg.id);
  return new VectorLayer({ ...common, source, style: new Style({ stroke: new Stroke({ color: LAND_STROKE, width: 1 }) }) });
}
