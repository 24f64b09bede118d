// Demo road network, GENERATED (no installable open road dataset): straight roads between the larger
// seeded cities of France and its neighbours, so routing can be tried offline out of the box (SPEC §1).
// Every city of at least DEMO_ROAD_MIN_POPULATION in the area is joined to its two nearest such
// cities and along a minimum spanning tree, so the network is connected. Not real roads: the layer
// and every road say "demo".
import type { SeedFeature } from './geodata.ts';
import { haversineDistance, type LonLat } from '../../src/model/index.ts';

/** West, south, east, north (lon/lat): France and its borders. */
export const DEMO_ROAD_AREA = [-5.5, 42, 9.5, 51.5] as const;
export const DEMO_ROAD_MIN_POPULATION = 100_000;
const NEAREST = 2;

interface Town {
  name: string;
  at: LonLat;
}

function townsOf(cities: readonly SeedFeature[]): Town[] {
  const [w, s, e, n] = DEMO_ROAD_AREA;
  const towns: Town[] = [];
  for (const c of cities) {
    if (c.g.type !== 'Point' || Number(c.p.population) < DEMO_ROAD_MIN_POPULATION) continue;
    const [lon, lat] = c.g.coordinates;
    if (lon >= w && lon <= e && lat >= s && lat <= n) towns.push({ name: String(c.p.name), at: [lon, lat] });
  }
  return towns;
}

/** Pairs (i < j) to join: each town's nearest ones, and Prim's minimum spanning tree. */
function pairs(towns: readonly Town[]): [number, number][] {
  const d = (i: number, j: number) => haversineDistance(towns[i].at, towns[j].at);
  const keys = new Set<string>();
  const add = (i: number, j: number) => keys.add(i < j ? `${i},${j}` : `${j},${i}`);
  towns.forEach((_, i) => {
    const order = towns.map((__, j) => j).filter((j) => j !== i);
    order.sort((a, b) => d(i, a) - d(i, b));
    for (const j of order.slice(0, NEAREST)) add(i, j);
  });
  const inTree = new Set<number>(towns.length ? [0] : []);
  while (inTree.size < towns.length) {
    let best: [number, number] | undefined;
    for (const i of inTree) for (let j = 0; j < towns.length; j++) if (!inTree.has(j) && (!best || d(i, j) < d(...best))) best = [i, j];
    add(...best!);
    inTree.add(best![1]);
  }
  return [...keys].map((k) => k.split(',').map(Number) as [number, number]);
}

export function generateDemoRoads(cities: readonly SeedFeature[]): SeedFeature[] {
  const towns = townsOf(cities);
  return pairs(towns).map(([i, j]) => ({
    g: { type: 'LineString', coordinates: [towns[i].at, towns[j].at] },
    p: { name: `Demo road ${towns[i].name} – ${towns[j].name}`, kind: 'demo (generated)' },
  }));
}
