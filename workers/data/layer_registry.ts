// The data worker's memory of the layers it loaded (DESIGN.md "Hit testing is spatial, not
// pixel-based"): each layer's batch and its rbush index, so a tap is answered from the index
// without asking the render worker or reading pixels. Runs anywhere; the worker owns one.
import { nameMatchBoost, SEARCH_FIELD_SEPARATOR } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { buildSpatialIndex, removeIndexedFeatures, updateIndexedFeatures, type SpatialIndex } from '../batch/spatial_index.ts';
import { removeFeatures, upsertFeatures } from '../batch/batch_patch.ts';
import { hitTest, mergeHits } from './hit_testing.ts';
import { featureExtent, FeatureSearchIndex } from './feature_search.ts';
import type { Hit, HitQuery, SearchGroup } from './protocol.ts';

interface LayerEntry {
  batch: FeatureBatch;
  /**
   * Built after the load is drawn (`prepare`), or by the first tap that needs it: at 135k cities its
   * build held the layer back from the renderer for ≈ 0.2 s of CPU (0.75 s on a busy pinned core; issue 17).
   */
  index?: SpatialIndex;
  /** The text index, started on first need after each load (`prepareSearches` or `search`), then patched. */
  search?: FeatureSearchIndex;
  /** Bumped by `set` (a reload) and not by `patch`: tells a stale delivery from an edited layer. */
  load: number;
}

let loads = 0;

/** The edits made to a layer while one of its loads was in flight (see `openPatchLog`). */
export interface PatchLog {
  readonly edits: { upserts?: FeatureBatch; removeIds: readonly number[] }[];
}

/** `batch` with the logged edits made over it, in the order they were made. */
export function replayPatchLog(batch: FeatureBatch, log: PatchLog): FeatureBatch {
  let out = batch;
  for (const { upserts, removeIds } of log.edits) {
    if (removeIds.length) out = removeFeatures(out, removeIds);
    if (upserts?.count) out = upsertFeatures(out, upserts);
  }
  return out;
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
    categories: batch.categories?.slice(),
    searchTexts: batch.searchTexts?.slice(),
  };
}

export class LayerRegistry {
  private readonly layers = new Map<string, LayerEntry>();
  private readonly logs = new Map<string, Set<PatchLog>>();

  /**
   * Race: a load whose request left before an accepted change may answer with the feature as it
   * was. Every `patch` of the layer made until `closePatchLog` is logged, so the load replays the
   * edits onto its answer (`replayPatchLog`) before it replaces the layer, and the edit is not undone.
   */
  openPatchLog(layerId: string): PatchLog {
    const log: PatchLog = { edits: [] };
    let open = this.logs.get(layerId);
    if (!open) this.logs.set(layerId, (open = new Set()));
    open.add(log);
    return log;
  }

  closePatchLog(layerId: string, log: PatchLog): void {
    const open = this.logs.get(layerId);
    open?.delete(log);
    if (open?.size === 0) this.logs.delete(layerId);
  }

  /** Whether a load of the layer is in flight, the first one included (the layer may not be held yet). */
  isLoading(layerId: string): boolean {
    return this.logs.has(layerId);
  }

  /** Keeps `batch` (the caller must not transfer it afterwards); its indexes wait for `prepare` or first need. */
  set(batch: FeatureBatch): void {
    this.layers.get(batch.layerId)?.search?.abandon();
    this.layers.set(batch.layerId, { batch, load: ++loads });
  }

  /**
   * Indexes the layers held now for taps, once they are on screen: each spatial index is built at
   * once. Until then nothing competes with the renderer for the one core a low-end phone gives the
   * load (issue 17). The text indexes wait for a search to be begun (`prepareSearches`).
   */
  prepare(): void {
    for (const entry of this.layers.values()) spatialIndexOf(entry);
  }

  /**
   * The user is about to search (the search field has the focus): every searchable layer's text
   * index starts in slices. Not at the open: at 135k cities the build held the one core ≈ 1.35 s
   * after the features were drawn, and its index is the largest thing the worker keeps (issue 17).
   */
  prepareSearches(): void {
    for (const id of this.layers.keys()) void this.prepareSearch(id);
  }

