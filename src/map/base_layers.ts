// Base maps (SPEC §9: drawn first, tile layers above them). The Natural Earth land layer is bundled
// with the app so the map never looks blank offline (SPEC §1 offline-capable); network base maps
// from config.baseLayersConfig go above it. A tile (or GeoJSON) that fails to load flags its layer
// (SPEC §4 "Tile load error") in src/state/map_store.ts.
import VectorLayer from 'ol/layer/Vector.js';
import ImageLayer from 'ol/layer/Image.js';
import ImageSource from 'ol/source/Image.js';
import VectorSource from 'ol/source/Vector.js';
import TileLayer from 'ol/layer/Tile.js';
import XYZ from 'ol/source/XYZ.js';
import TileWMS from 'ol/source/TileWMS.js';
import type { Loader as ImageLoader } from 'ol/Image.js';
import type { AttributionLike } from 'ol/source/Source.js';
import type TileSource from 'ol/source/Tile.js';
import type OlFeature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type BaseLayer from 'ol/layer/Base.js';
import type OlMap from 'ol/Map.js';
import { Stroke, Style } from 'ol/style.js';
import { wrap, type Remote } from 'comlink';
import { layerZIndex, type BaseLayer as BaseLayerConfig } from '../model/index.ts';
import type { LandImageRequest } from '../../workers/render/land_image.ts';
import { LAND_STROKE } from '../../workers/render/land_style.ts';
import type { LandWorkerApi } from '../../workers/render/land.worker.ts';
import { useMapStore } from '../state/map_store.ts';
import { attributionHtml, baseLayerAttributions, type CreditId } from './credits.ts';
import { createWmtsSource } from './wmts.ts';

/** The server's demo config lists the same Natural Earth land as a 'vector' base map with this id. */
export const BUNDLED_LAND_ID = 'ne_land';
export const OCEAN_COLOR = '#cfe3ef';

/** Whole device pixels of margin around the view, as VectorImageLayer's imageRatio 1.5 gave. */
const LAND_IMAGE_RATIO = 1.5;

/** The land worker: started by the first image; null once it failed (the main thread draws then). */
let landWorker: { api: Remote<LandWorkerApi>; failed: Promise<never> } | null | undefined;

function landDrawer(): typeof landWorker {
  if (landWorker !== undefined || typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') return landWorker;
  const worker = new Worker(new URL('../../workers/render/land.worker.ts', import.meta.url), { type: 'module', name: 'mapdraft-land' });
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (e) => reject(new Error(`land worker failed: ${e.message}`)), { once: true });
  });
  failed.catch(() => undefined);
  landWorker = { api: wrap<LandWorkerApi>(worker), failed };
  return landWorker;
}

/** The land image for `req`: drawn in the land worker, else here (a copy: the renderer reuses its canvas). */
async function landImage(req: LandImageRequest): Promise<ImageBitmap | HTMLCanvasElement> {
  const worker = landDrawer();
  if (worker) {
    try {
      return await Promise.race([worker.api.draw(req), worker.failed]);
    } catch (err) {
      console.warn('land worker unavailable, drawing the land on the main thread', err);
      landWorker = null;
    }
  }
  const { drawLand } = await import('../../workers/render/land_image.ts');
  const drawn = drawLand(req);
  const copy = document.createElement('canvas');
  copy.width = drawn.width;
  copy.height = drawn.height;
  copy.getContext('2d')!.drawImage(drawn, 0, 0);
  return copy;
}

/**
 * The image's extent for a view's `extent`: a margin of whole device pixels on each side (so the
 * settled image is placed at a whole-pixel offset, a lossless copy), and a pan shows land at once.
 */
function paddedExtent(extent: number[], resolution: number, pixelRatio: number): LandImageRequest['extent'] {
  const unit = resolution / pixelRatio;
  const padX = Math.round((Math.round((extent[2] - extent[0]) / unit) * (LAND_IMAGE_RATIO - 1)) / 2) * unit;
  const padY = Math.round((Math.round((extent[3] - extent[1]) / unit) * (LAND_IMAGE_RATIO - 1)) / 2) * unit;
  return [extent[0] - padX, extent[1] - padY, extent[2] + padX, extent[3] + padY];
}

const loadLand: ImageLoader = async (extent, resolution, pixelRatio) => {
  const padded = paddedExtent(extent, resolution, pixelRatio);
  const image = await landImage({ extent: padded, resolution, pixelRatio });
  return { image, extent: padded, resolution, pixelRatio };
};

/**
 * The bundled land is Natural Earth's (workers/render/land_image.ts). Issue 17: OpenLayers draws it
 * in the land worker, into an image 1.5× the view once the view settles; the main thread only places
 * that bitmap, which frames in between and a pan or zoom animation transform (and a pan within the
 * margin reuses). The picture is OL's own Canvas drawing of the land, pixel-compared with a vector
 * layer in tests/browser/map_land.test.ts.
 */
export function createLandLayer(): ImageLayer<ImageSource> {
  return new ImageLayer({
    source: new ImageSource({ loader: loadLand, attributions: () => [attributionHtml('naturalEarth')] }),
    zIndex: baseMapZ(0),
    properties: { layerId: BUNDLED_LAND_ID, title: 'Natural Earth land', basemap: true },
  });
}

/** The credits shown with the bundled land: its own, plus the sources of the app's data where known. */
export function setLandCredits(map: OlMap, credits: readonly CreditId[]): void {
  const land = map
    .getLayers()
    .getArray()
    .find((l) => l.get('layerId') === BUNDLED_LAND_ID) as ImageLayer<ImageSource> | undefined;
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

function tileSource(cfg: BaseLayerConfig, attributions?: AttributionLike): TileSource | undefined {
  switch (cfg.type) {
    case 'xyz':
      return new XYZ({ url: cfg.url, attributions, crossOrigin: 'anonymous' });
    case 'wms':
      return new TileWMS({ url: cfg.url, params: { ...cfg.params }, attributions, crossOrigin: 'anonymous' });
    case 'wmts':
      return createWmtsSource(cfg, attributions);
    default:
      return undefined;
  }
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
  const tiles = tileSource(cfg, attributions);
  if (tiles) {
    watchLoadErrors(tiles, cfg.id);
    return new TileLayer({ ...common, source: tiles });
  }
  if (cfg.type !== 'vector') return undefined;
  // The bundled land layer already draws this one, offline too.
  if (cfg.id === BUNDLED_LAND_ID) return undefined;
  if (!/\.(geo)?json(\?|$)/i.test(cfg.url)) return undefined; // vector tiles need a style document: a later issue
  const source = new VectorSource<OlFeature>({ url: cfg.url, format: new GeoJSON(), attributions });
  watchLoadErrors(source, cfg.id);
  return new VectorLayer({ ...common, source, style: new Style({ stroke: new Stroke({ color: LAND_STROKE, width: 1 }) }) });
}
