// The one draft being edited and the edit mode (DESIGN "Editing on the main thread, small"). The
// store never mutates a feature: it swaps in what a pure action returns (STYLE.md §4).
import { create } from 'zustand';
import { ERRORS, type GeometryType } from '../model/index.ts';
import { notify } from '../state/notifications.ts';
import { EditRefused, type Draft, type DisabledReason } from './draft.ts';
import type { NewAttachment } from '../outbox/requests.ts';

/** draw: the Draw interaction adds a template shape; modify: the Modify interaction moves vertices. */
export type EditMode = 'idle' | 'draw' | 'modify';

interface DraftState {
  draft: Draft | null;
  mode: EditMode;
  /** The geometry type being drawn (the layer's, SPEC §9 default geometry set). */
  drawType: GeometryType | null;
  start: (draft: Draft, mode: EditMode) => void;
  setMode: (mode: EditMode) => void;
  /** Applies a pure action; a refusal is shown with its catalogue text and leaves the draft as it was. */
  apply: <E>(action: ((d: Draft, e: E) => Draft) & { disabled: (d: Draft, e?: E) => DisabledReason }, edit: E) => boolean;
  discard: () => void;
  /** A photo, comment… for the draft's new feature, sent right after it. */
  addAttachment: (attachment: NewAttachment) => void;
  removeAttachment: (index: number) => void;
}

export const useDraft = create<DraftState>((set, get) => ({
  draft: null,
  mode: 'idle',
  drawType: null,
  start: (draft, mode) => set({ draft, mode, drawType: mode === 'draw' ? draft.layer.geometryType : null }),
  setMode: (mode) => set({ mode }),
  apply(action, edit) {
    const draft = get().draft;
    if (!draft) return false;
    try {
      set({ draft: action(draft, edit) });
      return true;
    } catch (err) {
      if (!(err instanceof EditRefused)) throw err;
      notify({ intent: 'error', textKey: `errors.${err.reason}`, defaultText: ERRORS[err.reason] });
      return false;
    }
  },
  discard: () => set({ draft: null, mode: 'idle', drawType: null }),
  addAttachment(attachment) {
    const draft = get().draft;
    if (draft) set({ draft: { ...draft, attachments: [...(draft.attachments ?? []), attachment] } });
  },
  removeAttachment(index) {
    const draft = get().draft;
    if (draft) set({ draft: { ...draft, attachments: (draft.attachments ?? []).filter((_, i) => i !== index) } });
  },
}));
