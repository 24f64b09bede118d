// WMTS base maps (SPEC §3 Local layer: service type WMTS) without a capabilities round trip: the map
// is EPSG:3857 (SPEC §9), so the tile grid is the standard Google-compatible one (OGC WebMercatorQuad):
// 256 px tiles, origin top-left of the world, resolution halving per level.
import type { AttributionLike } from 'ol/source/Source.js';
import WMTS from 'ol/source/WMTS.js';
import WMTSTileGrid from 'ol/tilegrid/WMTS.js';
import { get as getProjection } from 'ol/proj.js';
import { getTopLeft, getWidth } from 'ol/extent.js';
import { DEFAULT_PROJECTION, type BaseLayer as BaseLayerConfig } from '../model/index.ts';

const TILE_SIZE = 256;

/**
 * Matrix ids of a Google-compatible set: GeoServer/GeoWebCache name the levels of its gridsets
 * 'EPSG:3857' and 'EPSG:900913' as '<set>:<z>'; the OGC and most other servers use plain '<z>'.
 */
export function matrixIdsFor(matrixSet: string, maxZoom: number): string[] {
  const prefixed = /^EPSG:(3857|900913)$/i.test(matrixSet);
  return Array.from({ length: maxZoom + 1 }, (_, z) => (prefixed ? `${matrixSet}:${z}` : String(z)));
}

export function webMercatorTileGrid(matrixSet: string, maxZoom: number): WMTSTileGrid {
  const extent = getProjection(DEFAULT_PROJECTION)!.getExtent();
  const top = getWidth(extent) / TILE_SIZE;
  return new WMTSTileGrid({
    origin: getTopLeft(extent),
    resolutions: Array.from({ length: maxZoom + 1 }, (_, z) => top / 2 ** z),
    matrixIds: matrixIdsFor(matrixSet, maxZoom),
    tileSize: TILE_SIZE,
    extent,
  });
}

/** The model has no WMTS style field: `params.style` (or STYLE) names it, else the server's 'default'. */
export function createWmtsSource(cfg: BaseLayerConfig, attributions?: AttributionLike): WMTS {
  const matrixSet = cfg.matrixSet ?? 'GoogleMapsCompatible';
  const style = String(cfg.params?.style ?? cfg.params?.STYLE ?? 'default');
  return new WMTS({
    url: cfg.url,
    layer: cfg.layer ?? String(cfg.params?.layer ?? cfg.params?.LAYER ?? ''),
    matrixSet,
    format: cfg.format ?? 'image/png',
    style,
    // A URL template ({TileMatrix}, {TileRow}, …) is the REST binding; anything else is KVP.
    requestEncoding: /\{TileMatrix\}/i.test(cfg.url) ? 'REST' : 'KVP',
    tileGrid: webMercatorTileGrid(matrixSet, Math.ceil(cfg.maxZoom)),
    projection: DEFAULT_PROJECTION,
    attributions,
    crossOrigin: 'anonymous',
    wrapX: true,
  });
}
