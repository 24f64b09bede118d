// The frame every add dialog shares (SPEC §2 add dialogs): title, the form, cancel and submit.
import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

export function AddDialog({ kind, onClose, onSubmit, busy, children }: {
  kind: string;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid={`add-${kind}-dialog`}>
        <form noValidate onSubmit={(e) => { e.preventDefault(); onSubmit(); }}>
          <DialogBody>
            <DialogTitle>{t(`attachments.add.${kind}`)}</DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>{children}</DialogContent>
            <DialogActions>
              <Button onClick={onClose} data-testid="add-cancel">{t('common.cancel')}</Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="add-submit">{t('common.submit')}</Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}

/** A failed rule's message in the current language (English is the model's SPEC text). */
export function useRuleMessage() {
  const { t } = useTranslation();
  return (r: { ok: true } | { ok: false; error: string; message: string }) =>
    r.ok ? undefined : t(`errors.${r.error}`, { defaultValue: r.message });
}
