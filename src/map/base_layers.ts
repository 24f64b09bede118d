// Base maps (SPEC §9: drawn first, tile layers above them). The Natural Earth land layer is bundled
// with the app so the map never looks blank offline (SPEC §1 offline-capable); network base maps
// from config.baseLayersConfig go above it. A tile (or GeoJSON) that fails to load flags its layer
// (SPEC §4 "Tile load error") in src/state/map_store.ts.
import VectorLayer from 'ol/layer/Vector.js';
import VectorImageLayer from 'ol/layer/VectorImage.js';
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
import { Fill, Stroke, Style } from 'ol/style.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import land110m from 'world-atlas/land-110m.json';
import { DATA_PROJECTION, DEFAULT_PROJECTION, layerZIndex, type BaseLayer as BaseLayerConfig } from '../model/index.ts';
import { unwrapOffsets } from '../../workers/batch/antimeridian.ts';
import { useMapStore } from '../state/map_store.ts';
import { attributionHtml, baseLayerAttributions, type CreditId } from './credits.ts';
import { createWmtsSource } from './wmts.ts';

/** The server's demo config lists the same Natural Earth land as a 'vector' base map with this id. */
export const BUNDLED_LAND_ID = 'ne_land';
export const OCEAN_COLOR = '#cfe3ef';
export const LAND_COLOR = '#f4f1e8';
const LAND_STROKE = '#b9b3a3';

/** Same antimeridian repair as the data worker applies to vector layers (Fiji, Chukotka). */
function unwrapRings(fc: FeatureCollection): FeatureCollection {
  const fix = (ring: Position[]) => {
    const off = unwrapOffsets(ring, true);
    return off ? ring.map((p, i) => [p[0] + off[i], p[1]]) : ring;
  };
  const features = fc.features.map((f): Feature => {
    const g = f.geometry as Polygon | MultiPolygon;
    if (g.type === 'Polygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map(fix) } };
    if (g.type === 'MultiPolygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map((p) => p.map(fix)) } };
    return f;
  });
  return { ...fc, features };
}

/**
 * The bundled land is Natural Earth's. Drawn into an image that is reused while the view is still
 * and transformed while it moves (issue 17): the main thread draws the land once per view, not on
 * every frame the render worker's canvas triggers.
 */
export function createLandLayer(): VectorImageLayer {
  // Built once at start-up from 110m data (a few hundred rings): cheap enough for the main thread.
  const topo = land110m as unknown as Topology<{ land: GeometryCollection }>;
  const geojson = unwrapRings(feature(topo, topo.objects.land) as FeatureCollection);
  const source = new VectorSource({
    attributions: () => [attributionHtml('naturalEarth')],
    features: new GeoJSON().readFeatures(geojson, {
      dataProjection: DATA_PROJECTION,
      featureProjection: DEFAULT_PROJECTION,
    }),
  });
  return new VectorImageLayer({
    source,
    // A margin around the view, so a pan shows land at once while the next image is drawn.
    imageRatio: 1.5,
    style: new Style({ fill: new Fill({ color: LAND_COLOR }), stroke: new Stroke({ color: LAND_STROKE, width: 0.75 }) }),
    zIndex: baseMapZ(0),
    properties: { layerId: BUNDLED_LAND_ID, title: 'Natural Earth land', basemap: true },
  });
}

/** The credits shown with the bundled land: its own, plus the sources of the app's data where known. */
export function setLandCredits(map: OlMap, credits: readonly CreditId[]): void {
  const land = map
    .getLayers()
    .getArray()
    .find((l) => l.get('layerId') === BUNDLED_LAND_ID) as VectorImageLayer | undefined;
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
