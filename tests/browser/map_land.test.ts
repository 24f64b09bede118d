// The bundled Natural Earth land is drawn by the land worker as one image per view (issue 17: off the
// main thread, once per view). Issue 17 asks that a change made for speed keeps the picture: the image
// layer is compared pixel by pixel with the same Natural Earth data drawn by OpenLayers as a plain
// vector layer (its own projection, the antimeridian repaired as the data worker repairs layers).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import type BaseLayer from 'ol/layer/Base.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import { Fill, Stroke, Style } from 'ol/style.js';
import { fromLonLat } from 'ol/proj.js';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import land110m from 'world-atlas/land-110m.json';
import { createLandLayer } from '../../src/map/base_layers.ts';
import { landImage } from '../../src/map/land_image.ts';
import { landPictureLayer } from '../../src/map/land_layer.ts';
import { unwrapOffsets } from '../../workers/batch/antimeridian.ts';
import { LAND_COLOR, LAND_STROKE, LAND_STROKE_WIDTH } from '../../workers/land/land_style.ts';

/** The land as OpenLayers draws vectors: Natural Earth's rings, Fiji and Chukotka continued past ±180°. */
function landAsVectors(): VectorLayer {
  const topo = land110m as unknown as Topology<{ land: GeometryCollection }>;
  const land = feature(topo, topo.objects.land) as FeatureCollection;
  const unwrap = (ring: Position[]) => {
    const off = unwrapOffsets(ring, true);
    return off ? ring.map((p, i) => [p[0] + off[i], p[1]]) : ring;
  };
  for (const f of land.features) {
    const g = f.geometry as Polygon | MultiPolygon;
    if (g.type === 'Polygon') g.coordinates = g.coordinates.map(unwrap);
    else g.coordinates = g.coordinates.map((p) => p.map(unwrap));
  }
  return new VectorLayer({
    source: new VectorSource({
      features: new GeoJSON().readFeatures(land, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' }),
    }),
    style: new Style({ fill: new Fill({ color: LAND_COLOR }), stroke: new Stroke({ color: LAND_STROKE, width: LAND_STROKE_WIDTH }) }),
  });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

// Both pictures from one rasteriser. Chromium draws a 2D canvas on the GPU or in software as GPU memory
// and load allow; the two antialias edges differently (3 % of this world view's pixels), so a canvas that
// fell back to software on a busy CI machine failed the comparison without any change of ours. Asking for
// `willReadFrequently` keeps every canvas in software.
const getContext = HTMLCanvasElement.prototype.getContext;
beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: object) {
    return getContext.call(this, type, type === '2d' ? { ...options, willReadFrequently: true } : options);
  } as typeof getContext;
});
afterAll(() => {
  HTMLCanvasElement.prototype.getContext = getContext;
});

const [WIDTH, HEIGHT] = [320, 240];

/** A WIDTH × HEIGHT map of `layer` at the view; resolves with its pixels once drawn. */
async function drawn(layer: BaseLayer, center: number[], zoom: number, rotation = 0): Promise<Uint8ClampedArray> {
  const host = document.createElement('div');
  Object.assign(host.style, { width: `${WIDTH}px`, height: `${HEIGHT}px` });
  document.body.append(host);
  const map = new OlMap({ target: host, layers: [layer], pixelRatio: 1, view: new View({ center, zoom, rotation }) });
  cleanups.push(() => {
    map.setTarget(undefined);
    host.remove();
  });
  await new Promise<void>((ok) => map.once('rendercomplete', () => ok()));
  // The layer's canvas where its CSS transform puts it on the map (a turned map turns it), composited as
  // the page shows it: the land's picture, or OpenLayers' own canvas.
  const layerPicture = (host.querySelector('.mapdraft-land > *') ?? host.querySelector('canvas')) as HTMLImageElement | HTMLCanvasElement;
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [WIDTH, HEIGHT];
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(new DOMMatrix(layerPicture.style.transform || 'none'));
  ctx.drawImage(layerPicture, 0, 0);
  return ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
}

const VIEWS: [string, number[], number][] = [
  ['the world', [0, 0], 1],
  ['western Europe', fromLonLat([2, 47]), 4],
  ['the Aegean coast', fromLonLat([24, 38]), 6],
  // Fiji's rings continue past 180°; a view across the antimeridian shows two copies of the world.
  ['Fiji across the antimeridian', fromLonLat([179.5, -17.5]), 6],
  ['the Pacific, both sides of the antimeridian', fromLonLat([180, 20]), 1],
];

/**
 * The share of a view's pixels where the image layer's land visibly differs from OpenLayers' vectors.
 * Seen as a picture, not pixel by pixel: OpenLayers' executor and the land's own path antialias islands
 * of a pixel or two differently at world scale (0.2–0.7 % of a view's pixels, scattered); a coast moved
 * by a pixel, islands more or fewer, a missing copy of the world make differing pixels that touch each
 * other, and only those are counted.
 */
