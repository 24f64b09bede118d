// How each render call's request crosses to the worker, in one map (STYLE.md §2): what it moves (a
// batch's buffers, the canvas, the batch port) or hands over as a comlink proxy (a callback). Every
// call of the table has an entry, so a new call cannot forget its transferables; `send` is a plain
// structured clone. Batches reuse workers/batch/transfer.ts, so a new typed array in FeatureBatch is
// moved everywhere at once.
import { proxy, transfer } from 'comlink';
import { batchTransferables, transferBatch } from '../batch/transfer.ts';
import type { InitRequest, RenderWorkerCall, RenderWorkerProtocol, Snapshot, UpdateFeaturesRequest } from './protocol.ts';

/** The canvas and the batch port can only be moved, never cloned. */
export function transferInit(req: InitRequest): InitRequest {
  const list: Transferable[] = [req.canvas];
  if (req.batchPort) list.push(req.batchPort);
  return transfer(req, list);
}

export function transferUpdate(req: UpdateFeaturesRequest): UpdateFeaturesRequest {
  return transfer(req, batchTransferables(req.batch));
}

/** The worker's answer to `snapshot`: its pixels are moved back to the main thread. */
export function transferSnapshot<T extends Snapshot>(s: T): T {
  return transfer(s, [s.pixels.buffer as ArrayBuffer]);
}

const send = <T>(request: T): T => request;

export type RenderRequestTransfers = {
  [K in RenderWorkerCall]: (request: RenderWorkerProtocol[K]['request']) => RenderWorkerProtocol[K]['request'];
};

/** Applied by the main thread's worker client to every request before it is posted. */
export const renderRequestTransfers: RenderRequestTransfers = {
  init: transferInit,
  setLayers: send,
  setBatch: transferBatch,
  updateFeatures: transferUpdate,
  removeFeatures: send,
  setView: send,
  fit: send,
  idle: send,
  batchReceived: send,
  snapshot: send,
  stats: send,
  onFrame: (cb) => (cb ? proxy(cb) : null),
  dispose: send,
};
