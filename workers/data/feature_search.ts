// SPEC §2 search over the features on the device (so it works offline): one index per layer, built
// from the batch's `searchTexts` (name + other searchable values, model `featureSearchText`) and
// patched feature by feature on every accepted change, like the spatial index. Diacritics- and
// case-insensitive (model `normalizeSearchText`), prefix and word matching, typo-tolerant on longer
// words, best first. Runs anywhere; the data worker's registry owns them.
//
// Two parts, because one alone is either slow to build or slow to ask (benchmark scenario 12):
// - a word-prefix scan over the normalised texts, ready at once (one pass over the layer): it answers
//   queries with a 1–2 letter word, which would make MiniSearch expand and score thousands of prefix
//   matches, and every query while the index is still being built;
// - a MiniSearch index (relevance, typo tolerance), built in slices that yield to the worker's event
//   loop (`build`), so a search that arrives meanwhile is answered by the scan instead of waiting.
import MiniSearch from 'minisearch';
import { nameTier, SEARCH_FIELD_SEPARATOR, searchWords } from '../../src/model/index.ts';
import { featureVertexRange, type FeatureBatch } from '../batch/feature_batch.ts';
import { messageYield } from '../batch/message_yield.ts';
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
/** Queries with a word of at most this many letters are answered by the scan. */
const SHORT_QUERY_MAX = 2;
/** How long one slice of the index build may hold the worker (ms) before it lets a search in. */
const BUILD_SLICE_MS = 12;

/** A 1–2 letter word (typed alone, or the word begun after "Lomnice nad") is a prefix of thousands of terms. */
const hasShortWord = (words: readonly string[]) => words.some((w) => w.length <= SHORT_QUERY_MAX);

/** The model's `searchWords` with a leading space: `' ' + word` then finds a word start. */
const wordsOf = (text: string) => ` ${searchWords(text)}`;

/** Lets queued messages (a search) run between two slices of work. */
const yieldToEvents = messageYield();

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

interface Ranked {
  id: number;
  name: string;
  score: number;
}

export class FeatureSearchIndex {
  // Fed and asked with words already normalised (model `searchWords`): splitting on spaces is all the
  // tokenising left, so the build spends nothing on regular expressions.
  private readonly index = new MiniSearch<SearchDoc>({
    fields: ['name', 'text'],
    tokenize: (text) => text.split(' '),
    processTerm: (term) => term || null,
    searchOptions: { boost: { name: 3 }, prefix: true, maxFuzzy: 1, combineWith: 'AND' },
  });
  // The scan's columns, one slot per feature (not the batch's order: patches swap slots).
  private readonly ids: number[] = [];
  private readonly names: string[] = [];
  private readonly nameWords: string[] = [];
  private readonly textWords: string[] = [];
  private readonly slotOf = new Map<number, number>();
  /** Ids not yet in the MiniSearch index (the build adds them slice by slice). */
  private pending: number[] = [];
  private building?: Promise<void>;

  /** The scan is ready at once; the index is built by `build()` (or `buildNow()`). */
  constructor(batch: FeatureBatch) {
    for (let f = 0; f < batch.count; f++) this.put(batch, f);
    this.pending = this.ids.slice();
  }

  /** Whether MiniSearch holds every feature (until then the scan answers). */
  get ready(): boolean {
    return this.pending.length === 0;
  }

  /** Whether the index, once built, might find `query` where the scan did not: a typo in a longer word. */
  couldForgive(query: string): boolean {
    if (this.ready) return false;
    const words = searchWords(query).split(' ');
    return !hasShortWord(words) && words.some((w) => w.length >= FUZZY_FROM_LENGTH);
  }

  get size(): number {
    return this.ids.length;
  }

  /**
   * Builds the index in slices of about BUILD_SLICE_MS, yielding before each (the search that started
   * the build is answered first); one build at a time.
   */
  build(): Promise<void> {
    this.building ??= (async () => {
      while (this.pending.length) {
        await yieldToEvents();
        const end = performance.now() + BUILD_SLICE_MS;
        while (this.pending.length && performance.now() < end) this.addPending(256);
      }
    })();
    return this.building;
  }

  /** The layer was reloaded or dropped: a build under way stops at its next slice. */
  abandon(): void {
    this.pending = [];
  }

  /** Builds the rest of the index now, in one go. */
  buildNow(): void {
    while (this.pending.length) this.addPending(this.pending.length);
  }

  /** Features removed by gfid, then features f of `batch` (re)indexed: an accepted change or a new feature. */
  patch(batch: FeatureBatch, removedIds: readonly number[], touched: readonly number[]): void {
    for (const id of removedIds) this.remove(id);
    for (const f of touched) {
      const id = batch.ids[f];
      if (this.index.has(id)) this.index.discard(id);
      const known = this.slotOf.has(id);
      if (!this.put(batch, f)) continue;
      if (this.ready) this.index.add(this.doc(this.slotOf.get(id)!));
      else if (!known) this.pending.push(id);
    }
  }

