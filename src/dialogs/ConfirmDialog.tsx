// SPEC §8 confirmation dialog: shows the question asked through confirm_store.ts (useConfirm).
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { answerConfirm, useConfirmStore } from './confirm_store.ts';

export function ConfirmHost() {
  const { t } = useTranslation();
  const pending = useConfirmStore((s) => s.pending);
  useReturnFocus(pending !== null);
  const kind = pending?.kind;
  return (
    <Dialog open={pending !== null} modalType="alert" onOpenChange={(_, d) => !d.open && answerConfirm(false)}>
      <DialogSurface data-testid="confirm-dialog" data-kind={kind}>
        {kind && (
          <DialogBody>
            <DialogTitle>{t(`confirm.${kind}.title`)}</DialogTitle>
            <DialogContent>{t(`confirm.${kind}.text`, { subject: pending?.subject ?? t('confirm.thisItem') })}</DialogContent>
            <DialogActions>
              <Button onClick={() => answerConfirm(false)} data-testid="confirm-cancel">
                {t('common.cancel')}
              </Button>
              <Button appearance="primary" onClick={() => answerConfirm(true)} data-testid="confirm-ok">
                {t(`confirm.${kind}.action`)}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}
