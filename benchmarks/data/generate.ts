// Deterministic generated datasets (10k/100k/1M points, 200k five-vertex polygons, 100
// lines of 10k vertices, diff and simplify sets). Pure and DOM-free: the same seed gives the same
// data in node (cached files) and in the browser (worker-side generation for the micro benchmarks).
import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';

/** mulberry32: a tiny seeded PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Points clustered like settlements: 70 % around 200 seeded centres, 30 % spread out. */
export function pointCoords(n: number, seed = 1): Float64Array {
  const rand = prng(seed);
  const centres: [number, number][] = [];
  for (let i = 0; i < 200; i++) centres.push([-170 + rand() * 340, -55 + rand() * 125]);
  const out = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    let lon: number, lat: number;
    if (rand() < 0.7) {
      const c = centres[(rand() * centres.length) | 0];
      lon = c[0] + (rand() - 0.5) * 8 * rand();
      lat = c[1] + (rand() - 0.5) * 6 * rand();
    } else {
      lon = -179.9 + rand() * 359.8;
      lat = -60 + rand() * 135;
    }
    out[2 * i] = Math.max(-179.99, Math.min(179.99, lon));
    out[2 * i + 1] = Math.max(-84, Math.min(84, lat));
  }
  return out;
}

export function pointsGeoJSON(coords: Float64Array, idBase = 1): FeatureCollection<Point> {
  const features: Feature<Point>[] = new Array(coords.length / 2);
  for (let i = 0; i < features.length; i++) {
    features[i] = {
      type: 'Feature',
      id: idBase + i,
      properties: { gfid: idBase + i, name: `p${i}` },
      geometry: { type: 'Point', coordinates: [coords[2 * i], coords[2 * i + 1]] },
    };
  }
  return { type: 'FeatureCollection', features };
}

/** `n` closed quadrilaterals (five vertices, the last repeating the first), up to ~0.2° wide. */
export function polygonFeatures(n: number, seed = 2, idBase = 1): Feature<Polygon>[] {
  const rand = prng(seed);
  const centres = pointCoords(n, seed + 100);
  const out: Feature<Polygon>[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const x = centres[2 * i],
      y = centres[2 * i + 1];
    const w = 0.02 + rand() * 0.18,
      h = 0.02 + rand() * 0.14;
    const ring = [
      [x, y],
      [x + w, y + rand() * 0.02],
      [x + w, y + h],
      [x + rand() * 0.02, y + h],
      [x, y],
    ];
    out[i] = {
      type: 'Feature',
      id: idBase + i,
      properties: { gfid: idBase + i, name: `poly${i}`, value: (rand() * 1000) | 0 },
      geometry: { type: 'Polygon', coordinates: [ring] },
    };
  }
  return out;
}

/** `count` random-walk lines of `vertices` vertices each. */
export function lineFeatures(count: number, vertices: number, seed = 3, idBase = 1): Feature<LineString>[] {
  const rand = prng(seed);
  const out: Feature<LineString>[] = [];
  for (let l = 0; l < count; l++) {
    let x = -150 + rand() * 300,
      y = -50 + rand() * 100;
    let heading = rand() * Math.PI * 2;
    const step = 2 / Math.max(1, Math.sqrt(vertices)); // a long line spans a few degrees
    const coords: number[][] = [];
    for (let v = 0; v < vertices; v++) {
      heading += (rand() - 0.5) * 0.6;
      x += Math.cos(heading) * step * (0.5 + rand());
      y += Math.sin(heading) * step * (0.5 + rand());
      if (y > 80 || y < -80) heading = -heading;
      coords.push([x, Math.max(-84, Math.min(84, y))]);
    }
    out.push({
      type: 'Feature',
      id: idBase + l,
      properties: { gfid: idBase + l, name: `line${l}` },
      geometry: { type: 'LineString', coordinates: coords },
    });
  }
  return out;
}

/** Flat lon/lat lines for the simplify benchmark: `lines` parts of `vertices` each. */
export function flatLines(lines: number, vertices: number, seed = 7): { coords: Float64Array; partEnds: Uint32Array } {
  const rand = prng(seed);
  const coords = new Float64Array(2 * lines * vertices);
  const partEnds = new Uint32Array(lines);
  let w = 0;
  for (let l = 0; l < lines; l++) {
    let x = -150 + rand() * 300,
      y = -60 + rand() * 120;
    let heading = rand() * Math.PI * 2;
    for (let v = 0; v < vertices; v++) {
      heading += (rand() - 0.5) * 0.8;
      const step = 0.0005 + rand() * 0.004; // ~50–500 m: detail that different zoom bands keep or drop
      x += Math.cos(heading) * step;
      y += Math.sin(heading) * step;
      coords[w++] = x;
      coords[w++] = Math.max(-84, Math.min(84, y));
    }
    partEnds[l] = (l + 1) * vertices;
  }
  return { coords, partEnds };
}

export interface DiffDataset {
  originals: FeatureCollection<Polygon>;
  /** The `_diff` layer as the server sends it: grpstatus, gfid and the changed properties. */
  suggestions: FeatureCollection<Polygon>;
}

/** 100k originals; suggestions: `modified` (half move the geometry, half change a property), `added`, `deleted`. */
export function diffDataset(originals: number, modified: number, added: number, deleted: number, seed = 11): DiffDataset {
  const rand = prng(seed);
  const orig = polygonFeatures(originals, seed, 1);
  const sugg: Feature<Polygon>[] = [];
  const picked = new Set<number>();
  const pick = () => {
    for (;;) {
      const i = (rand() * originals) | 0;
      if (!picked.has(i)) return picked.add(i), i;
    }
  };
  for (let k = 0; k < modified; k++) {
    const o = orig[pick()];
    const moved = k % 2 === 0;
    const ring = o.geometry.coordinates[0].map(([x, y]) => (moved ? [x + 0.001, y] : [x, y]));
    const props: Record<string, unknown> = {
      gfid: o.properties!.gfid,
      grpstatus: 'm',
      creator: 'bench',
      insertedat: '2026-01-01T00:00:00Z',
    };
    if (!moved) props.value = (o.properties!.value as number) + 1;
    sugg.push({ type: 'Feature', id: 1_000_000 + sugg.length, properties: props, geometry: { type: 'Polygon', coordinates: [ring] } });
  }
  for (const f of polygonFeatures(added, seed + 1, 0)) {
    f.id = 1_000_000 + sugg.length;
    f.properties = { grpstatus: 'n', name: f.properties!.name, value: 1, creator: 'bench' };
    sugg.push(f);
  }
  for (let k = 0; k < deleted; k++) {
    const o = orig[pick()];
    sugg.push({
      type: 'Feature',
      id: 1_000_000 + sugg.length,
      properties: { gfid: o.properties!.gfid, grpstatus: 'd', creator: 'bench' },
      geometry: o.geometry,
    });
  }
  return { originals: { type: 'FeatureCollection', features: orig }, suggestions: { type: 'FeatureCollection', features: sugg } };
}
