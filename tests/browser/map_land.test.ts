// The bundled Natural Earth land is drawn into a reused image (issue 17: the main thread draws it once
// per view, not on every frame). Issue 17 asks that a change made for speed keeps the picture: the
// image layer is compared pixel by pixel with the same land drawn as a plain vector layer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import OlMap from 'ol/Map.js';
import View from 'ol/View.js';
import VectorLayer from 'ol/layer/Vector.js';
import { fromLonLat } from 'ol/proj.js';
import { createLandLayer } from '../../src/map/base_layers.ts';

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

/** A 320 × 240 map of `layer` at the view; resolves with its pixels once drawn. */
async function drawn(layer: VectorLayer | ReturnType<typeof createLandLayer>, center: number[], zoom: number): Promise<Uint8ClampedArray> {
  const host = document.createElement('div');
  Object.assign(host.style, { width: '320px', height: '240px' });
  document.body.append(host);
  const map = new OlMap({ target: host, layers: [layer], pixelRatio: 1, view: new View({ center, zoom }) });
  cleanups.push(() => {
    map.setTarget(undefined);
    host.remove();
  });
  await new Promise<void>((ok) => map.once('rendercomplete', () => ok()));
  const canvas = host.querySelector('canvas') as HTMLCanvasElement;
  return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
}

const VIEWS: [string, number[], number][] = [
  ['the world', [0, 0], 1],
  ['western Europe', fromLonLat([2, 47]), 4],
  ['the Aegean coast', fromLonLat([24, 38]), 6],
];

describe('the bundled land', () => {
  it.each(VIEWS)('looks the same drawn as an image as drawn as vectors: %s', async (_, center, zoom) => {
    const image = createLandLayer();
    const vectors = new VectorLayer({ source: image.getSource()!, style: image.getStyle() });
    const a = await drawn(image, center, zoom);
    const b = await drawn(vectors, center, zoom);
    expect(a.length).toBe(b.length);
    let land = 0;
    let different = 0;
    for (let i = 0; i < a.length; i += 4) {
      if (b[i + 3] > 0) land++;
      const delta = Math.max(
        Math.abs(a[i] - b[i]),
        Math.abs(a[i + 1] - b[i + 1]),
        Math.abs(a[i + 2] - b[i + 2]),
        Math.abs(a[i + 3] - b[i + 3]),
      );
      if (delta > 16) different++;
    }
    expect(land).toBeGreaterThan(1000); // the view does show land
    expect(different / (a.length / 4)).toBeLessThan(0.002);
  });
});
