// Every transfer list of a FeatureBatch is built here and nowhere else (STYLE.md §2), so a new typed
// array in a message cannot be silently copied instead of moved. The render worker's per-call map
// (workers/render/render_transfer.ts) builds on it.
import { transfer } from 'comlink';
import type { BatchPortMessage } from './batch_port.ts';
import type { FeatureBatch } from './feature_batch.ts';

/** The distinct ArrayBuffers behind a batch (a buffer listed twice makes postMessage throw). */
export function batchTransferables(batch: FeatureBatch): ArrayBuffer[] {
  const views = [batch.ids, batch.coords, batch.partEnds, batch.featureEnds, batch.polygonEnds, batch.categories];
  const buffers = new Set<ArrayBuffer>();
  for (const v of views) if (v) buffers.add(v.buffer as ArrayBuffer);
  return [...buffers];
}

/** Marks a batch so comlink moves its buffers to the receiver instead of structured-cloning them. */
export function transferBatch(batch: FeatureBatch): FeatureBatch {
  return transfer(batch, batchTransferables(batch));
}

/** The buffers a render-port message moves (a removal's ids are a plain array: cloned, they are few). */
export function portMessageTransferables(msg: BatchPortMessage): ArrayBuffer[] {
  return msg.type === 'remove' ? [] : batchTransferables(msg.batch);
}

/** Posts on the worker-to-worker port with the message's buffers moved: the sender loses them. */
export function postBatchPortMessage(port: MessagePort, msg: BatchPortMessage): void {
  // The renderer never searches: the search texts stay in the data worker (not cloned across).
  if (msg.type !== 'remove' && msg.batch.searchTexts) msg = { ...msg, batch: { ...msg.batch, searchTexts: undefined } };
  port.postMessage(msg, portMessageTransferables(msg));
}
