// Turns a FeatureBatch into an OpenLayers WebGL vector layer. Runs on the main thread only until
// the render worker (DESIGN.md) takes the map over; kept out of React so components never loop
// over features.
import Feature from 'ol/Feature.js';
import Point from 'ol/geom/Point.js';
import MultiPoint from 'ol/geom/MultiPoint.js';
import LineString from 'ol/geom/LineString.js';
import MultiLineString from 'ol/geom/MultiLineString.js';
import Polygon from 'ol/geom/Polygon.js';
import MultiPolygon from 'ol/geom/MultiPolygon.js';
import type { Geometry } from 'ol/geom.js';
import VectorSource from 'ol/source/Vector.js';
import WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import { fromEPSG4326 } from 'ol/proj/epsg3857.js';
import type { FlatStyle } from 'ol/style/flat.js';
import { asArray } from 'ol/color.js';
import { DEFAULT_FILL_COLOR, DEFAULT_STROKE_COLOR, DEFAULT_STROKE_WIDTH, type GeometryType } from '../model/index.ts';
import type { FeatureBatch } from '../../workers/data/protocol.ts';
import { vectorLayerZ } from './zOrder.ts';

/** The Layer fields (SPEC §3) the map reads; the model's Layer type satisfies it structurally. */
export interface VectorLayerStyleConfig {
  id: string;
  name?: string;
  visible?: boolean;
  opacity?: number;
  zIndex?: number;
  minZoom?: number;
  maxZoom?: number;
  strokeColor?: string | null;
  fillColor?: string | null;
  strokeWidth?: number | null;
}

/** Fill colours are drawn translucent so polygons below lines and points stay readable. */
const POLYGON_FILL_ALPHA = 0.35;
const POINT_RADIUS_PX = 4;

function rgba(color: string, alpha?: number): number[] {
  const c = asArray(color).slice();
  if (alpha !== undefined) c[3] = alpha;
  return c;
}

export function styleFor(type: GeometryType, cfg: VectorLayerStyleConfig): FlatStyle {
  const stroke = cfg.strokeColor || DEFAULT_STROKE_COLOR;
  const fill = cfg.fillColor || DEFAULT_FILL_COLOR;
  const width = cfg.strokeWidth ?? DEFAULT_STROKE_WIDTH;
  if (type === 'Point') {
    return {
      'circle-radius': POINT_RADIUS_PX,
      'circle-fill-color': rgba(fill),
      'circle-stroke-color': rgba(stroke),
      'circle-stroke-width': Math.max(1, width / 2),
    };
  }
  if (type === 'LineString') return { 'stroke-color': rgba(stroke), 'stroke-width': width };
  return { 'fill-color': rgba(fill, POLYGON_FILL_ALPHA), 'stroke-color': rgba(stroke), 'stroke-width': width / 2 };
}

/** Vertices from lon/lat to EPSG:3857 in one pass over the flat array (SPEC §9 projections). */
function project(coords: Float64Array): number[] {
  return fromEPSG4326(coords as unknown as number[], new Array<number>(coords.length), 2);
}

function geometryOf(batch: FeatureBatch, flat: number[], f: number): Geometry {
  const { partEnds, featureEnds, polygonEnds } = batch;
  const p0 = f === 0 ? 0 : featureEnds[f - 1];
  const p1 = featureEnds[f];
  const v0 = p0 === 0 ? 0 : partEnds[p0 - 1];
  const v1 = partEnds[p1 - 1];
  const xy = flat.slice(v0 * 2, v1 * 2);
  const ends: number[] = [];
  for (let p = p0; p < p1; p++) ends.push((partEnds[p] - v0) * 2);
  if (batch.geometryType === 'Point') return p1 - p0 === 1 ? new Point(xy) : new MultiPoint(xy, 'XY');
  if (batch.geometryType === 'LineString') {
    return ends.length === 1 ? new LineString(xy, 'XY') : new MultiLineString(xy, 'XY', ends);
  }
  // Polygons: polygonEnds groups this feature's rings into shells with their holes.
  const endss: number[][] = [];
  let current: number[] = [];
  let pi = lowerBound(polygonEnds!, p0 + 1);
  for (let p = p0; p < p1; p++) {
    current.push(ends[p - p0]);
    if (polygonEnds![pi] === p + 1) {
      endss.push(current);
      current = [];
      pi++;
    }
  }
  if (current.length) endss.push(current);
  return endss.length === 1 ? new Polygon(xy, 'XY', endss[0]) : new MultiPolygon(xy, 'XY', endss);
}

function lowerBound(a: Uint32Array, v: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Features per slice: ~1,000 OL features take well under 50 ms to build on a slow phone core. */
const SLICE = 1000;

/** Yields to the event loop so input is handled between slices (DESIGN.md: no task over 50 ms). */
function yieldToMain(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
}

/**
 * Builds OL features from a batch in slices. Until the render worker (DESIGN.md) owns drawing,
 * this is the one main-thread pass over features, so it must never block for long.
 */
export async function featuresFromBatch(batch: FeatureBatch, signal?: AbortSignal): Promise<Feature<Geometry>[]> {
  const flat = project(batch.coords);
  const out = new Array<Feature<Geometry>>(batch.count);
  for (let f = 0; f < batch.count; f++) {
    if (f > 0 && f % SLICE === 0) {
      await yieldToMain();
      signal?.throwIfAborted();
    }
    const feature = new Feature(geometryOf(batch, flat, f));
    if (!Number.isNaN(batch.ids[f])) feature.setId(batch.ids[f]);
    if (batch.labels) feature.set('label', batch.labels[f]);
    out[f] = feature;
  }
  return out;
}

export async function createBatchLayer(
  batch: FeatureBatch,
  cfg: VectorLayerStyleConfig,
  opts: { isDiff?: boolean; signal?: AbortSignal } = {},
) {
  const isDiff = opts.isDiff ?? false;
  const source = new VectorSource({ features: await featuresFromBatch(batch, opts.signal), wrapX: false });
  return new WebGLVectorLayer({
    source,
    style: styleFor(batch.geometryType, cfg),
    zIndex: vectorLayerZ(batch.geometryType, cfg.zIndex, isDiff),
    visible: cfg.visible ?? true,
    opacity: cfg.opacity ?? 1,
    // OL's minZoom is exclusive, SPEC's is inclusive.
    minZoom: cfg.minZoom !== undefined ? cfg.minZoom - 1e-6 : undefined,
    maxZoom: cfg.maxZoom,
    // DESIGN.md: hit testing is spatial (rbush in the data worker), never a pixel read-back.
    disableHitDetection: true,
    properties: { layerId: cfg.id, title: cfg.name ?? cfg.id, featureCount: batch.count },
  });
}
