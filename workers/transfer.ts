// Every transfer list is built here and nowhere else (STYLE.md §2), so a new typed array in a
// message cannot be silently copied instead of moved.
import { transfer } from 'comlink';
import type { FeatureBatch } from './data/protocol.ts';
import type { BatchPortMessage } from './render/protocol.ts';

/** The distinct ArrayBuffers behind a batch (a buffer listed twice makes postMessage throw). */
export function batchTransferables(batch: FeatureBatch): ArrayBuffer[] {
  const views = [batch.ids, batch.coords, batch.partEnds, batch.featureEnds, batch.polygonEnds];
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
