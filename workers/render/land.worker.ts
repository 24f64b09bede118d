// Land worker entry (issue 17): draws the bundled land's image for a view (land_image.ts) and moves
// it to the main thread as an ImageBitmap, without a copy. The DOM shims first, as in render.worker.ts.
import './ol_shims.ts';
import { expose, transfer } from 'comlink';
import { drawLand, type LandImageRequest } from './land_image.ts';

export interface LandWorkerApi {
  draw(req: LandImageRequest): ImageBitmap;
}

const api: LandWorkerApi = {
  draw(req) {
    // The renderer's canvas gives up its pixels and is blank for the next draw, which clears it anyway.
    const bitmap = (drawLand(req) as OffscreenCanvas).transferToImageBitmap();
    return transfer(bitmap, [bitmap]);
  },
};

expose(api);
