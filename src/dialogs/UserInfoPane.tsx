// User information (SPEC §3 User): who is logged in, the role, and the account update form
// (PUT /api/account; SPEC §5 first name, last name and a valid email required).
import { Badge, Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { accountUpdateSchema, isAdminUser } from '../model/index.ts';
import { updateAccount } from '../api/auth.ts';
import { useAuthStore } from '../state/auth_store.ts';
import { errorKeyOf, notifyError, notifyInfo } from '../state/notifications.ts';
import { FormField } from './FormField.tsx';
import { useFormSubmit, useZodForm } from './use_zod_form.ts';
import { actionsStyle, formStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

export function UserInfoPane({ config, appKey }: AuthPaneProps) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const form = useZodForm(accountUpdateSchema, {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    currentPassword: '',
  });
  const { busy, submit } = useFormSubmit(
    form.validate,
    async (data) => {
      const { currentPassword, ...fields } = data;
      const updated = await updateAccount(currentPassword ? data : fields, { appKey, apiBase: config.serverUrl });
      form.set('currentPassword', '');
      const current = useAuthStore.getState().user;
      if (current) useAuthStore.setState({ user: { ...current, ...updated } });
      notifyInfo('auth.accountSaved');
    },
    (err) => notifyError(errorKeyOf(err)),
  );
  if (!user) return null;
  return (
    <form onSubmit={submit} style={formStyle} noValidate data-testid="user-info">
      <Text>
        {t('auth.signedInAs')} <strong data-testid="user-name">{user.username}</strong>{' '}
        <Badge appearance="tint">{isAdminUser(user) ? t('auth.roleAdmin') : t('auth.roleUser')}</Badge>
      </Text>
      <FormField name="firstName" label={t('auth.firstName')} form={form} autoComplete="given-name" />
      <FormField name="lastName" label={t('auth.lastName')} form={form} autoComplete="family-name" />
      <FormField name="email" label={t('auth.email')} form={form} type="email" autoComplete="email" />
      {/* The server asks for it when the email changes (issue 16); an empty one is not sent. */}
      <FormField
        name="currentPassword"
        label={t('auth.currentPasswordForEmail')}
        form={form}
        type="password"
        autoComplete="current-password"
        required={false}
      />
      <div style={actionsStyle}>
        <Button appearance="primary" type="submit" disabled={busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