async function visibleDifference(center: number[], zoom: number, rotation = 0): Promise<number> {
  const a = await drawn(createLandLayer(), center, zoom, rotation);
  const b = await drawn(landAsVectors(), center, zoom, rotation);
  expect(a.length).toBe(b.length);
  let land = 0;
  for (let i = 3; i < b.length; i += 4) if (b[i] > 0) land++;
  expect(land).toBeGreaterThan(1000); // the view does show land
  const differs = new Uint8Array(WIDTH * HEIGHT);
  for (let p = 0; p < differs.length; p++) {
    const i = p * 4;
    const delta = Math.max(
      Math.abs(a[i] - b[i]),
      Math.abs(a[i + 1] - b[i + 1]),
      Math.abs(a[i + 2] - b[i + 2]),
      Math.abs(a[i + 3] - b[i + 3]),
    );
    differs[p] = delta > 16 ? 1 : 0;
  }
  let different = 0;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) if (differs[y * WIDTH + x] && differingNeighbours(differs, x, y) >= 2) different++;
  }
  return different / (WIDTH * HEIGHT);
}

describe('the bundled land', () => {
  it.each(VIEWS)('looks the same drawn as an image as drawn as vectors: %s', async (_, center, zoom) => {
    expect(await visibleDifference(center, zoom)).toBeLessThan(0.005);
  });

  it('turns with the map', async () => {
    // The picture is drawn north up and turned by its CSS transform; resampling a turned picture softens
    // every coast by a pixel (0.9 % of this view), where a picture turned the wrong way differs in 47 %.
    expect(await visibleDifference(fromLonLat([24, 38]), 6, Math.PI / 6)).toBeLessThan(0.02);
  });

  it('moves its picture with a pan the picture covers, and asks for a new one at another zoom', async () => {
    const asked: number[] = [];
    const layer = landPictureLayer({
      zIndex: 0,
      properties: {},
      attributions: [],
      draw: (view) => {
        asked.push(view.resolution);
        return landImage(view);
      },
    });
    const host = document.createElement('div');
    Object.assign(host.style, { width: `${WIDTH}px`, height: `${HEIGHT}px` });
    document.body.append(host);
    const view = new View({ center: fromLonLat([2, 47]), zoom: 4 });
    const map = new OlMap({ target: host, layers: [layer], pixelRatio: 1, view });
    cleanups.push(() => {
      map.setTarget(undefined);
      host.remove();
    });
    const rendered = () => new Promise<void>((ok) => map.once('rendercomplete', () => ok()));
    const offset = () => new DOMMatrix(host.querySelector<HTMLElement>('.mapdraft-land > *')!.style.transform);
    await rendered();
    const firstResolution = view.getResolution();
    expect(asked).toEqual([firstResolution]);
    const before = offset();
    // 40 px east: still inside the picture (1.5× the view), so the same picture moves 40 px west.
    view.setCenter([view.getCenter()![0] + 40 * view.getResolution()!, view.getCenter()![1]]);
    await rendered();
    expect(asked).toHaveLength(1);
    expect(offset().e).toBeCloseTo(before.e - 40, 6);
    expect(offset().f).toBeCloseTo(before.f, 6);
    // The new zoom's picture replaces the old one once decoded: every frame until then shows a whole picture.
    const blankFrames: number[] = [];
    let watching = true;
    const watch = (t: number) => {
      const picture = host.querySelector('.mapdraft-land > *');
      if (!(picture instanceof HTMLImageElement && picture.complete && picture.naturalWidth > 0)) blankFrames.push(t);
      if (watching) requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
    view.setZoom(5);
    await rendered();
    watching = false;
    expect(asked).toEqual([firstResolution, view.getResolution()]);
    expect(blankFrames).toEqual([]);
    // Drawn by the land worker and shown as an image (no bitmap canvas: land_layer.ts says why).
    expect(host.querySelector('.mapdraft-land > *')).toBeInstanceOf(HTMLImageElement);
  });

  it('is drawn on the main thread where a worker cannot draw it (no OffscreenCanvas)', async () => {
    const offscreen = Object.getOwnPropertyDescriptor(globalThis, 'OffscreenCanvas')!;
    delete (globalThis as { OffscreenCanvas?: unknown }).OffscreenCanvas;
    try {
      expect(await visibleDifference(fromLonLat([2, 47]), 4)).toBeLessThan(0.005);
    } finally {
      Object.defineProperty(globalThis, 'OffscreenCanvas', offscreen);
    }
  });
});

/** How many of the 8 pixels around (x, y) differ. */
function differingNeighbours(differs: Uint8Array, x: number, y: number): number {
  let n = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const [nx, ny] = [x + dx, y + dy];
      if ((dx || dy) && nx >= 0 && ny >= 0 && nx < WIDTH && ny < HEIGHT) n += differs[ny * WIDTH + nx];
    }
  }
  return n;
}
