// BASELINE for scenario 7: the simplify-js algorithm (Vladimir Agafonkin, BSD-2, v1.2.4), ported
// line for line to TypeScript on {x, y} point objects, because the package is not a dependency of
// Mapdraft. `highestQuality = true` skips the radial-distance pre-pass, so the baseline runs the same
// Douglas-Peucker as Mapdraft (simplify.ts) and as the flat-array ceiling.
export interface XY {
  x: number;
  y: number;
}

function getSqSegDist(p: XY, p1: XY, p2: XY): number {
  let x = p1.x,
    y = p1.y,
    dx = p2.x - x,
    dy = p2.y - y;
  if (dx !== 0 || dy !== 0) {
    const t = ((p.x - x) * dx + (p.y - y) * dy) / (dx * dx + dy * dy);
    if (t > 1) {
      x = p2.x;
      y = p2.y;
    } else if (t > 0) {
      x += dx * t;
      y += dy * t;
    }
  }
  dx = p.x - x;
  dy = p.y - y;
  return dx * dx + dy * dy;
}

function getSqDist(p1: XY, p2: XY): number {
  const dx = p1.x - p2.x,
    dy = p1.y - p2.y;
  return dx * dx + dy * dy;
}

function simplifyRadialDist(points: XY[], sqTolerance: number): XY[] {
  let prevPoint = points[0];
  const newPoints = [prevPoint];
  let point: XY | undefined;
  for (let i = 1, len = points.length; i < len; i++) {
    point = points[i];
    if (getSqDist(point, prevPoint) > sqTolerance) {
      newPoints.push(point);
      prevPoint = point;
    }
  }
  if (point && prevPoint !== point) newPoints.push(point);
  return newPoints;
}

function simplifyDPStep(points: XY[], first: number, last: number, sqTolerance: number, simplified: XY[]): void {
  let maxSqDist = sqTolerance;
  let index = -1;
  for (let i = first + 1; i < last; i++) {
    const sqDist = getSqSegDist(points[i], points[first], points[last]);
    if (sqDist > maxSqDist) {
      index = i;
      maxSqDist = sqDist;
    }
  }
  if (maxSqDist > sqTolerance) {
    if (index - first > 1) simplifyDPStep(points, first, index, sqTolerance, simplified);
    simplified.push(points[index]);
    if (last - index > 1) simplifyDPStep(points, index, last, sqTolerance, simplified);
  }
}

function simplifyDouglasPeucker(points: XY[], sqTolerance: number): XY[] {
  const last = points.length - 1;
  const simplified = [points[0]];
  simplifyDPStep(points, 0, last, sqTolerance, simplified);
  simplified.push(points[last]);
  return simplified;
}

export function simplify(points: XY[], tolerance?: number, highestQuality?: boolean): XY[] {
  if (points.length <= 2) return points;
  const sqTolerance = tolerance !== undefined ? tolerance * tolerance : 1;
  points = highestQuality ? points : simplifyRadialDist(points, sqTolerance);
  points = simplifyDouglasPeucker(points, sqTolerance);
  return points;
}
