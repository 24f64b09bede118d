// SPEC §8: confirmations exist for accept, decline, delete, discard unsaved changes, submit and
// activate. One dialog, one hook: `const confirm = useConfirm(); if (await confirm('delete')) …`.
// The wording is ours (the SPEC does not show it), in every language, and names the action (issue 19):
// a suggested new feature, change or deletion is confirmed as that, not as a plain "submit"/"delete".
import { useCallback } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { useReturnFocus } from '../state/use_return_focus.ts';

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

const useConfirmStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

/** Asks for a confirmation; resolves true on the confirm button, false on cancel or dismiss. */
export function requestConfirm(kind: ConfirmKind, subject?: string): Promise<boolean> {
  return new Promise((resolve) => {
    // A new question answers an unanswered one with "no": never two dialogs stacked.
    useConfirmStore.getState().pending?.resolve(false);
    useConfirmStore.setState({ pending: { kind, subject, resolve } });
  });
}

export function useConfirm(): (kind: ConfirmKind, subject?: string) => Promise<boolean> {
  return useCallback((kind, subject) => requestConfirm(kind, subject), []);
}

export function ConfirmHost() {
  const { t } = useTranslation();
  const pending = useConfirmStore((s) => s.pending);
  useReturnFocus(pending !== null);
  const answer = (ok: boolean) => {
    pending?.resolve(ok);
    useConfirmStore.setState({ pending: null });
  };
  const kind = pending?.kind;
  return (
    <Dialog open={pending !== null} modalType="alert" onOpenChange={(_, d) => !d.open && answer(false)}>
      <DialogSurface data-testid="confirm-dialog" data-kind={kind}>
        {kind && (
          <DialogBody>
            <DialogTitle>{t(`confirm.${kind}.title`)}</DialogTitle>
            <DialogContent>{t(`confirm.${kind}.text`, { subject: pending?.subject ?? t('confirm.thisItem') })}</DialogContent>
            <DialogActions>
              <Button onClick={() => answer(false)} data-testid="confirm-cancel">
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" onClick={() => answer(true)} data-testid="confirm-ok">
                {t(`confirm.${kind}.action`)}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
