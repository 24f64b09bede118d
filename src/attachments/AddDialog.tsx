// The frame every add dialog shares (SPEC §2 add dialogs): title, the form, cancel and submit.
import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../state/use_return_focus.ts';

export function AddDialog({
  kind,
  onClose,
  onSubmit,
  busy,
  children,
}: {
  kind: string;
  onClose: () => void;
  onSubmit: () => void;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  useReturnFocus(true);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid={`add-${kind}-dialog`}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            // React passes events up its own tree, through the dialog's portal: a new feature's draft
            // form holds this dialog, and must not be sent with the photo or note.
            e.stopPropagation();
            onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{t(`attachments.add.${kind}`)}</DialogTitle>
            <DialogContent className={styles.content}>{children}</DialogContent>
            <DialogActions>
              <Button onClick={onClose} data-testid="add-cancel">
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} data-testid="add-submit">
                {t('common.submit')}
              </Button>
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
