// Issue 17: a map opened again starts where its first load's fit (SPEC §4 map load) left it the last
// time on this device, so the fit finds the view already there: no jump from the default view once
// the features are in, and the base map (the bundled land, drawn on the main thread) is drawn once
// instead of twice. The fit still runs: new data moves the view as before. Kept per app key and map
// size (the same layers fit another screen differently), in localStorage, which the first frame can
// read synchronously.
import type OlMap from 'ol/Map.js';

export interface LastFit {
  /** The map's size in CSS pixels when the fit was made. */
  size: [number, number];
  /** The view's centre (EPSG:3857) and resolution after the fit. */
  center: [number, number];
  resolution: number;
}

type FitStorage = Pick<Storage, 'getItem' | 'setItem'>;

const keyOf = (appKey: string) => `mapdraft:last-fit:${appKey}`;

/** localStorage where the browser keeps one (a private mode may refuse it: the map then starts at the default view). */
const defaultStorage = (): FitStorage | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

const finitePair = (v: unknown): v is [number, number] => Array.isArray(v) && v.length === 2 && v.every(Number.isFinite);

/** The stored fit of `appKey`, or undefined when there is none or it is not one (an edited or damaged entry). */
export function readLastFit(appKey: string, storage = defaultStorage()): LastFit | undefined {
  try {
    const v = JSON.parse(storage?.getItem(keyOf(appKey)) ?? 'null') as Partial<LastFit> | null;
    if (!v || !finitePair(v.size) || !finitePair(v.center) || !(Number(v.resolution) > 0)) return undefined;
    return { size: v.size, center: v.center, resolution: Number(v.resolution) };
  } catch {
    return undefined;
  }
}

/** Keeps the view the fit just made (call after the first load's fit). */
export function rememberFit(appKey: string, map: OlMap, storage = defaultStorage()): void {
  const size = map.getSize();
  const center = map.getView().getCenter();
  const resolution = map.getView().getResolution();
  if (!size || !center || !resolution) return;
  const fit: LastFit = { size: [size[0], size[1]], center: [center[0], center[1]], resolution };
  try {
    storage?.setItem(keyOf(appKey), JSON.stringify(fit));
  } catch {
    // Full or refused: the next open starts at the default view, as before.
  }
}

/** Puts the view where the last fit left it, when the map has the same size as then; says whether it did. */
export function startAtLastFit(appKey: string, map: OlMap, storage = defaultStorage()): boolean {
  const fit = readLastFit(appKey, storage);
  const size = map.getSize();
  if (!fit || !size || fit.size[0] !== size[0] || fit.size[1] !== size[1]) return false;
  map.getView().setCenter(fit.center);
  map.getView().setResolution(fit.resolution);
  return true;
}
