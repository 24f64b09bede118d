// Which copies of the world a layer is drawn at (workers/render/world_copies.ts): east of 180° the
// map shows the next world, as OpenLayers' wrapping land and tiles do.
import { describe, expect, it } from 'vitest';
import { lonToX, WORLD_WIDTH, type Extent } from '../../workers/batch/mercator.ts';
import { shiftedFrame, worldShifts } from '../../workers/render/world_copies.ts';
import type { FrameContext } from '../../workers/render/render_backend.ts';

const W = WORLD_WIDTH;
const HALF = W / 2;
/** A view from longitude `west` to `east` (which may pass ±180°). */
const view = (west: number, east: number): Extent => [lonToX(west), -1e6, lonToX(east), 1e6];
const WORLD: Extent = [-HALF, -1e7, HALF, 1e7];

describe('worldShifts', () => {
  it('draws a layer once where the view stays inside the world', () => {
    expect(worldShifts(view(-10, 30), WORLD)).toEqual([0]);
  });

  it('draws the next world east of 180° and the last one west of −180°', () => {
    expect(worldShifts(view(170, 190), WORLD)).toEqual([0, W]);
    expect(worldShifts(view(-190, -170), WORLD)).toEqual([-W, 0]);
    expect(worldShifts(view(185, 200), WORLD)).toEqual([W]);
  });

  it('draws as many copies as a view wider than the world shows', () => {
    expect(worldShifts(view(-500, 500), WORLD)).toEqual([-W, 0, W]);
  });

  it("follows the layer's own extent: an unwrapped ring past 180° shows there as stored, and nowhere it cannot reach", () => {
    const chukotka: Extent = [lonToX(170), 7e6, lonToX(190), 1e7];
    expect(worldShifts(view(183, 186), chukotka)).toEqual([0]);
    const europe: Extent = [lonToX(-10), 4e6, lonToX(30), 1e7];
    expect(worldShifts(view(170, 190), europe)).toEqual([]);
    expect(worldShifts(view(350, 370), europe)).toEqual([W]);
  });
});

describe('shiftedFrame', () => {
  it('puts a coordinate where its copy one world east shows', () => {
    const frame = {
      viewState: { center: [HALF, 0], resolution: 1000, rotation: 0, zoom: 7 },
      extent: [HALF - 1e5, -1e5, HALF + 1e5, 1e5],
      coordinateToPixelTransform: [1 / 1000, 0, 0, -1 / 1000, 100 - HALF / 1000, 100],
      pixelToCoordinateTransform: [1000, 0, 0, -1000, HALF - 1e5, 1e5],
    } as unknown as FrameContext;
    const east = shiftedFrame(frame, W);
    const x = -HALF + 5e4; // 50 km east of −180°: shown 50 px right of the centre
    const t = east.coordinateToPixelTransform;
    expect(t[0] * x + t[4]).toBeCloseTo(150, 6);
    const p = east.pixelToCoordinateTransform;
    expect(p[0] * 150 + p[4]).toBeCloseTo(x, 3);
    expect(east.viewState.center[0]).toBeCloseTo(-HALF, 3);
    expect(east.extent[0]).toBeCloseTo(-HALF - 1e5, 3);
    expect(shiftedFrame(frame, 0)).toBe(frame);
  });
});
