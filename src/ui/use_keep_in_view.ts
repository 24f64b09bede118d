// Issue 19: on a phone the feature prompt, the draft form and the comparison are bottom sheets over
// the lower part of the map. When one opens, the feature it is about (the tapped feature, the draft's
// shape) is moved into the part of the map the sheet leaves free, so it stays visible and adjustable;
// a fit made while a sheet is open (the comparison's geometries) fits into that part too.
import { createContext, useContext, useEffect, type RefObject } from 'react';
import type { Extent } from 'ol/extent.js';
import type OlMap from 'ol/Map.js';
import type { Geometry } from '../model/index.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { toOl } from './ol_geometry.ts';

/** Pixels kept between the feature and the sheet's edge or the map's top. */
const MARGIN_PX = 48;

/** The bottom sheet its content is shown in (Panel on a phone), else null. */
export const OpenSheet = createContext<RefObject<HTMLElement | null> | null>(null);
export const useOpenSheet = () => useContext(OpenSheet);

/**
 * The vertical pan (in CSS px, positive = move the content up) that brings a feature whose extent
 * spans pixel rows [`top`, `bottom`] into the free band [bandTop + margin, sheetTop - margin] of the
 * map; 0 when it is already there. A feature that fits in the band is centred in it unless it is
 * wholly inside; one taller than the band (a country tapped at a city's zoom) is left where it is
 * while any of it shows in the band, so the spot the finger tapped stays under it.
 */
export function panIntoFreeBand(top: number, bottom: number, bandTop: number, sheetTop: number, margin = MARGIN_PX): number {
  const from = bandTop + margin;
  const to = sheetTop - margin;
  const inView = bottom - top <= to - from ? top >= from && bottom <= to : bottom >= from && top <= to;
  return inView ? 0 : (top + bottom) / 2 - (bandTop + sheetTop) / 2;
}

/** The rows of the map, from its bottom, that `sheet` covers (0 without a sheet). */
function coveredRows(map: OlMap, sheet: HTMLElement | null | undefined): number {
  const target = map.getTargetElement();
  if (!sheet || !target) return 0;
  return Math.max(0, target.getBoundingClientRect().bottom - sheet.getBoundingClientRect().top);
}

/** Fits `extent` (map units) into the part of the map that `sheet` leaves visible, `padding` px inside it. */
export function fitAboveSheet(
  map: OlMap,
  extent: Extent,
  sheet: HTMLElement | null | undefined,
  { padding, maxZoom }: { padding: number; maxZoom: number },
) {
  const bottom = padding + coveredRows(map, sheet);
  map.getView().fit(extent, { padding: [padding, padding, bottom, padding], maxZoom, duration: 0 });
}

/** Runs when `key` changes (a new feature or draft), after the sheet has its height. */
export function useKeepInView(
  sheet: RefObject<HTMLElement | null>,
  geometry: Geometry | null | undefined,
  key: string | null,
  enabled: boolean,
) {
  const map = useMapInstance((s) => s.map);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the geometry is read when the key changes; moving the shape must not pan the map under the finger
  useEffect(() => {
    if (!enabled || !map || !geometry || !sheet.current) return;
    const view = map.getView();
    const resolution = view.getResolution();
    const center = view.getCenter();
    const height = map.getTargetElement()?.clientHeight;
    if (resolution === undefined || !center || !height) return;
    const extent = toOl(geometry).getExtent();
    // From the view, not the last rendered frame: a fit made in this commit (the comparison's) has
    // not been drawn yet. Pixel rows grow downwards, map y upwards; the view is not rotated on this app.
    const rowOf = (y: number) => height / 2 - (y - center[1]) / resolution;
    const dy = panIntoFreeBand(rowOf(extent[3]), rowOf(extent[1]), 0, height - coveredRows(map, sheet.current));
    if (dy === 0) return;
    view.animate({ center: [center[0], center[1] - dy * resolution], duration: 250 });
  }, [key, enabled, map]);
}
