// Login (SPEC §4): basic auth → user record + session id; statuses authenticating → authenticated
// (or authorised for admins) / unAuthenticated. Failure: 'Login failed. Please check your username
// and password.' (SPEC §8), inline.
import { useState } from 'react';
import { Button, Checkbox, Link, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { loginSchema } from '../model/index.ts';
import { login } from '../api/auth.ts';
import { ApiError } from '../api/client.ts';
import { sessionCookieMode, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { FormField } from './FormField.tsx';
import { useZodForm } from './use_zod_form.ts';
import { formStyle, actionsStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

export function LoginForm({ config, appKey, onDone }: AuthPaneProps) {
  const { t } = useTranslation();
  const form = useZodForm(loginSchema, { username: '', password: '' });
  const status = useAuthStore((s) => s.status);
  const [error, setError] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    const auth = useAuthStore.getState();
    auth.begin();
    setError(null);
    try {
      const remembered = config.auth.rememberMe && remember;
      const cookie = sessionCookieMode(config.useCookies, remembered, config.serverUrl);
      const r = await login({ username: data.username, password: data.password }, { appKey, apiBase: config.serverUrl }, cookie);
      auth.signIn(r.user, r.sessionId, r.authorization, config.useCookies, remembered, cookie !== 'none');
      onDone();
    } catch (err) {
      auth.fail();
      // Wrong credentials and the rate limit both answer LOGIN_FAILED; anything else is the server's fault.
      setError(err instanceof ApiError && err.status < 500 ? 'errors.LOGIN_FAILED' : 'errors.INTERNAL_SERVER_ERROR');
    }
  };
  return (
    <form onSubmit={submit} style={formStyle} noValidate data-testid="login-form">
      {error && (
        <MessageBar intent="error" data-testid="login-error">
          <MessageBarBody>{t(error)}</MessageBarBody>
        </MessageBar>
      )}
      <FormField name="username" label={t('auth.username')} form={form} autoComplete="username" />
      <FormField name="password" label={t('auth.password')} form={form} type="password" autoComplete="current-password" />
      {config.auth.rememberMe && (
        <Checkbox
          label={t('auth.rememberMe')}
          checked={remember}
          onChange={(_, d) => setRemember(d.checked === true)}
          data-testid="login-remember"
        />
      )}
      <Link as="button" type="button" onClick={() => useUiStore.getState().openAuth('reset')}>
        {t('auth.forgotPassword')}
      </Link>
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={status === 'authenticating'} data-testid="login-submit">
          {t('auth.login')}
        </Button>
      </div>
    </form>
  );
}
