// SPEC §6: the dialog asking a user not registered on a layer's workspace for its secret
// (asked by ensureRegistered in workspace_register.ts) before an edit starts.
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { registerOnWorkspace } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { errorKeyOf, notifyError, notifyInfo } from '../state/notifications.ts';
import { useAuthStore } from '../state/auth_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';
import { answerRegistration, useRegisterStore } from './workspace_register.ts';

export function WorkspaceRegisterHost() {
  const { t } = useTranslation();
  const pending = useRegisterStore((s) => s.pending);
  useReturnFocus(pending !== null);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const finish = (ok: boolean) => {
    answerRegistration(ok);
    setSecret('');
  };
  const register = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    if (!secret.trim()) return notifyError('FIELD_REQUIRED');
    setBusy(true);
    try {
      await registerOnWorkspace(pending.workspace, secret.trim());
      useAuthStore.getState().noteRegistration();
      notifyInfo('owner.register.done');
      finish(true);
    } catch (err) {
      notifyError(errorKeyOf(err) === 'INTERNAL_SERVER_ERROR' ? 'INTERNAL_SERVER_ERROR' : 'WORKSPACE_REGISTRATION_FAILED');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={pending !== null} onOpenChange={(_, d) => !d.open && finish(false)}>
      <DialogSurface data-testid="workspace-register-dialog">
        <DialogBody>
          <DialogTitle>{t('owner.register.title')}</DialogTitle>
          <DialogContent>
            <form id="workspace-register-form" style={formStyle} onSubmit={register} noValidate>
              <p>{t('errors.WORKSPACE_NOT_REGISTERED')}</p>
              <p>{t('owner.register.how', { workspace: pending?.workspace ?? '' })}</p>
              <Field label={t('owner.workspaces.secret')} required>
                <Input value={secret} onChange={(_, d) => setSecret(d.value)} data-testid="workspace-register-secret" autoComplete="off" />
              </Field>
            </form>
          </DialogContent>
          <DialogActions style={actionsStyle}>
            <Button onClick={() => finish(false)}>{t('common.cancel')}</Button>
            <Button
              appearance="primary"
              type="submit"
              form="workspace-register-form"
              disabled={busy}
              data-testid="workspace-register-submit"
            >
              {t('owner.register.submit')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
