// Logout (SPEC §4): POST /api/logout ends the session server-side; the cookies and the stored
// credentials payload are removed whether or not the server could be reached.
import { useState } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { logout } from '../api/auth.ts';
import { useAuthStore } from '../state/auth_store.ts';
import { notifyInfo } from '../state/notifications.ts';
import { actionsStyle, formStyle } from './form_layout.ts';
import type { AuthPaneProps } from './auth_pane.ts';

export function LogoutPane({ config, appKey, onDone }: AuthPaneProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const doLogout = async () => {
    setBusy(true);
    await logout({ appKey, apiBase: config.serverUrl }).catch(() => undefined);
    useAuthStore.getState().signOut();
    setBusy(false);
    notifyInfo('auth.loggedOut');
    onDone();
  };
  return (
    <div style={formStyle} data-testid="logout-pane">
      <Text>{t('auth.logoutQuestion')}</Text>
      <div style={actionsStyle}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button appearance="primary" onClick={() => void doLogout()} disabled={busy} data-testid="logout-submit">
          {t('auth.logout')}
        </Button>
      </div>
    </div>
  );
}