  /**
   * The layer with `upserts` put in by id and the features with `removeIds` taken out; the
   * index is updated feature by feature. The layer gets a new batch object (never mutated: band work
   * under way on the old one sees it was replaced). Returns the new batch, undefined for an unknown layer.
   */
  patch(layerId: string, upserts: FeatureBatch | undefined, removeIds: readonly number[]): FeatureBatch | undefined {
    // Logged as copies: the caller moves the patch's buffers to the renderer afterwards.
    for (const log of this.logs.get(layerId) ?? []) log.edits.push({ upserts: upserts && cloneBatch(upserts), removeIds: [...removeIds] });
    const entry = this.layers.get(layerId);
    if (!entry) return undefined;
    let { batch } = entry;
    const drop = new Set(removeIds);
    const gone: number[] = [];
    for (let f = 0; f < batch.count; f++) if (drop.has(batch.ids[f])) gone.push(f);
    if (gone.length) {
      batch = removeFeatures(batch, drop);
      if (entry.index) removeIndexedFeatures(entry.index, gone);
      entry.search?.patch(batch, [...drop], []);
    }
    if (upserts && upserts.count) {
      const at = new Map<number, number>();
      for (let f = 0; f < batch.count; f++) at.set(batch.ids[f], f);
      const before = batch.count;
      const touched: number[] = [];
      for (let f = 0; f < upserts.count; f++) {
        const i = at.get(upserts.ids[f]);
        if (i !== undefined) touched.push(i);
      }
      batch = upsertFeatures(batch, upserts);
      for (let f = before; f < batch.count; f++) touched.push(f);
      if (entry.index) updateIndexedFeatures(entry.index, batch, touched);
      entry.search?.patch(batch, [], touched);
    }
    entry.batch = batch;
    return batch;
  }

  /**
   * Starts the layer's text index (once per load): its scan answers at once, and the index is built
   * in slices between the worker's other messages. Resolves when the index is complete.
   */
  prepareSearch(layerId: string): Promise<void> {
    const entry = this.layers.get(layerId);
    if (!entry?.batch.searchTexts) return Promise.resolve();
    entry.search ??= new FeatureSearchIndex(entry.batch);
    return entry.search.build();
  }

  /**
   * SPEC §2 search over the searchable layers: each layer's best `limit`, groups ordered by how well
   * their best match's name matches (model `nameTier`: the whole name, its start, a word), then by its
   * score: a layer whose index is still being built answers by its scan at once, on another scale than
   * an index's scores. When the scan finds nothing and the index could forgive a typo, the answer
   * waits for the index.
   */
  async search(query: string, limit: number, layerIds?: readonly string[]): Promise<SearchGroup[]> {
    const groups: SearchGroup[] = [];
    for (const id of [...this.layers.keys()]) {
      if (layerIds && !layerIds.includes(id)) continue;
      const found = await this.searchLayer(id, query, limit);
      if (found?.hits.length) groups.push({ layerId: id, ...found });
    }
    const tier = new Map(groups.map((g) => [g, nameMatchBoost(g.hits[0].name, query)]));
    return groups.sort((a, b) => tier.get(b)! - tier.get(a)! || b.hits[0].score - a.hits[0].score);
  }

  private async searchLayer(id: string, query: string, limit: number): Promise<Omit<SearchGroup, 'layerId'> | undefined> {
    const entry = this.layers.get(id);
    if (!entry?.batch.searchTexts) return undefined;
    const building = this.prepareSearch(id);
    const answer = entry.search!.search(entry.batch, query, limit);
    if (answer.total > 0 || !entry.search!.couldForgive(query)) return answer;
    await building;
    // The layer may have been reloaded meanwhile: its new index is not built, its scan answered above.
    const now = this.layers.get(id);
    return now === entry && entry.search!.ready ? entry.search!.search(entry.batch, query, limit) : answer;
  }

  /** The middle of the feature's lon/lat extent (a point: the point) and its name; undefined when not loaded. */
  featurePosition(layerId: string, gfid: number): { at: [number, number]; name: string } | undefined {
    const batch = this.layers.get(layerId)?.batch;
    if (!batch) return undefined;
    const f = batch.ids.indexOf(gfid);
    if (f < 0) return undefined;
    const [minX, minY, maxX, maxY] = featureExtent(batch, f);
    const name = batch.searchTexts?.[f]?.split(SEARCH_FIELD_SEPARATOR)[0] || batch.labels?.[f] || '';
    return { at: [(minX + maxX) / 2, (minY + maxY) / 2], name };
  }

  /** Changes on every `set` of the layer, not on `patch`; undefined for an unknown layer. */
  loadOf(layerId: string): number | undefined {
    return this.layers.get(layerId)?.load;
  }

  delete(layerId: string): void {
    this.layers.get(layerId)?.search?.abandon();
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
    for (const [id, entry] of this.layers) {
      if (layerIds && !layerIds.includes(id)) continue;
      lists.push(hitTest(spatialIndexOf(entry), entry.batch, query));
    }
    return mergeHits(lists);
  }
}

/** The entry's spatial index, built now if it was not yet; a patch keeps a built one current. */
function spatialIndexOf(entry: LayerEntry): SpatialIndex {
  entry.index ??= buildSpatialIndex(entry.batch);
  return entry.index;
}
