// Which review views are open: the pending-changes drawer and the comparison of one entry (SPEC §2).
import { create } from 'zustand';

export interface CompareTarget {
  /** admin=true list (everyone's) or the user's own suggestions. */
  admin: boolean;
  page: number;
  /** Change id shown side by side; null = the first of the page. */
  id: number | null;
}

interface ReviewState {
  pendingOpen: boolean;
  compare: CompareTarget | null;
  setPendingOpen: (open: boolean) => void;
  openCompare: (target: CompareTarget | null) => void;
}

export const useReview = create<ReviewState>((set) => ({
  pendingOpen: false,
  compare: null,
  setPendingOpen: (pendingOpen) => set({ pendingOpen }),
  openCompare: (compare) => set({ compare }),
}));
