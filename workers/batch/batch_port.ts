// The messages of the worker-to-worker MessageChannel (DESIGN.md: batches go data worker → render
// worker, never through the main thread). The data worker posts them with transfer.ts's
// postBatchPortMessage; the render worker (render_api.ts) applies them.
import type { FeatureBatch } from './feature_batch.ts';

/** What the data worker posts on the batch port: a whole layer, or after an edit a few of its features. */
export type BatchPortMessage = BatchMessage | UpdateFeaturesMessage | RemoveFeaturesMessage;

export interface BatchMessage {
  type: 'batch';
  batch: FeatureBatch;
  /** Names this delivery so the main thread can wait for it (`batchReceived`) without seeing the batch. */
  ticket?: string;
}

/** Upserts the batch's features into the layer by id; the rest of the layer stays as it is. */
export interface UpdateFeaturesMessage {
  type: 'update';
  layerId: string;
  batch: FeatureBatch;
  ticket?: string;
}

/** Takes the features with these ids out of the layer. */
export interface RemoveFeaturesMessage {
  type: 'remove';
  layerId: string;
  ids: number[];
  ticket?: string;
}
