// The zoom bands (DESIGN.md "simplify per zoom band"): which zooms share one simplified version of a
// line or polygon layer, and at what tolerance. Thread-agnostic: the data worker simplifies per band
// (simplify.ts, band_cache.ts), the main thread asks for a new band only when bandOfView changes.
import { LAYER_MAX_ZOOM } from '../../src/model/index.ts';
import { WORLD_WIDTH } from './mercator.ts';

export interface ZoomBand {
  minZoom: number;
  maxZoom: number;
  toleranceMeters: number;
}

/** Error allowed on screen: below a pixel nobody sees it, above half a pixel lines start to wobble. */
export const SIMPLIFY_PIXEL_FRACTION = 0.5;

/** Metres per pixel of EPSG:3857 256-px tiles at zoom z (at the equator). */
export function resolutionForZoom(z: number): number {
  return WORLD_WIDTH / 256 / 2 ** z;
}

// The tolerance is taken at the band's most detailed zoom, so every zoom of the band stays within
// SIMPLIFY_PIXEL_FRACTION of a pixel. The last band reaches SPEC §9's max zoom 24: practically full detail.
// A band's coarsest zoom is simplified finer than it needs: zooms 0–5 as one band gave the world view
// (zoom 2) 1/16 of a pixel and kept 97% of Natural Earth's 110m countries. Split in 0–2 and 3–5,
// zooms 0–5 get at least 1/8 px (68% kept at zoom 2); the 4-zoom bands above keep 1/16 px at their
// coarsest zoom, where the view covers a far smaller part of the world and so far fewer vertices.
const band = (minZoom: number, maxZoom: number): ZoomBand => ({
  minZoom,
  maxZoom,
  toleranceMeters: SIMPLIFY_PIXEL_FRACTION * resolutionForZoom(maxZoom),
});
export const ZOOM_BANDS: readonly ZoomBand[] = [band(0, 2), band(3, 5), band(6, 9), band(10, 13), band(14, LAYER_MAX_ZOOM)];

/** Index in ZOOM_BANDS for a (possibly fractional) zoom; beyond the ends the nearest band. */
export function bandForZoom(z: number): number {
  for (let b = 0; b < ZOOM_BANDS.length; b++) if (z <= ZOOM_BANDS[b].maxZoom) return b;
  return ZOOM_BANDS.length - 1;
}

export function toleranceForZoom(z: number): number {
  return ZOOM_BANDS[bandForZoom(z)].toleranceMeters;
}

/** The band of a view's zoom; integer zoom levels only, so a fractional zoom change inside a level is free. */
export function bandOfView(zoom: number): number {
  return bandForZoom(Math.floor(Number.isFinite(zoom) ? zoom : 0));
}
