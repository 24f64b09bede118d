// Which feature the user selected on the map (SPEC §4 Editing: the select interaction picks features
// from editable or vector layers). Holds ids only; the feature's details come from the server.
import { create } from 'zustand';

export interface SelectedFeature {
  layerId: string;
  /** NaN never appears here: a feature without gfid (a new, unsaved one) is not selectable yet. */
  gfid: number;
}

interface SelectionState {
  selected: SelectedFeature | null;
  /**
   * A pending suggestion tapped where no original lies (issue 19): its `_diff` layer and row gfid.
   * The review opens its comparison (the user's own suggestions, or the admin list).
   */
  suggestion: SelectedFeature | null;
  tapSuggestion: (hit: SelectedFeature) => void;
  /** Every hit under the tap, nearest first; the first is `selected`. */
  hits: SelectedFeature[];
  select: (hits: SelectedFeature[]) => void;
  clear: () => void;
}

export const useSelection = create<SelectionState>((set) => ({
  selected: null,
  suggestion: null,
  hits: [],
  select: (hits) => set({ hits, selected: hits[0] ?? null, suggestion: null }),
  tapSuggestion: (suggestion) => set({ hits: [], selected: null, suggestion }),
  clear: () => set({ hits: [], selected: null, suggestion: null }),
}));
