// The land worker (issue 17 target 4: base-map vectors off the main thread): draws the bundled land
// for a view into an OffscreenCanvas and hands the picture back as a PNG, which the page shows as an
// image (src/map/land_layer.ts says why not as a bitmap).
import { expose } from 'comlink';
import { drawLand, landImageSize, type LandView } from './land_draw.ts';

const api = {
  draw(view: LandView): Promise<Blob> {
    const [width, height] = landImageSize(view);
    const canvas = new OffscreenCanvas(width, height);
    // Drawn in software: one image per view needs no GPU raster, and the picture is the one a
    // main-thread canvas gives (the GPU antialiases edges differently: map_land.test.ts).
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2D context for the land');
    drawLand(ctx, view);
    // Lossless, and quick to make: ≈ 60–80 ms here for a phone's 1.5× view at pixel ratio 1 to 3, on
    // this worker's thread, not the main one.
    return canvas.convertToBlob({ type: 'image/png' });
  },
};

export type LandWorkerApi = typeof api;
expose(api);
