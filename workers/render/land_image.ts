// The bundled Natural Earth land (SPEC §1 offline-capable: the map never looks blank) and its image
// for one view, drawn by OpenLayers' own Canvas vector renderer exactly as its VectorImageLayer draws
// one: a frame of the image's extent and size, the renderer's own canvas. Runs in land.worker.ts
// (issue 17: a zoom's new land image costs the main thread nothing but placing a bitmap), or on the
// main thread where a worker cannot draw (src/map/base_layers.ts). Imports nothing of the DOM.
import type { FrameState } from 'ol/Map.js';
import type OlFeature from 'ol/Feature.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type { Geometry } from 'ol/geom.js';
import VectorLayer from 'ol/layer/Vector.js';
import { get as getProjection } from 'ol/proj.js';
import type CanvasVectorLayerRenderer from 'ol/renderer/canvas/VectorLayer.js';
import VectorSource from 'ol/source/Vector.js';
import { getCenter, getHeight, getWidth } from 'ol/extent.js';
import { compose, create as createTransform, makeInverse } from 'ol/transform.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import land110m from 'world-atlas/land-110m.json';
import { DATA_PROJECTION, DEFAULT_PROJECTION } from '../../src/model/index.ts';
import { unwrapOffsets } from '../batch/antimeridian.ts';
import { landStyle } from './land_style.ts';

/** One image of the land: EPSG:3857 extent, map units per CSS pixel, device pixels per CSS pixel. */
export interface LandImageRequest {
  extent: [number, number, number, number];
  resolution: number;
  pixelRatio: number;
}

/** Same antimeridian repair as the data worker applies to vector layers (Fiji, Chukotka). */
function unwrapRings(fc: FeatureCollection): FeatureCollection {
  const fix = (ring: Position[]) => {
    const off = unwrapOffsets(ring, true);
    return off ? ring.map((p, i) => [p[0] + off[i], p[1]]) : ring;
  };
  const features = fc.features.map((f): Feature => {
    const g = f.geometry as Polygon | MultiPolygon;
    if (g.type === 'Polygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map(fix) } };
    if (g.type === 'MultiPolygon') return { ...f, geometry: { ...g, coordinates: g.coordinates.map((p) => p.map(fix)) } };
    return f;
  });
  return { ...fc, features };
}

/** Natural Earth's 110m land (a few hundred rings) as OL features in EPSG:3857. */
export function landFeatures(): OlFeature<Geometry>[] {
  const topo = land110m as unknown as Topology<{ land: GeometryCollection }>;
  const geojson = unwrapRings(feature(topo, topo.objects.land) as FeatureCollection);
  return new GeoJSON().readFeatures(geojson, { dataProjection: DATA_PROJECTION, featureProjection: DEFAULT_PROJECTION });
}

let layer: VectorLayer | undefined;

/**
 * The land drawn for `req` into the renderer's own canvas (reused by the next call: take its pixels
 * before drawing again). The frame is the one VectorImageLayer gives its renderer: the image's extent
 * and size, no rotation, no clipping.
 */
export function drawLand({ extent, resolution, pixelRatio }: LandImageRequest): OffscreenCanvas | HTMLCanvasElement {
  layer ??= new VectorLayer({ source: new VectorSource({ features: landFeatures() }), style: landStyle() });
  const renderer = layer.getRenderer() as CanvasVectorLayerRenderer;
  const size = [getWidth(extent) / resolution, getHeight(extent) / resolution];
  const center = getCenter(extent);
  const toPixel = compose(createTransform(), size[0] / 2, size[1] / 2, 1 / resolution, -1 / resolution, 0, -center[0], -center[1]);
  const frameState = {
    animate: false,
    coordinateToPixelTransform: toPixel,
    pixelToCoordinateTransform: makeInverse(createTransform(), toPixel),
    declutter: null,
    extent,
    index: 0,
    layerIndex: 0,
    layerStatesArray: [{ ...layer.getLayerState(), opacity: 1 }],
    mapId: 'land',
    pixelRatio,
    postRenderFunctions: [],
    renderTargets: {},
    size,
    time: Date.now(),
    usedTiles: {},
    viewHints: [0, 0],
    viewState: {
      center,
      resolution,
      rotation: 0,
      projection: getProjection(DEFAULT_PROJECTION)!,
      nextCenter: center,
      nextResolution: resolution,
      nextRotation: 0,
    },
    wantedTiles: {},
  } as unknown as FrameState;
  renderer.useContainer(null, null);
  renderer.clipping = false;
  if (renderer.prepareFrame(frameState)) renderer.renderFrame(frameState, null);
  return renderer.context!.canvas as OffscreenCanvas | HTMLCanvasElement;
}
