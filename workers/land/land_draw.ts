// The bundled Natural Earth land (SPEC §1: the map never looks blank offline) drawn with Canvas 2D
// into an image for one view. Issue 17 target 4: OpenLayers drew it on the main thread, ≈ 50 ms a view
// (≈ 200 ms at 4× slowdown, the longest task left in an open); the land worker draws it now
// (land.worker.ts), the main thread only places the image. The same colours, width and simplification
// as OpenLayers' vector drawing, and compared with it (tests/browser/map_land.test.ts).
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import land110m from 'world-atlas/land-110m.json';
import { quantize } from 'ol/geom/flat/simplify.js';
import { fromEPSG4326, HALF_SIZE } from 'ol/proj/epsg3857.js';
import { unwrapOffsets } from '../batch/antimeridian.ts';
import { LAND_COLOR, LAND_STROKE, LAND_STROKE_WIDTH } from './land_style.ts';

/**
 * Half a device pixel: OpenLayers snaps a polygon's vertices to a grid of this size before it draws it
 * (its vector renderer's SIMPLIFY_TOLERANCE); the same here keeps the land's picture as it was.
 */
const RENDER_TOLERANCE = 0.5;

/** EPSG:3857's world width. */
const WORLD_WIDTH = 2 * HALF_SIZE;

/** One ring as x0, y0, x1, y1, … in EPSG:3857; a polygon's first ring is its outline, the others its holes. */
type LandPolygon = number[][];

function project(ring: Position[]): number[] {
  // Fiji and Chukotka cross the antimeridian: their rings continue past ±180° instead of jumping.
  const offsets = unwrapOffsets(ring, true);
  const lonLat = new Array<number>(ring.length * 2);
  for (let i = 0; i < ring.length; i++) {
    lonLat[2 * i] = ring[i][0] + (offsets ? offsets[i] : 0);
    lonLat[2 * i + 1] = ring[i][1];
  }
  return fromEPSG4326(lonLat, lonLat, 2);
}

/**
 * `ring` snapped to the `tolerance` grid, as OpenLayers simplifies a polygon before drawing it, and then
 * turned so outlines go one way round and holes the other (one nonzero fill leaves the holes empty).
 * Snapped first and turned after, as OpenLayers does, so the same vertices are drawn.
 */
function snappedRing(ring: number[], tolerance: number, outline: boolean): number[] {
  const snapped: number[] = [];
  snapped.length = quantize(ring, 0, ring.length, 2, tolerance, snapped, 0);
  let area = 0;
  for (let i = 2; i < snapped.length; i += 2) area += snapped[i - 2] * snapped[i + 1] - snapped[i] * snapped[i - 1];
  if (area > 0 === outline) return snapped;
  const reversed = new Array<number>(snapped.length);
  for (let i = 0; i < snapped.length; i += 2) {
    reversed[snapped.length - 2 - i] = snapped[i];
    reversed[snapped.length - 1 - i] = snapped[i + 1];
  }
  return reversed;
}

let polygons: LandPolygon[] | undefined;

/** The land's polygons, projected once. */
function landPolygons(): LandPolygon[] {
  if (!polygons) {
    const topo = land110m as unknown as Topology<{ land: GeometryCollection }>;
    const land = feature(topo, topo.objects.land) as FeatureCollection;
    polygons = land.features.flatMap((f) => {
      const g = f.geometry as Polygon | MultiPolygon;
      const parts = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
      return parts.map((rings) => rings.map((ring) => project(ring)));
    });
  }
  return polygons;
}

/** What one image shows: its extent (EPSG:3857), metres per CSS pixel and device pixels per CSS pixel. */
export interface LandView {
  /** minX, minY, maxX, maxY. */
  extent: number[];
  resolution: number;
  pixelRatio: number;
}

/** The image's size in device pixels. */
export function landImageSize({ extent, resolution, pixelRatio }: LandView): [number, number] {
  return [
    Math.max(1, Math.round(((extent[2] - extent[0]) / resolution) * pixelRatio)),
    Math.max(1, Math.round(((extent[3] - extent[1]) / resolution) * pixelRatio)),
  ];
}

/** Draws the land of `view` into `ctx` (sized by `landImageSize`), with every copy of the world it spans. */
export function drawLand(ctx: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D, view: LandView): void {
  const { extent, resolution, pixelRatio } = view;
  const scale = pixelRatio / resolution;
  const tolerance = (RENDER_TOLERANCE * resolution) / pixelRatio;
  const snappedPolygons = landPolygons().map((polygon) => polygon.map((ring, i) => snappedRing(ring, tolerance, i === 0)));
  ctx.fillStyle = LAND_COLOR;
  ctx.strokeStyle = LAND_STROKE;
  ctx.lineWidth = LAND_STROKE_WIDTH * pixelRatio;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  // Rings unwrapped past the antimeridian reach half a world beyond it: one copy more on each side.
  const first = Math.floor((extent[0] + HALF_SIZE) / WORLD_WIDTH) - 1;
  const last = Math.floor((extent[2] + HALF_SIZE) / WORLD_WIDTH) + 1;
  for (let copy = first; copy <= last; copy++) {
    const dx = copy * WORLD_WIDTH - extent[0];
    // Each polygon filled and then outlined, as OpenLayers draws them: a neighbour's fill covers the
    // half of a shared outline that falls on it.
    for (const polygon of snappedPolygons) {
      ctx.beginPath();
      for (const ring of polygon) {
        if (ring.length < 2) continue;
        ctx.moveTo((ring[0] + dx) * scale, (extent[3] - ring[1]) * scale);
        for (let i = 2; i < ring.length; i += 2) ctx.lineTo((ring[i] + dx) * scale, (extent[3] - ring[i + 1]) * scale);
        ctx.closePath();
      }
      ctx.fill();
      ctx.stroke();
    }
  }
}
