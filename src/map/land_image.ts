// Main-thread handle on the land worker (workers/land/land.worker.ts): the bundled land's picture of a
// view, drawn off the main thread (issue 17 target 4). Where a worker cannot draw (no OffscreenCanvas,
// no 2D context there), the same drawing runs here, its module loaded then.
import { wrap, type Remote } from 'comlink';
import type { LandWorkerApi } from '../../workers/land/land.worker.ts';
import type { LandView } from '../../workers/land/land_draw.ts';
import { workerFailed } from '../config/worker_failed.ts';

/** The worker, and a promise that rejects once it fails (its module did not load): a call to it would never be answered. */
let land: { proxy: Remote<LandWorkerApi>; failed: Promise<never> } | undefined;

function landWorker(): NonNullable<typeof land> {
  if (!land) {
    const worker = new Worker(new URL('../../workers/land/land.worker.ts', import.meta.url), { type: 'module', name: 'mapdraft-land' });
    land = { proxy: wrap<LandWorkerApi>(worker), failed: workerFailed(worker, 'land worker failed') };
  }
  return land;
}

/**
 * Issue 17: the land worker's module loaded and run while React renders the first screen (start_early.ts),
 * so the map's first picture does not wait for it.
 */
export function prespawnLandWorker(): void {
  if (typeof OffscreenCanvas !== 'undefined') landWorker();
}

async function drawHere(view: LandView): Promise<HTMLCanvasElement> {
  const { drawLand, landImageSize } = await import('../../workers/land/land_draw.ts');
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = landImageSize(view);
  const ctx = canvas.getContext('2d');
  if (ctx) drawLand(ctx, view);
  return canvas;
}

/** The land of `view` as a picture sized `landImageSize(view)`: the worker's PNG, or a canvas drawn here. */
export async function landImage(view: LandView): Promise<Blob | HTMLCanvasElement> {
  if (typeof OffscreenCanvas === 'undefined') return drawHere(view);
  try {
    const { proxy, failed } = landWorker();
    return await Promise.race([proxy.draw(view), failed]);
  } catch (error) {
    console.warn('land drawn on the main thread', error);
    return drawHere(view);
  }
}
