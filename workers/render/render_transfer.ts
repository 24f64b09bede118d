// Every transfer list of the render worker's messages is built here (STYLE.md §2); batches reuse
// workers/transfer.ts so a new typed array in FeatureBatch is moved everywhere at once.
import { transfer } from 'comlink';
import { batchTransferables } from '../transfer.ts';
import type { InitRequest, Snapshot, UpdateFeaturesRequest } from './protocol.ts';

export { transferBatch } from '../transfer.ts';

/** The canvas and the batch port can only be moved, never cloned. */
export function transferInit(req: InitRequest): InitRequest {
  const list: Transferable[] = [req.canvas];
  if (req.batchPort) list.push(req.batchPort);
  return transfer(req, list);
}

export function transferUpdate(req: UpdateFeaturesRequest): UpdateFeaturesRequest {
  return transfer(req, batchTransferables(req.batch));
}

export function transferSnapshot<T extends Snapshot>(s: T): T {
  return transfer(s, [s.pixels.buffer as ArrayBuffer]);
}
