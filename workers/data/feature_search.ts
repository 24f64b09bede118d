// SPEC §2 search over the features on the device (so it works offline): one MiniSearch index per
// layer, built from the batch's `searchTexts` (name + other searchable values, model
// `featureSearchText`) and patched feature by feature on every accepted change, like the spatial
// index. Diacritics- and case-insensitive (model `normalizeSearchText`), prefix and word matching,
// typo-tolerant on longer words, best first. Runs anywhere; the data worker's registry owns them.
import MiniSearch from 'minisearch';
import { nameBoosterFor, normalizeSearchText, SEARCH_FIELD_SEPARATOR } from '../../src/model/index.ts';
import { featureVertexRange, type FeatureBatch } from '../batch/feature_batch.ts';
import type { SearchHit } from './protocol.ts';

interface SearchDoc {
  id: number;
  name: string;
  text: string;
}

/** Words of at least this length tolerate a typo (edit distance 20 % of the word, at most one edit). */
const FUZZY_FROM_LENGTH = 5;
/**
 * Only the best candidates by text score are re-ranked by name (the boost at most quadruples a score,
 * and a short prefix can match thousands of features: re-ranking them all would cost more than the search).
 */
const RERANKED = 200;

function docsOf(batch: FeatureBatch, indices?: Iterable<number>): SearchDoc[] {
  const texts = batch.searchTexts;
  if (!texts) return [];
  const docs: SearchDoc[] = [];
  const visit = (f: number) => {
    const id = batch.ids[f];
    if (!Number.isFinite(id)) return; // a new, unsaved feature has no gfid to select it by (SPEC §3)
    const t = texts[f] ?? '';
    const cut = t.indexOf(SEARCH_FIELD_SEPARATOR);
    docs.push(cut < 0 ? { id, name: t, text: '' } : { id, name: t.slice(0, cut), text: t.slice(cut + 1) });
  };
  if (indices) for (const f of indices) visit(f);
  else for (let f = 0; f < batch.count; f++) visit(f);
  return docs;
}

/** Lon/lat extent of feature f. */
export function featureExtent(batch: FeatureBatch, f: number): [number, number, number, number] {
  const [v0, v1] = featureVertexRange(batch, f);
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let v = v0; v < v1; v++) {
    const x = batch.coords[2 * v],
      y = batch.coords[2 * v + 1];
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

export class FeatureSearchIndex {
  private readonly index = new MiniSearch<SearchDoc>({
    fields: ['name', 'text'],
    storeFields: ['name'],
    processTerm: (term) => normalizeSearchText(term) || null,
    searchOptions: {
      boost: { name: 3 },
      prefix: true,
      fuzzy: (term) => (term.length >= FUZZY_FROM_LENGTH ? 0.2 : false),
      maxFuzzy: 1,
      combineWith: 'AND',
    },
  });

  /** Indexes every feature of the batch (built once per layer load). */
  constructor(batch: FeatureBatch) {
    this.index.addAll(docsOf(batch));
  }

  /** Features removed by gfid, then features f of `batch` (re)indexed: an accepted change or a new feature. */
  patch(batch: FeatureBatch, removedIds: readonly number[], touched: readonly number[]): void {
    for (const id of removedIds) if (this.index.has(id)) this.index.discard(id);
    for (const doc of docsOf(batch, touched)) {
      if (this.index.has(doc.id)) this.index.discard(doc.id);
      this.index.add(doc);
    }
  }

  get size(): number {
    return this.index.documentCount;
  }

  /** The best `limit` matches, best first, with their extent in `batch` (the layer's current features); and how many matched. */
  search(batch: FeatureBatch, query: string, limit: number): { hits: SearchHit[]; total: number } {
    const found = this.index.search(query); // sorted by text score, best first
    const boost = nameBoosterFor(query);
    const ranked = found
      .slice(0, RERANKED)
      .map((r) => ({ id: r.id as number, name: String(r.name ?? ''), score: r.score * boost(String(r.name ?? '')) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    const at = new Map<number, number>();
    const wanted = new Set(ranked.map((r) => r.id));
    for (let f = 0; f < batch.count && at.size < wanted.size; f++) if (wanted.has(batch.ids[f])) at.set(batch.ids[f], f);
    const hits: SearchHit[] = [];
    for (const r of ranked) {
      const f = at.get(r.id);
      if (f !== undefined) hits.push({ layerId: batch.layerId, id: r.id, name: r.name, score: r.score, extent: featureExtent(batch, f) });
    }
    return { hits, total: found.length };
  }
}
