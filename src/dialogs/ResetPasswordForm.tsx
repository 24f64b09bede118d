// Reset password (SPEC §1, §7 POST /api/reset-password): a mail with a reset token is sent; the
// answer is the same whether or not the address is known.
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { resetPasswordSchema } from '../model/index.ts';
import { resetPassword } from '../api/auth.ts';
import { useUiStore } from '../state/ui_store.ts';
import { notifyError, notifySuccess } from '../state/notifications.ts';
import { FormField } from './FormField.tsx';
import { useFormSubmit, useZodForm } from './use_zod_form.ts';
import { actionsStyle, formStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

export function ResetPasswordForm({ config, appKey }: AuthPaneProps) {
  const { t } = useTranslation();
  const form = useZodForm(resetPasswordSchema, { email: '' });
  const { busy, submit } = useFormSubmit(
    form.validate,
    async (data) => {
      await resetPassword(data, { appKey, apiBase: config.serverUrl });
      notifySuccess('PASSWORD_RESET_MAIL_SENT');
      useUiStore.getState().openAuth('login');
    },
    () => notifyError('PASSWORD_RESET_FAILED'),
  );
  return (
    <form onSubmit={submit} style={formStyle} noValidate data-testid="reset-form">
      <Text>{t('auth.resetHint')}</Text>
      <FormField name="email" label={t('auth.email')} form={form} type="email" autoComplete="email" />
      <div style={actionsStyle}>
        <Button onClick={() => useUiStore.getState().openAuth('login')}>{t('common.cancel')}</Button>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="reset-submit">
          {t('auth.sendReset')}
        </Button>
      </div>
    </form>
  );
}
