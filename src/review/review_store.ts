// Which review views are open (the pending-changes queue and the comparison of one entry, SPEC §2)
// and the queue's filters and selection.
import { create } from 'zustand';
import type { ReviewRef } from '../model/index.ts';
import type { SelectedFeature } from '../state/selection_store.ts';
import type { QueueFilter } from '../api/review.ts';

export interface CompareTarget {
  /** admin=true list (everyone's) or the user's own suggestions. */
  admin: boolean;
  page: number;
  /** Change id shown side by side; null = the first of the page. */
  id: number | null;
  /** The page starts at this change id (a comparison opened from the queue). */
  fromId?: number;
  /**
   * A pending feature tapped on the map (its `_diff` row) at `at` ms: the entry shown is that
   * suggestion. When the list, fetched after the tap, has none (another user's suggestion), the
   * comparison closes and `otherwise`, the originals under the tap, are selected instead.
   */
  tap?: { diffGfid: number; at: number; otherwise: SelectedFeature[] };
}

export const refKey = (r: ReviewRef) => `${r.source}:${r.id}`;

interface ReviewState {
  pendingOpen: boolean;
  compare: CompareTarget | null;
  filter: QueueFilter;
  /** Items ticked one by one, keyed by refKey. */
  selected: ReadonlyMap<string, ReviewRef>;
  /** Every item matching the filter is selected (sent as the filter, never as 10,000 ids). */
  allMatching: boolean;
  /** The main map waits for a rectangle to filter by (DragBox, use_rect_select.ts). */
  drawingRect: boolean;
  /** The admin's optional reason, sent with declines (the submitter sees it in "My suggestions"). */
  reason: string;
  setPendingOpen: (open: boolean) => void;
  openCompare: (target: CompareTarget | null) => void;
  setFilter: (patch: Partial<QueueFilter>) => void;
  toggle: (ref: ReviewRef) => void;
  setAllMatching: (on: boolean) => void;
  clearSelection: () => void;
  setDrawingRect: (on: boolean) => void;
  setReason: (reason: string) => void;
}

export const useReview = create<ReviewState>((set) => ({
  pendingOpen: false,
  compare: null,
  filter: {},
  selected: new Map(),
  allMatching: false,
  drawingRect: false,
  reason: '',
  setPendingOpen: (pendingOpen) => set({ pendingOpen }),
  openCompare: (compare) => set({ compare }),
  // A new filter is a new list: what was ticked in the old one is not silently kept.
  setFilter: (patch) => set((s) => ({ filter: { ...s.filter, ...patch }, selected: new Map(), allMatching: false })),
  toggle: (ref) =>
    set((s) => {
      const selected = new Map(s.selected);
      if (selected.has(refKey(ref))) selected.delete(refKey(ref));
      else selected.set(refKey(ref), ref);
      return { selected, allMatching: false };
    }),
  setAllMatching: (allMatching) => set({ allMatching, selected: new Map() }),
  clearSelection: () => set({ selected: new Map(), allMatching: false }),
  setDrawingRect: (drawingRect) => set({ drawingRect }),
  setReason: (reason) => set({ reason }),
}));
