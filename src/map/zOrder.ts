// SPEC §9 layer z-order for the main-thread base maps: base maps < tile layers. Vector layers draw
// in the render worker, which orders them with the model's layerZIndex (polygons < lines < points,
// diff layers from 100). Bands are 10 wide, as there.
import { Z_ORDER } from '../model/index.ts';

const BAND = 10;

export function baseLayerZ(kind: 'baseMap' | 'tile', index = 0): number {
  return Z_ORDER[kind] * BAND + Math.min(index, BAND - 1);
}
