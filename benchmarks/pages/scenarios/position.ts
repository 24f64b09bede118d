// Page side of scenario 11: position updates while walking, with many features loaded. The app's own
// main-thread layers (src/location/position_layer.ts, src/track/track_layer.ts) sit on an OL map over
// Mapdraft's render-worker canvas, as MapView stacks them; each update moves the dot, appends to the
// track and centres both maps, as a recording does (src/track/track_recorder.ts).
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import { fromLonLat } from 'ol/proj.js';
import { PositionLayer } from '../../../src/location/position_layer.ts';
import { TrackLayer } from '../../../src/track/track_layer.ts';
import type { TrackPoint } from '../../../src/model/index.ts';
import { MapdraftApp } from '../contenders/mapdraft_app.ts';
import type { LayerSpec, View as BenchView } from '../contenders/types.ts';
import { longTasks, sleep } from '../probes.ts';

const SIZE: [number, number] = [window.innerWidth, window.innerHeight];
let app: MapdraftApp | null = null;
let map: OlMap | null = null;
let position: PositionLayer | null = null;
let track: TrackLayer | null = null;
const renderMs: number[] = [];
let composeStart = 0;

/** Loads the layers into Mapdraft's render worker, then stacks the OL map with the two layers on top. */
export async function open(layers: LayerSpec[], view: BenchView): Promise<Record<string, number>> {
  await close();
  app = new MapdraftApp();
  await app.prepare(SIZE);
  const t0 = performance.now();
  await app.load(layers, view);
  const loadMs = performance.now() - t0;
  const target = document.createElement('div');
  Object.assign(target.style, { position: 'absolute', inset: '0', width: `${SIZE[0]}px`, height: `${SIZE[1]}px` });
  document.getElementById('map')!.append(target);
  map = new OlMap({ target, controls: [], view: new View({ center: view.center, resolution: view.resolution }) });
  map.on('precompose', () => {
    composeStart = performance.now();
  });
  map.on('postcompose', () => renderMs.push(performance.now() - composeStart));
  position = new PositionLayer(map);
  track = new TrackLayer(map);
  return { loadMs };
}

const METRES_PER_DEGREE = (Math.PI / 180) * 6_371_000;

/**
 * `count` positions `intervalMs` apart, walking north-east from `start` at 1.4 m/s with a turning
 * heading; per update: its synchronous main-thread cost, and the OL map's render time after it.
 */
export async function walk(count: number, intervalMs: number, start: [number, number]): Promise<Record<string, number | number[]>> {
  if (!map || !position || !track || !app) throw new Error('position: open first');
  const resolution = map.getView().getResolution()!;
  const points: TrackPoint[] = [];
  const updateMs: number[] = [];
  renderMs.length = 0;
  await sleep(200);
  const probe = longTasks();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + i * intervalMs;
    await sleep(Math.max(0, due - performance.now()));
    const metres = i * 1.4 * (intervalMs / 1000);
    const lat = start[1] + metres / METRES_PER_DEGREE;
    const lon = start[0] + metres / METRES_PER_DEGREE / Math.cos((start[1] * Math.PI) / 180);
    const time = Date.now();
    const u0 = performance.now();
    position.show({ lon, lat, accuracy: 8, heading: (i * 3) % 360, altitude: 35, time });
    points.push({ lon, lat, altitude: 35, time });
    track.show(points);
    const center = fromLonLat([lon, lat]);
    map.getView().setCenter(center);
    app.setView({ center: center as [number, number], resolution }, false);
    updateMs.push(performance.now() - u0);
  }
  await sleep(intervalMs);
  const lt = probe.stop();
  return {
    updateMs,
    renderMs: [...renderMs],
    longTaskCount: lt.count,
    longTaskMaxMs: lt.maxMs,
    longTasksOver50: lt.over50,
    trackVertices: points.length,
  };
}

export async function close(): Promise<void> {
  position?.dispose();
  track?.dispose();
  map?.setTarget(undefined);
  map?.getTargetElement()?.remove();
  await app?.dispose();
  app = position = track = map = null;
}
