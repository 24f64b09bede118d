// CEILING for scenario 7: the same Douglas-Peucker (EPSG:3857 metres, explicit stack) on one flat
// Float64Array, with no slicing, no generator, no batch bookkeeping: the least the task can cost in JS.
const R = 6378137,
  DEG = Math.PI / 180,
  MAXLAT = 85.05112878;

/** lon/lat → EPSG:3857 metres, once for all tolerances. */
export function projectFlat(coords: Float64Array): Float64Array {
  const out = new Float64Array(coords.length);
  for (let i = 0; i < coords.length; i += 2) {
    const lat = Math.max(-MAXLAT, Math.min(MAXLAT, coords[i + 1]));
    out[i] = R * coords[i] * DEG;
    out[i + 1] = R * Math.log(Math.tan(Math.PI / 4 + (lat * DEG) / 2));
  }
  return out;
}

/** DP on the projected copy `proj`; the kept vertices are copied from the lon/lat `coords`. */
export function simplifyFlat(
  coords: Float64Array,
  proj: Float64Array,
  partEnds: Uint32Array,
  tol: number,
): { coords: Float64Array; partEnds: Uint32Array } {
  let maxPart = 0;
  for (let p = 0, s = 0; p < partEnds.length; s = partEnds[p++]) maxPart = Math.max(maxPart, partEnds[p] - s);
  const keep = new Uint8Array(maxPart);
  const stack = new Int32Array(2 * maxPart + 4);
  const out = new Float64Array(coords.length);
  const outEnds = new Uint32Array(partEnds.length);
  const tol2 = tol * tol;
  let w = 0;
  for (let p = 0; p < partEnds.length; p++) {
    const v0 = p === 0 ? 0 : partEnds[p - 1];
    const n = partEnds[p] - v0;
    const xy = proj.subarray(2 * v0, 2 * (v0 + n));
    keep.fill(0, 0, n);
    keep[0] = keep[n - 1] = 1;
    let sp = 0;
    stack[sp++] = 0;
    stack[sp++] = n - 1;
    while (sp > 0) {
      const e = stack[--sp],
        s = stack[--sp];
      const ax = xy[2 * s],
        ay = xy[2 * s + 1],
        bx = xy[2 * e],
        by = xy[2 * e + 1];
      const dx = bx - ax,
        dy = by - ay,
        len2 = dx * dx + dy * dy;
      let idx = -1,
        md = tol2;
      for (let i = s + 1; i < e; i++) {
        const px = xy[2 * i],
          py = xy[2 * i + 1];
        let t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = ax + t * dx - px,
          ey = ay + t * dy - py;
        const d = ex * ex + ey * ey;
        if (d > md) (md = d), (idx = i);
      }
      if (idx < 0) continue;
      keep[idx] = 1;
      (stack[sp++] = s), (stack[sp++] = idx), (stack[sp++] = idx), (stack[sp++] = e);
    }
    for (let i = 0; i < n; i++) {
      if (!keep[i]) continue;
      out[2 * w] = coords[2 * (v0 + i)];
      out[2 * w + 1] = coords[2 * (v0 + i) + 1];
      w++;
    }
    outEnds[p] = w;
  }
  return { coords: out.slice(0, 2 * w), partEnds: outEnds };
}
