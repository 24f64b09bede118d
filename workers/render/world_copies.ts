// The world repeats east and west of ±180° on the map, as OpenLayers draws a wrapping source (the
// land and the tile layers do): at a low zoom on a wide screen, or a view across the antimeridian
// (Fiji, the Bering Strait, the Pacific). The renderer draws each layer once per copy of the world its
// features reach in view, so the features stay where the land shows them — and where a tap finds them
// (hit_testing.ts maps a tap on a copy back into the main world).
import { WORLD_WIDTH, type Extent } from '../batch/mercator.ts';
import type { FrameContext } from './render_backend.ts';

/**
 * The eastward shifts (multiples of the world's width, 0 = where the features are stored) at which a
 * layer whose features span `layer` shows in `view`. Unwrapped rings reach past ±180° (antimeridian.ts),
 * so the layer's own extent decides, not the world's.
 */
export function worldShifts(view: Extent, layer: Extent): number[] {
  const first = Math.ceil((view[0] - layer[2]) / WORLD_WIDTH) || 0; // not −0
  const last = Math.floor((view[2] - layer[0]) / WORLD_WIDTH);
  const shifts: number[] = [];
  for (let k = first; k <= last; k++) shifts.push(k * WORLD_WIDTH);
  return shifts;
}

/** The frame that draws features `shift` metres east of where they are stored. */
export function shiftedFrame(frame: FrameContext, shift: number): FrameContext {
  if (shift === 0) return frame;
  const { viewState, extent } = frame;
  const c2p = frame.coordinateToPixelTransform.slice();
  c2p[4] += c2p[0] * shift;
  c2p[5] += c2p[1] * shift;
  const p2c = frame.pixelToCoordinateTransform.slice();
  p2c[4] -= shift;
  return {
    ...frame,
    viewState: { ...viewState, center: [viewState.center[0] - shift, viewState.center[1]] },
    extent: [extent[0] - shift, extent[1], extent[2] - shift, extent[3]],
    coordinateToPixelTransform: c2p,
    pixelToCoordinateTransform: p2c,
  };
}

/** The frames that draw a layer spanning `layer` at every copy of the world it shows in. */
export function framesForCopies(frame: FrameContext, layer: Extent | null): FrameContext[] {
  return layer ? worldShifts(frame.extent as Extent, layer).map((shift) => shiftedFrame(frame, shift)) : [];
}
