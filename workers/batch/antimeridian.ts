// Rings and lines that cross the antimeridian (Russia, Fiji in Natural Earth) jump from +180 to
// -180 between two vertices; drawn on a flat map that jump becomes an edge across the whole world.
// Unwrapping longitudes by continuity keeps the shape in one piece (it then reaches past ±180,
// which EPSG:3857 draws just beyond the world edge). Pure; runs in the data worker.
import type { Position } from 'geojson';
import { MAX_MERCATOR_LAT } from './mercator.ts';

/** Number of vertex-to-vertex steps longer than half the world. */
export function antimeridianJumps(line: readonly Position[]): number {
  let n = 0;
  for (let i = 1; i < line.length; i++) if (Math.abs(line[i][0] - line[i - 1][0]) > 180) n++;
  return n;
}

/**
 * The longitude offset (a multiple of 360) to add to each vertex, or null when nothing needs
 * changing. A ring around a pole (Antarctica) crosses once and must stay as it is: its closing edge
 * is what makes it fill the polar cap, so only an even number of crossings is unwrapped.
 */
export function unwrapOffsets(line: readonly Position[], closed: boolean): Float64Array | null {
  const jumps = antimeridianJumps(line);
  if (jumps === 0 || (closed && jumps % 2 === 1)) return null;
  const off = new Float64Array(line.length);
  let shift = 0;
  let sum = 0;
  for (let i = 0; i < line.length; i++) {
    if (i > 0) {
      const d = line[i][0] - line[i - 1][0];
      if (d > 180) shift -= 360;
      else if (d < -180) shift += 360;
    }
    off[i] = shift;
    sum += line[i][0] + shift;
  }
  // Keep most of the shape inside [-180, 180]: recentre when the mean drifted out.
  const mean = sum / line.length;
  const recentre = mean > 180 ? -360 : mean < -180 ? 360 : 0;
  if (recentre) for (let i = 0; i < off.length; i++) off[i] += recentre;
  return off;
}

/**
 * A ring around a pole (one crossing, left as it is by `unwrapOffsets`) closes across the map at its
 * crossing's latitude (Antarctica's at −84.7°), but may reach nearer the pole than that elsewhere
 * (−85.6°): the ring then crosses its own closing edge, and the renderer's triangulation fills a wedge
 * over the cap where a canvas fill leaves a sliver. The corners to insert before vertex `at` so the
 * ring closes along the pole instead (the map's edge: EPSG:3857 clamps the latitude there); null for
 * any other line, and where the crossing already runs along the pole.
 */
export function poleCorners(line: readonly Position[], closed: boolean): { at: number; corners: Position[] } | null {
  if (!closed || antimeridianJumps(line) % 2 === 0) return null;
  let at = 1;
  while (Math.abs(line[at][0] - line[at - 1][0]) <= 180) at++;
  let latitudes = 0;
  for (const p of line) latitudes += p[1];
  const pole = latitudes < 0 ? -90 : 90;
  const corners = [line[at - 1], line[at]].filter((p) => Math.abs(p[1]) < MAX_MERCATOR_LAT).map((p) => [p[0], pole]);
  return corners.length ? { at, corners } : null;
}
