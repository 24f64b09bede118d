// The one draft being edited and the edit mode (DESIGN "Editing on the main thread, small"). The
// store never mutates a feature: it swaps in what a pure action returns (STYLE.md §4), and keeps the
// drafts it replaced so the user can undo and redo (history.ts).
import { create } from 'zustand';
import { ERRORS, type GeometryType } from '../model/index.ts';
import { notify } from '../state/notifications.ts';
import { EditRefused, type Draft, type DisabledReason } from './draft.ts';
import { emptyHistory, record, redo, undo, type History } from './history.ts';
import type { NewAttachment } from '../outbox/requests.ts';

/** draw: the Draw interaction adds a template shape; modify: the Modify interaction moves vertices. */
export type EditMode = 'idle' | 'draw' | 'modify';

interface DraftState {
  draft: Draft | null;
  mode: EditMode;
  /** The geometry type being drawn (the layer's, SPEC §9 default geometry set). */
  drawType: GeometryType | null;
  /**
   * The Draw interaction is on the map, so a tap now places the shape. Its code is a lazy chunk (issue
   * 17): until it has loaded, a tap would be lost, and the drawing hint is not shown yet.
   */
  drawing: boolean;
  /** The drafts before and after this one; emptied when an edit starts or ends. */
  history: History<Draft>;
  start: (draft: Draft, mode: EditMode) => void;
  setMode: (mode: EditMode) => void;
  /** Applies a pure action; a refusal is shown with its catalogue text and leaves the draft as it was. */
  apply: <E>(action: ((d: Draft, e: E) => Draft) & { disabled: (d: Draft, e?: E) => DisabledReason }, edit: E) => boolean;
  discard: () => void;
  /** A photo, comment… for the draft's new feature, sent right after it. */
  addAttachment: (attachment: NewAttachment) => void;
  removeAttachment: (index: number) => void;
  /** Back to the draft before the last change; false when there is none. */
  undo: () => boolean;
  /** Forward to the draft last undone; false when there is none. */
  redo: () => boolean;
}

export const canUndo = (s: Pick<DraftState, 'history'>) => s.history.past.length > 0;
export const canRedo = (s: Pick<DraftState, 'history'>) => s.history.future.length > 0;

export const useDraft = create<DraftState>((set, get) => {
  /** Swaps in `next`; the draft it replaces can be undone to once it has a shape (a drawing in progress is discarded, not undone). */
  const change = (next: Draft) => {
    const { draft, history } = get();
    if (!draft || next === draft) return;
    set({ draft: next, history: draft.geometry ? record(history, draft) : history });
  };
  const travel = (step: typeof undo<Draft>) => {
    const { draft, history } = get();
    const moved = draft && step(history, draft);
    if (!moved) return false;
    set({ draft: moved.state, history: moved.history });
    return true;
  };
  return {
    draft: null,
    mode: 'idle',
    drawType: null,
    drawing: false,
    history: emptyHistory(),
    start: (draft, mode) => set({ draft, mode, drawType: mode === 'draw' ? draft.layer.geometryType : null, history: emptyHistory() }),
    setMode: (mode) => set({ mode }),
    apply(action, edit) {
      const draft = get().draft;
      if (!draft) return false;
      try {
        change(action(draft, edit));
        return true;
      } catch (err) {
        if (!(err instanceof EditRefused)) throw err;
        notify({ intent: 'error', textKey: `errors.${err.reason}`, defaultText: ERRORS[err.reason] });
        return false;
      }
    },
    discard: () => set({ draft: null, mode: 'idle', drawType: null, history: emptyHistory() }),
    addAttachment(attachment) {
      const draft = get().draft;
      if (draft) change({ ...draft, attachments: [...(draft.attachments ?? []), attachment] });
    },
    removeAttachment(index) {
      const draft = get().draft;
      if (draft) change({ ...draft, attachments: (draft.attachments ?? []).filter((_, i) => i !== index) });
    },
    undo: () => travel(undo),
    redo: () => travel(redo),
  };
});
