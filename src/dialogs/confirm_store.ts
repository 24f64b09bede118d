// SPEC §8: confirmations exist for accept, decline, delete, discard unsaved changes, submit and
// activate. One dialog (ConfirmDialog.tsx, a lazy chunk), one hook: `const confirm = useConfirm();
// if (await confirm('delete')) …`. The wording is ours (the SPEC does not show it), in every language,
// and names the action (issue 19): a suggested new feature, change or deletion is confirmed as that,
// not as a plain "submit"/"delete".
import { useCallback } from 'react';
import { create } from 'zustand';

export const CONFIRM_KINDS = [
  'accept',
  'decline',
  'delete',
  'suggestDelete',
  'discardChanges',
  'discardNew',
  'submitNew',
  'submitChange',
  'activate',
] as const;
export type ConfirmKind = (typeof CONFIRM_KINDS)[number];

interface Pending {
  kind: ConfirmKind;
  /** Optional subject shown in the text, e.g. a feature or app name. */
  subject?: string;
  resolve: (ok: boolean) => void;
}

export const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

/** Asks for a confirmation; resolves true on the confirm button, false on cancel or dismiss. */
export function requestConfirm(kind: ConfirmKind, subject?: string): Promise<boolean> {
  return new Promise((resolve) => {
    // A new question answers an unanswered one with "no": never two dialogs stacked.
    useConfirmStore.getState().pending?.resolve(false);
    useConfirmStore.setState({ pending: { kind, subject, resolve } });
  });
}

/** Answers the open question (the dialog's buttons; "no" when its chunk could not be loaded). */
export function answerConfirm(ok: boolean): void {
  useConfirmStore.getState().pending?.resolve(ok);
  useConfirmStore.setState({ pending: null });
}

export function useConfirm(): (kind: ConfirmKind, subject?: string) => Promise<boolean> {
  return useCallback((kind, subject) => requestConfirm(kind, subject), []);
}
