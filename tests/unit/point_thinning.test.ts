// Render LOD for point layers (workers/render/point_thinning.ts): one point per device-pixel cell of
// the zoom level, never dropping a point that would show somewhere no kept point covers.
import { describe, expect, it } from 'vitest';
import { THINNING_MAX_LEVEL, thinningCell, thinPoints } from '../../workers/render/point_thinning.ts';
import { latToY, lonToX } from '../../workers/batch/mercator.ts';
import { prng } from '../../benchmarks/data/generate.ts';

function lonLats(points: [number, number][]): Float64Array {
  return Float64Array.from(points.flat());
}

describe('point thinning', () => {
  it('draws one point per cell, the first, and every cell that holds a point', () => {
    const rand = prng(7);
    // 3,000 points in three tight clusters (well inside one cell at zoom 2) plus 500 spread ones.
    const pts: [number, number][] = [];
    for (const [lon, lat] of [
      [10, 50],
      [-70, -30],
      [140, 35],
    ])
      for (let i = 0; i < 1000; i++) pts.push([lon + rand() * 1e-3, lat + rand() * 1e-3]);
    for (let i = 0; i < 500; i++) pts.push([-180 + rand() * 360, -60 + rand() * 120]);
    const cell = thinningCell(2, 1);
    const keep = thinPoints(lonLats(pts), pts.length, cell)!;
    expect(keep).toBeDefined();
    expect(keep.length).toBeLessThan(600);
    expect([...keep.slice(0, 1)]).toEqual([0]); // the first of a cluster stands for it
    const cellOf = ([lon, lat]: [number, number]) => `${Math.floor(lonToX(lon) / cell)},${Math.floor(latToY(lat) / cell)}`;
    const kept = new Set([...keep].map((i) => cellOf(pts[i])));
    expect(kept.size).toBe(keep.length); // no two kept points share a cell
    for (const p of pts) expect(kept.has(cellOf(p))).toBe(true); // and no cell is left empty
  });

  it('keeps every point where they are spread (too little to gain) and below the minimum count', () => {
    const spread: [number, number][] = Array.from({ length: 2000 }, (_, i) => [-170 + (i % 50) * 7, -60 + Math.floor(i / 50) * 3]);
    expect(thinPoints(lonLats(spread), spread.length, thinningCell(2, 1))).toBeUndefined();
    expect(
      thinPoints(
        lonLats([
          [1, 1],
          [1, 1],
        ]),
        2,
        thinningCell(0, 1),
      ),
    ).toBeUndefined();
  });

  it("makes the cell one device pixel at the level's finest resolution", () => {
    expect(thinningCell(0, 1)).toBeCloseTo(156543.03392804097 / 2, 6);
    expect(thinningCell(3, 2)).toBeCloseTo(156543.03392804097 / 16 / 2, 6);
    expect(THINNING_MAX_LEVEL).toBeGreaterThanOrEqual(10);
  });
});
