// The land worker (issue 17 target 4: base-map vectors off the main thread): draws the bundled land
// for a view into an OffscreenCanvas and hands the picture back as an ImageBitmap (transferred).
import { expose, transfer } from 'comlink';
import { drawLand, landImageSize, type LandView } from './land_draw.ts';

const api = {
  draw(view: LandView): ImageBitmap {
    const [width, height] = landImageSize(view);
    const canvas = new OffscreenCanvas(width, height);
    // Drawn in software: one image per view needs no GPU raster, and the picture is the one a
    // main-thread canvas gives (the GPU antialiases edges differently: map_land.test.ts).
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D context for the land');
    drawLand(ctx, view);
    const image = canvas.transferToImageBitmap();
    return transfer(image, [image]);
  },
};

export type LandWorkerApi = typeof api;
expose(api);
