// Issue 19: on a phone the feature prompt and the draft form are bottom sheets over the lower part
// of the map. When one opens, the feature it is about (the tapped feature, the draft's shape) is
// moved into the part of the map the sheet leaves free, so it stays visible and adjustable.
import { useEffect, type RefObject } from 'react';
import { getCenter } from 'ol/extent.js';
import type { Geometry } from '../model/index.ts';
import { useMapInstance } from '../map/map_instance.ts';
import { toOl } from './ol_geometry.ts';

/** Pixels kept between the feature and the sheet's edge or the map's top. */
const MARGIN_PX = 48;

/**
 * The vertical pan (in CSS px, positive = move the content up) that brings a feature at pixel row
 * `y` into the free band [top + margin, sheetTop - margin] of the map, centred in it; 0 when it is
 * already there.
 */
export function panIntoFreeBand(y: number, top: number, sheetTop: number, margin = MARGIN_PX): number {
  if (y >= top + margin && y <= sheetTop - margin) return 0;
  return y - (top + sheetTop) / 2;
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
    const target = map.getTargetElement();
    const resolution = view.getResolution();
    const center = view.getCenter();
    if (!target || resolution === undefined || !center) return;
    const focus = getCenter(toOl(geometry).getExtent());
    const pixel = map.getPixelFromCoordinate(focus);
    if (!pixel) return;
    const mapBox = target.getBoundingClientRect();
    const sheetTop = sheet.current.getBoundingClientRect().top - mapBox.top;
    const dy = panIntoFreeBand(pixel[1], 0, sheetTop);
    if (dy === 0) return;
    // Pixel rows grow downwards, map y upwards; the view is not rotated on this app.
    view.animate({ center: [center[0], center[1] - dy * resolution], duration: 250 });
  }, [key, enabled, map]);
}
