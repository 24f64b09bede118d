// The embedded router (SPEC §1 routing, no external service, works offline): a graph built from the
// LineStrings of the layers flagged `roads`, one node per distinct vertex (lines meeting at a shared
// vertex are joined there; coordinates are snapped to 1e-6° ≈ 0.1 m so the same point written twice
// is one node), one link per segment weighted by its length; A* (ngraph.path) with the great-circle
// distance as heuristic. Pure: runs in the data worker and in node tests.
import createGraph, { type Graph, type NodeId } from 'ngraph.graph';
import { aStar } from 'ngraph.path';
import {
  haversineDistance,
  ROUTE_MAX_SNAP_M,
  ROUTE_OFF_ROAD_SPEED_KMH,
  ROUTE_ROAD_SPEED_KMH,
  type LonLat,
  type RouteStep,
} from '../../src/model/index.ts';
import { featureParts, type FeatureBatch } from '../batch/feature_batch.ts';
import type { RouteOutcome } from './protocol.ts';

interface RoadNode {
  lon: number;
  lat: number;
}

interface RoadLink {
  /** Metres. */
  length: number;
  /** The road's name (the layer's label), '' when it has none. */
  name: string;
}

export interface RoadGraph {
  graph: Graph<RoadNode, RoadLink>;
  nodeCount: number;
  linkCount: number;
}

const SNAP = 1e6;
const nodeKey = (lon: number, lat: number): string => `${Math.round(lon * SNAP)},${Math.round(lat * SNAP)}`;

/** The graph of every line of the batches (LineString layers; others are skipped). */
export function buildRoadGraph(batches: readonly FeatureBatch[]): RoadGraph {
  const graph = createGraph<RoadNode, RoadLink>();
  let links = 0;
  for (const batch of batches) {
    if (batch.geometryType !== 'LineString') continue;
    for (let f = 0; f < batch.count; f++) {
      const name = batch.labels?.[f] ?? '';
      const [p0, p1] = featureParts(batch, f);
      for (let p = p0; p < p1; p++) {
        const start = p === 0 ? 0 : batch.partEnds[p - 1];
        let prev: string | undefined;
        let prevAt: LonLat | undefined;
        for (let v = start; v < batch.partEnds[p]; v++) {
          const at: LonLat = [batch.coords[2 * v], batch.coords[2 * v + 1]];
          const key = nodeKey(at[0], at[1]);
          if (!graph.hasNode(key)) graph.addNode(key, { lon: at[0], lat: at[1] });
          if (prev !== undefined && prev !== key) {
            const length = haversineDistance(prevAt!, at);
            const existing = graph.getLink(prev, key) ?? graph.getLink(key, prev);
            // Two roads along the same segment: the shorter (they are the same) keeps its name.
            if (!existing) {
              graph.addLink(prev, key, { length, name });
              links++;
            }
          }
          prev = key;
          prevAt = at;
        }
      }
    }
  }
  return { graph, nodeCount: graph.getNodesCount(), linkCount: links };
}

/** The road vertex nearest to a position, and how far it is (metres). */
export function nearestNode(rg: RoadGraph, at: LonLat): { id: NodeId; distance: number } | undefined {
  let best: { id: NodeId; distance: number } | undefined;
  rg.graph.forEachNode((node) => {
    const d = haversineDistance(at, [node.data.lon, node.data.lat]);
    if (!best || d < best.distance) best = { id: node.id, distance: d };
  });
  return best;
}

const seconds = (metres: number, kmh: number) => metres / (kmh / 3.6);

export interface RouteOptions {
  maxSnapM?: number;
  roadSpeedKmh?: number;
}

/**
 * The shortest route over the roads from `origin` to `destination`, each joined to its nearest road
 * vertex by a straight leg. Steps: the leg to the road, one per stretch of road with the same name, the leg off it.
 */
export function findRoute(rg: RoadGraph, origin: LonLat, destination: LonLat, opts: RouteOptions = {}): RouteOutcome {
  const maxSnap = opts.maxSnapM ?? ROUTE_MAX_SNAP_M;
  const speed = opts.roadSpeedKmh ?? ROUTE_ROAD_SPEED_KMH;
  if (rg.nodeCount === 0) return { ok: false, reason: 'noRoads' };
  const from = nearestNode(rg, origin)!;
  if (from.distance > maxSnap) return { ok: false, reason: 'originFarFromRoad', distanceToRoad: from.distance };
  const to = nearestNode(rg, destination)!;
  if (to.distance > maxSnap) return { ok: false, reason: 'destinationFarFromRoad', distanceToRoad: to.distance };

  const finder = aStar<RoadNode, RoadLink>(rg.graph, {
    distance: (_a, _b, link) => link.data.length,
    heuristic: (a, b) => haversineDistance([a.data.lon, a.data.lat], [b.data.lon, b.data.lat]),
  });
  // ngraph.path answers from the end back to the start.
  const path = from.id === to.id ? [rg.graph.getNode(from.id)!] : finder.find(from.id, to.id).reverse();
  if (path.length === 0) return { ok: false, reason: 'notConnected' };

  const steps: RouteStep[] = [];
  const coordinates: LonLat[] = [origin];
  const leg = (kind: 'depart' | 'arrive', metres: number) => {
    if (metres > 0) steps.push({ kind, instruction: '', distance: metres, duration: seconds(metres, ROUTE_OFF_ROAD_SPEED_KMH) });
  };
  leg('depart', from.distance);
  for (let i = 0; i < path.length; i++) {
    coordinates.push([path[i].data.lon, path[i].data.lat]);
    if (i === 0) continue;
    const link = (rg.graph.getLink(path[i - 1].id, path[i].id) ?? rg.graph.getLink(path[i].id, path[i - 1].id))!;
    const last = steps.at(-1);
    if (last?.kind === 'road' && last.name === link.data.name) {
      last.distance += link.data.length;
      last.duration += seconds(link.data.length, speed);
    } else {
      steps.push({
        kind: 'road',
        instruction: '',
        name: link.data.name,
        distance: link.data.length,
        duration: seconds(link.data.length, speed),
      });
    }
  }
  leg('arrive', to.distance);
  coordinates.push(destination);
  const distance = steps.reduce((sum, s) => sum + s.distance, 0);
  const time = steps.reduce((sum, s) => sum + s.duration, 0);
  return { ok: true, route: { origin, destination, steps, distance, time, coordinates } };
}
