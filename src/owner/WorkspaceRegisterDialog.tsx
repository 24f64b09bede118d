// SPEC §6 "A user who fails workspace registration cannot edit data": before an edit starts, a user
// not registered on the layer's workspace is told so and may register there with the secret the app
// owner gave them (POST workspaces/{ws}/register) — never after filling in a form.
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
import { create } from 'zustand';
import { fetchWorkspaces, registerOnWorkspace } from '../api/owner.ts';
import { actionsStyle, formStyle } from '../dialogs/form_layout.ts';
import { errorKeyOf, notifyError, notifyInfo } from '../state/notifications.ts';
import { useAuthStore } from '../state/auth_store.ts';
import { useReturnFocus } from '../state/use_return_focus.ts';

interface Pending {
  workspace: string;
  resolve: (registered: boolean) => void;
}

const useRegisterStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

function askToRegister(workspace: string): Promise<boolean> {
  return new Promise((resolve) => {
    useRegisterStore.getState().pending?.resolve(false);
    useRegisterStore.setState({ pending: { workspace, resolve } });
  });
}

const REGISTRATION_CHECK_MS = 3000;

/**
 * Resolves true when the user may start editing on `workspace`: an admin, a registered member, or
 * one who registers now. When the list cannot be read in 3 s (offline) the edit goes ahead: the server
 * still refuses a suggestion from a non-member, and the outbox keeps it to resubmit.
 */
export async function ensureRegistered(appKey: string, workspace: string, admin: boolean): Promise<boolean> {
  if (admin) return true;
  // A server that does not answer must not hold the edit up (the app works offline, SPEC §1).
  const list = await fetchWorkspaces(appKey, { signal: AbortSignal.timeout(REGISTRATION_CHECK_MS) }).catch(() => null);
  const ws = list?.find((w) => w.name === workspace);
  if (!ws || ws.registered) return true;
  return askToRegister(workspace);
}

export function WorkspaceRegisterHost() {
  const { t } = useTranslation();
  const pending = useRegisterStore((s) => s.pending);
  useReturnFocus(pending !== null);
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const finish = (ok: boolean) => {
    pending?.resolve(ok);
    useRegisterStore.setState({ pending: null });
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
