// The data worker's memory of the layers it loaded (DESIGN.md "Hit testing is spatial, not
// pixel-based"): each layer's batch and its rbush index, so a tap is answered from the index
// without asking the render worker or reading pixels. Runs anywhere; the worker owns one.
import type { FeatureBatch } from './protocol.ts';
import { buildSpatialIndex, type SpatialIndex } from './spatial_index.ts';
import { hitTest, mergeHits, type Hit, type HitQuery } from './hit_test.ts';

interface LayerEntry {
  batch: FeatureBatch;
  index: SpatialIndex;
}

/** A batch whose buffers are its own, so the original can be transferred away. */
export function cloneBatch(batch: FeatureBatch): FeatureBatch {
  return {
    ...batch,
    ids: batch.ids.slice(),
    coords: batch.coords.slice(),
    partEnds: batch.partEnds.slice(),
    featureEnds: batch.featureEnds.slice(),
    polygonEnds: batch.polygonEnds?.slice(),
    labels: batch.labels?.slice(),
  };
}

export class LayerRegistry {
  private readonly layers = new Map<string, LayerEntry>();

  /** Keeps `batch` (the caller must not transfer it afterwards) and indexes it. */
  set(batch: FeatureBatch): void {
    this.layers.set(batch.layerId, { batch, index: buildSpatialIndex(batch) });
  }

  delete(layerId: string): void {
    this.layers.delete(layerId);
  }

  clear(): void {
    this.layers.clear();
  }

  /** The full-resolution batch (zoom_bands.ts simplifies from it; never transfer it). */
  get(layerId: string): FeatureBatch | undefined {
    return this.layers.get(layerId)?.batch;
  }

  layerIds(): string[] {
    return [...this.layers.keys()];
  }

  count(layerId: string): number {
    return this.layers.get(layerId)?.batch.count ?? 0;
  }

  /** SPEC §4/§9: the select interaction, hit tolerance 3 px; nearest first, points before lines before polygons. */
  hitTest(query: HitQuery, layerIds?: readonly string[]): Hit[] {
    const lists: Hit[][] = [];
    for (const [id, { batch, index }] of this.layers) {
      if (layerIds && !layerIds.includes(id)) continue;
      lists.push(hitTest(index, batch, query));
    }
    return mergeHits(lists);
  }
}
