// Undo and redo for the draft (STYLE.md §5 "reversible where the user can undo"): every edit is a
// pure action that returns a new draft, so the history is just the drafts before and after this one,
// shared and never copied (like iD's history of graphs). Pure, so it runs and is tested in node.

export interface History<T> {
  /** Older states, oldest first; the last one is what undo brings back. */
  past: readonly T[];
  /** States undone, nearest first; the first one is what redo brings back. */
  future: readonly T[];
}

/** Enough for any edit session; beyond it the oldest steps are forgotten. */
export const HISTORY_LIMIT = 100;

export const emptyHistory = <T>(): History<T> => ({ past: [], future: [] });

/** `previous` was replaced by a new edit: it can be undone to, and whatever was undone is gone. */
export function record<T>(h: History<T>, previous: T, limit = HISTORY_LIMIT): History<T> {
  const past = [...h.past, previous];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

/** The state before `current`, and the history with `current` ready to redo; null with nothing to undo. */
export function undo<T>(h: History<T>, current: T): { state: T; history: History<T> } | null {
  if (!h.past.length) return null;
  return { state: h.past[h.past.length - 1], history: { past: h.past.slice(0, -1), future: [current, ...h.future] } };
}

/** The state undone last, and the history with `current` ready to undo again; null with nothing to redo. */
export function redo<T>(h: History<T>, current: T): { state: T; history: History<T> } | null {
  if (!h.future.length) return null;
  return { state: h.future[0], history: { past: [...h.past, current], future: h.future.slice(1) } };
}
