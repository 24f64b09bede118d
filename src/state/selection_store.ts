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
  /** Every hit under the tap, nearest first; the first is `selected`. */
  hits: SelectedFeature[];
  select: (hits: SelectedFeature[]) => void;
  clear: () => void;
}

export const useSelection = create<SelectionState>((set) => ({
  selected: null,
  hits: [],
  select: (hits) => set({ hits, selected: hits[0] ?? null }),
  clear: () => set({ hits: [], selected: null }),
}));
