// SPEC §9 layer z-order: base maps < tile layers < polygons < lines < points; diff layers sit above
// their layers, from 100 up. Each geometry band is 10 wide so a layer's own zIndex (default 5)
// orders layers of the same geometry without leaving the band.
import { DIFF_LAYER_Z_INDEX_BASE, Z_ORDER, type GeometryType } from '../model/index.ts';

const BAND = 10;

export function baseLayerZ(kind: 'baseMap' | 'tile', index = 0): number {
  return Z_ORDER[kind] * BAND + Math.min(index, BAND - 1);
}

export function vectorLayerZ(type: GeometryType, layerZ: number | undefined, isDiff = false): number {
  const within = Math.max(0, Math.min(BAND - 1, Math.round(layerZ ?? 5)));
  const z = Z_ORDER[type] * BAND + within;
  return isDiff ? DIFF_LAYER_Z_INDEX_BASE + z : z;
}