  /** The best `limit` matches, best first, with their extent in `batch` (the layer's current features); and how many matched. */
  search(batch: FeatureBatch, query: string, limit: number): { hits: SearchHit[]; total: number } {
    const q = searchWords(query);
    if (!q) return { hits: [], total: 0 };
    const { ranked, total } = hasShortWord(q.split(' ')) || !this.ready ? this.scan(q, limit) : this.indexSearch(q, limit);
    const at = new Map<number, number>();
    const wanted = new Set(ranked.map((r) => r.id));
    for (let f = 0; f < batch.count && at.size < wanted.size; f++) if (wanted.has(batch.ids[f])) at.set(batch.ids[f], f);
    const hits: SearchHit[] = [];
    for (const r of ranked) {
      const f = at.get(r.id);
      if (f !== undefined) hits.push({ layerId: batch.layerId, id: r.id, name: r.name, score: r.score, extent: featureExtent(batch, f) });
    }
    return { hits, total };
  }

  /** Every word of the query starts a word of the name or of the other values; ranked by the name, shorter names first. */
  private scan(q: string, limit: number): { ranked: Ranked[]; total: number } {
    const keys = q.split(' ').map((w) => ` ${w}`);
    const best: { slot: number; score: number }[] = [];
    let total = 0;
    for (let s = 0; s < this.ids.length; s++) {
      const name = this.nameWords[s];
      const text = this.textWords[s];
      let all = true;
      for (const k of keys) {
        if (!name.includes(k) && !text.includes(k)) {
          all = false;
          break;
        }
      }
      if (!all) continue;
      total++;
      const score = nameTier(name.slice(1), q);
      if (best.length === limit && !this.before(score, s, best[limit - 1])) continue;
      let i = best.length === limit ? limit - 1 : best.length;
      while (i > 0 && this.before(score, s, best[i - 1])) {
        best[i] = best[i - 1];
        i--;
      }
      best[i] = { slot: s, score };
    }
    return { ranked: best.map(({ slot, score }) => ({ id: this.ids[slot], name: this.names[slot], score })), total };
  }

  /** Ranks slot s with `score` before `other`: higher score, then the shorter name. */
  private before(score: number, s: number, other: { slot: number; score: number }): boolean {
    if (score !== other.score) return score > other.score;
    return this.names[s].length < this.names[other.slot].length;
  }

  /**
   * MiniSearch: prefix and word matches; typos forgiven only when nothing matches as typed (a fuzzy
   * search costs several times more, and while a name is typed letter by letter, it always matches).
   */
  private indexSearch(q: string, limit: number): { ranked: Ranked[]; total: number } {
    let found = this.index.search(q, { fuzzy: false });
    if (!found.length) found = this.index.search(q, { fuzzy: (t) => (t.length >= FUZZY_FROM_LENGTH ? 0.2 : false) });
    const ranked = found.slice(0, RERANKED).map((r) => {
      const slot = this.slotOf.get(r.id as number)!;
      return { id: r.id as number, name: this.names[slot], score: r.score * nameTier(this.nameWords[slot].slice(1), q) };
    });
    ranked.sort((a, b) => b.score - a.score);
    return { ranked: ranked.slice(0, limit), total: found.length };
  }

  /** Writes feature f of `batch` into its slot (a new slot for a new id); false when it has no gfid. */
  private put(batch: FeatureBatch, f: number): boolean {
    const id = batch.ids[f];
    if (!Number.isFinite(id)) return false; // a new, unsaved feature has no gfid to select it by (SPEC §3)
    const t = batch.searchTexts?.[f] ?? '';
    const cut = t.indexOf(SEARCH_FIELD_SEPARATOR);
    const name = cut < 0 ? t : t.slice(0, cut);
    const text = cut < 0 ? '' : t.slice(cut + 1);
    let s = this.slotOf.get(id);
    if (s === undefined) {
      s = this.ids.length;
      this.slotOf.set(id, s);
      this.ids.push(id);
    }
    this.names[s] = name;
    this.nameWords[s] = wordsOf(name);
    this.textWords[s] = wordsOf(text);
    return true;
  }

  /** Takes a feature out of the scan (its slot filled by the last one) and the index. */
  private remove(id: number): void {
    const s = this.slotOf.get(id);
    if (s === undefined) return;
    if (this.index.has(id)) this.index.discard(id);
    const last = this.ids.length - 1;
    for (const col of [this.ids, this.names, this.nameWords, this.textWords] as unknown[][]) {
      col[s] = col[last];
      col.pop();
    }
    this.slotOf.delete(id);
    if (s !== last) this.slotOf.set(this.ids[s], s);
  }

  private doc(s: number): SearchDoc {
    return { id: this.ids[s], name: this.nameWords[s].slice(1), text: this.textWords[s].slice(1) };
  }

  /** Adds up to n pending features (those removed meanwhile are skipped). */
  private addPending(n: number): void {
    const take = this.pending.splice(this.pending.length - Math.min(n, this.pending.length));
    for (const id of take) {
      const s = this.slotOf.get(id);
      if (s !== undefined && !this.index.has(id)) this.index.add(this.doc(s));
    }
  }
}
