// Pictures of a map compared as a person sees them (issue 17: a change made for speed keeps the
// picture): one layer drawn by OpenLayers at a view, read back as pixels; and the share of two pictures
// that visibly differ. Two rasterisers antialias a coast or a one-pixel island differently
// (scattered single pixels); a coast moved by a pixel, a shape more or fewer, a fill where there is none
// make differing pixels that touch each other, and only those are counted.
import { afterAll, beforeAll } from 'vitest';
import OlMap from 'ol/Map.js';
import View, { type ViewOptions } from 'ol/View.js';
import type BaseLayer from 'ol/layer/Base.js';
import VectorLayer from 'ol/layer/Vector.js';
import VectorSource from 'ol/source/Vector.js';
import GeoJSON from 'ol/format/GeoJSON.js';
import type { Style } from 'ol/style.js';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { unwrapOffsets } from '../../workers/batch/antimeridian.ts';

/**
 * Both pictures from one rasteriser. Chromium draws a 2D canvas on the GPU or in software as GPU memory
 * and load allow; the two antialias edges differently (3 % of a world view's pixels), so a canvas that
 * fell back to software on a busy CI machine failed a comparison without any change of ours. Asking for
 * `willReadFrequently` keeps every canvas of the test file in software.
 */
export function keepCanvasesInSoftware(): void {
  const getContext = HTMLCanvasElement.prototype.getContext;
  beforeAll(() => {
    HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: object) {
      return getContext.call(this, type, type === '2d' ? { ...options, willReadFrequently: true } : options);
    } as typeof getContext;
  });
  afterAll(() => {
    HTMLCanvasElement.prototype.getContext = getContext;
  });
}

/**
 * Natural Earth polygons as OpenLayers draws vectors: the reference picture. Rings that cross the
 * antimeridian an even number of times (Fiji, Chukotka) continue past ±180°, as the data worker repairs
 * layers; the collection is changed in place.
 */
export function naturalEarthVectors(collection: FeatureCollection, style: Style): VectorLayer {
  const unwrap = (ring: Position[]) => {
    const off = unwrapOffsets(ring, true);
    return off ? ring.map((p, i) => [p[0] + off[i], p[1]]) : ring;
  };
  for (const f of collection.features) {
    const g = f.geometry as Polygon | MultiPolygon;
    if (g.type === 'Polygon') g.coordinates = g.coordinates.map(unwrap);
    else g.coordinates = g.coordinates.map((p) => p.map(unwrap));
  }
  return new VectorLayer({
    source: new VectorSource({
      features: new GeoJSON().readFeatures(collection, { dataProjection: 'EPSG:4326', featureProjection: 'EPSG:3857' }),
    }),
    style,
  });
}

/** A `width` × `height` map of `layer` alone at the view (pixel ratio 1); its pixels once drawn. */
export async function mapPicture(layer: BaseLayer, view: ViewOptions, [width, height]: [number, number]): Promise<Uint8ClampedArray> {
  const host = document.createElement('div');
  Object.assign(host.style, { width: `${width}px`, height: `${height}px` });
  document.body.append(host);
  const map = new OlMap({ target: host, layers: [layer], pixelRatio: 1, view: new View(view) });
  try {
    await new Promise<void>((ok) => map.once('rendercomplete', () => ok()));
    // The layer's picture where its CSS transform puts it on the map (a turned map turns it), composited
    // as the page shows it: the land's image, or OpenLayers' own canvas.
    const layerPicture = (host.querySelector('.mapdraft-land > *') ?? host.querySelector('canvas')) as HTMLImageElement | HTMLCanvasElement;
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [width, height];
    const ctx = canvas.getContext('2d')!;
    ctx.setTransform(new DOMMatrix(layerPicture.style.transform || 'none'));
    ctx.drawImage(layerPicture, 0, 0);
    return ctx.getImageData(0, 0, width, height).data;
  } finally {
    map.setTarget(undefined);
    host.remove();
  }
}

/** Pixel `i` of `a` and pixel `j` of `b` differ by more than 16 (of 255) in a channel. */
export function coloursDiffer(a: Uint8ClampedArray, i: number, b: Uint8ClampedArray, j = i): boolean {
  for (let k = 0; k < 4; k++) if (Math.abs(a[i + k] - b[j + k]) > 16) return true;
  return false;
}

/** The share of the pixels that differ beside two or more others that do. */
export function visibleDifference(a: Uint8ClampedArray, b: Uint8ClampedArray, width: number, height: number): number {
  if (a.length !== b.length || a.length !== width * height * 4) throw new Error('pictures of different sizes');
  const differs = new Uint8Array(width * height);
  for (let p = 0; p < differs.length; p++) differs[p] = coloursDiffer(a, p * 4, b) ? 1 : 0;
  let different = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!differs[y * width + x]) continue;
      let neighbours = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [nx, ny] = [x + dx, y + dy];
          if ((dx || dy) && nx >= 0 && ny >= 0 && nx < width && ny < height) neighbours += differs[ny * width + nx];
        }
      }
      if (neighbours >= 2) different++;
    }
  }
  return different / (width * height);
}

/** Pixel (x, y) lies on an edge of `p`: a neighbour's colour differs from its own. */
function onEdge(p: Uint8ClampedArray, x: number, y: number, width: number, height: number): boolean {
  const i = (y * width + x) * 4;
  for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
    for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++)
      if (coloursDiffer(p, i, p, (ny * width + nx) * 4)) return true;
  }
  return false;
}

/**
 * The share of the view that shows another colour away from every edge: a fill where there is none, none
 * where there is one, two fills over each other. GL lines and a canvas stroke shade a one-pixel outline
 * differently (3–7 % of a view's pixels, all along the outlines), so pixels on an edge of either picture
 * are not compared; a shape moved, missing or added shows in the pixels inside it.
 */
export function interiorDifference(a: Uint8ClampedArray, b: Uint8ClampedArray, width: number, height: number): number {
  if (a.length !== b.length || a.length !== width * height * 4) throw new Error('pictures of different sizes');
  let different = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (coloursDiffer(a, i, b) && !onEdge(a, x, y, width, height) && !onEdge(b, x, y, width, height)) different++;
    }
  }
  return different / (width * height);
}
