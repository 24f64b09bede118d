// Register (SPEC §5): username, first name, last name, email, password, confirm password, all
// required; a valid email; 'Confirm password not match with password'. Success → SPEC §8 success
// text, then the login tab.
import { useState } from 'react';
import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LOCALES, registrationSchema } from '../model/index.ts';
import { register } from '../api/auth.ts';
import { useUiStore } from '../state/ui_store.ts';
import { errorKeyOf, notifySuccess } from '../state/notifications.ts';
import { FormField } from './FormField.tsx';
import { useFormSubmit, useZodForm } from './use_zod_form.ts';
import { actionsStyle, formStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

const EMPTY = { username: '', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };

export function RegisterForm({ config, appKey }: AuthPaneProps) {
  const { t, i18n } = useTranslation();
  const form = useZodForm(registrationSchema, EMPTY);
  const [error, setError] = useState<string | null>(null);
  const { busy, submit } = useFormSubmit(
    form.validate,
    async (data) => {
      setError(null);
      const language = LOCALES.find((l) => l === i18n.language);
      await register({ ...data, language }, { appKey, apiBase: config.serverUrl });
      notifySuccess('REGISTRATION_SUCCESS');
      useUiStore.getState().openAuth('login');
    },
    (err) => {
      const key = errorKeyOf(err);
      setError(`errors.${key === 'INTERNAL_SERVER_ERROR' ? key : 'REGISTRATION_FAILED'}`);
    },
  );
  return (
    <form onSubmit={submit} style={formStyle} noValidate data-testid="register-form">
      {error && (
        <MessageBar intent="error" data-testid="register-error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      )}
      <FormField name="username" label={t('auth.username')} form={form} autoComplete="username" />
      <FormField name="firstName" label={t('auth.firstName')} form={form} autoComplete="given-name" />
      <FormField name="lastName" label={t('auth.lastName')} form={form} autoComplete="family-name" />
      <FormField name="email" label={t('auth.email')} form={form} type="email" autoComplete="email" />
      <FormField name="password" label={t('auth.password')} form={form} type="password" autoComplete="new-password" />
      <FormField name="confirmPassword" label={t('auth.confirmPassword')} form={form} type="password" autoComplete="new-password" />
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={busy} data-testid="register-submit">
          {t('auth.register')}
        </Button>
      </div>
    </form>
  );
}
