// SPEC §2 authentication prompt with the actions register, login, reset, changePassword,
// userInformation and logout, one tab each. Which tabs show depends on the login state; a tab
// that does not fit it is mapped by the SPEC §2 rule (src/state/query_rules.ts resolveAuthTab).
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { AppConfig } from '../model/index.ts';
import { resolveAuthTab, type AuthTab } from '../state/query_rules.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { UserInfoPane } from './UserInfoPane.tsx';
import { LogoutPane } from './LogoutPane.tsx';
import { useReturnFocus } from '../state/use_return_focus.ts';

const useStyles = makeStyles({
  surface: { maxWidth: 'min(520px, calc(100vw - 24px))', width: '100%', boxSizing: 'border-box' },
  tabs: { marginBottom: tokens.spacingVerticalM, flexWrap: 'wrap' },
});

export function authTabsFor(loggedIn: boolean, config: AppConfig): AuthTab[] {
  if (!loggedIn) return ['login', 'register', 'reset'];
  return config.auth.changePassword ? ['userInformation', 'changePassword', 'logout'] : ['userInformation', 'logout'];
}

export function AuthDialog({ config, appKey }: { config: AppConfig; appKey: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const requested = useUiStore((s) => s.authTab);
  useReturnFocus(requested !== null);
  const openAuth = useUiStore((s) => s.openAuth);
  const loggedIn = useAuthStore(isLoggedIn);
  const tabs = authTabsFor(loggedIn, config);
  const resolved = resolveAuthTab(requested, loggedIn);
  const tab = resolved && tabs.includes(resolved) ? resolved : tabs[0];
  const close = () => openAuth(null);
  const props = { config, appKey, onDone: close };
  return (
    <Dialog open={requested !== null} onOpenChange={(_, d) => !d.open && close()}>
      <DialogSurface className={styles.surface} data-testid="auth-dialog" data-tab={tab}>
        <DialogBody>
          <DialogTitle action={<Button appearance="subtle" aria-label={t('common.close')} icon={<Dismiss24Regular />} onClick={close} />}>
            {t('auth.title')}
          </DialogTitle>
          <DialogContent>
            <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, d) => openAuth(d.value as AuthTab)} size="small">
              {tabs.map((name) => (
                <Tab key={name} value={name} data-testid={`auth-tab-${name}`}>
                  {t(`auth.tabs.${name}`)}
                </Tab>
              ))}
            </TabList>
            {tab === 'login' && <LoginForm {...props} />}
            {tab === 'register' && <RegisterForm {...props} />}
            {tab === 'reset' && <ResetPasswordForm {...props} />}
            {tab === 'changePassword' && <ChangePasswordForm {...props} />}
            {tab === 'userInformation' && <UserInfoPane {...props} />}
            {tab === 'logout' && <LogoutPane {...props} />}
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
