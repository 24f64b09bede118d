// Change password (SPEC §5 confirm must match; CONTRACT.md: a wrong old password answers
// LOGIN_FAILED). The stored credentials payload follows the new password.
import { useState } from 'react';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { changePasswordSchema } from '../model/index.ts';
import { changePassword } from '../api/auth.ts';
import { basicAuth } from '../api/client.ts';
import { useAuthStore } from '../state/auth_store.ts';
import { errorKeyOf, notifyInfo } from '../state/notifications.ts';
import { FormField } from './FormField.tsx';
import { useFormSubmit, useZodForm } from './use_zod_form.ts';
import { actionsStyle, formStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

export function ChangePasswordForm({ config, appKey, onDone }: AuthPaneProps) {
  const { t } = useTranslation();
  const form = useZodForm(changePasswordSchema, { oldPassword: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useFormSubmit(
    form.validate,
    async (data) => {
      setError(null);
      await changePassword(data, { appKey, apiBase: config.serverUrl });
      const user = useAuthStore.getState().user;
      if (user && useAuthStore.getState().authorization) {
        useAuthStore.setState({ authorization: basicAuth({ username: user.username, password: data.password }) });
      }
      notifyInfo('auth.passwordChanged');
      onDone();
    },
    (err) => setError(`errors.${errorKeyOf(err)}`),
  );
  return (
    <form onSubmit={submit} style={formStyle} noValidate data-testid="change-password-form">
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      )}
      <FormField name="oldPassword" label={t('auth.oldPassword')} form={form} type="password" autoComplete="current-password" />
      <FormField name="password" label={t('auth.newPassword')} form={form} type="password" autoComplete="new-password" />
      <FormField name="confirmPassword" label={t('auth.confirmPassword')} form={form} type="password" autoComplete="new-password" />
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="change-password-submit">
          {t('auth.changePassword')}
        </Button>
      </div>
    </form>
  );
}
