// Component tests in Chromium against the real API server (inject('apiBase'), demo users):
// the authentication dialog (SPEC §4, §5, §8), the settings dialog (SPEC §2, §3), confirmations
// and notifications (SPEC §8), and the cookie banner (SPEC §4).
import { afterEach, describe, expect, inject, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { act } from 'react';
import { ERRORS, SUCCESS } from '../../src/model/index.ts';
import { AuthDialog } from '../../src/dialogs/AuthDialog.tsx';
import { SettingsDialog } from '../../src/dialogs/SettingsDialog.tsx';
import { ConfirmHost } from '../../src/dialogs/ConfirmDialog.tsx';
import { requestConfirm } from '../../src/dialogs/confirm_store.ts';
import { Notifier, useNotifierMounted } from '../../src/screens/Notifier.tsx';
import type { IdleSchedule } from '../../src/screens/after_chunks.ts';
import { CookieBanner } from '../../src/screens/CookieBanner.tsx';
import { apiFetch } from '../../src/api/client.ts';
import { useUiStore } from '../../src/state/ui_store.ts';
import { sessionCookieMode, useAuthStore } from '../../src/state/auth_store.ts';
import { notifyError, notifyOffline, notifySuccess } from '../../src/state/notifications.ts';
import { CONSENT_COOKIE, deleteCookie, readConsent, readCookie, USER_COOKIES } from '../../src/state/cookies.ts';
import { useSettingsStore } from '../../src/state/settings_store.ts';
import { PHONE_QUERY } from '../../src/state/use_media_query.ts';
import { byTestId, findByTestId, render, shellConfig, unmount, waitForText } from './shell_harness.tsx';

const apiBase = inject('apiBase');
const APP_KEY = 'demodemodemodemodemodemodemodemo';
const config = shellConfig(apiBase);

afterEach(unmount);

async function openAuth(tab: Parameters<ReturnType<typeof useUiStore.getState>['openAuth']>[0]) {
  await render(<AuthDialog config={config} appKey={APP_KEY} />);
  act(() => useUiStore.getState().openAuth(tab));
  return findByTestId('auth-dialog');
}

async function fill(id: string, value: string) {
  await userEvent.fill(await findByTestId(`field-${id}`), value);
}

describe('authentication dialog', () => {
  it("shows 'Login failed…' inline for wrong credentials and stays unAuthenticated", async () => {
    await openAuth('login');
    await fill('username', 'user');
    await fill('password', 'wrong-password');
    await userEvent.click(byTestId('login-submit')!);
    expect((await findByTestId('login-error')).textContent).toBe(ERRORS.LOGIN_FAILED);
    expect(useAuthStore.getState().status).toBe('unAuthenticated');
  });

  it('logs in, keeps the session and sends it on later calls (x-session-id)', async () => {
    await openAuth('login');
    await fill('username', 'user');
    await fill('password', 'u-pass-123');
    await userEvent.click(byTestId('login-submit')!);
    await expect.poll(() => useAuthStore.getState().status).toBe('authenticated');
    expect(useAuthStore.getState().sessionId).toMatch(/.+/);
    await expect.poll(() => byTestId('auth-dialog')).toBeNull();
    // GET /api/apps/overview is logged-in only: it answers because the client sends the session.
    await expect(apiFetch('/apps/overview', {}, { apiBase })).resolves.toEqual(expect.any(Array));
  });

  it('offers "remember me" only where the app allows it (auth.rememberMe)', async () => {
    await openAuth('login');
    expect(await findByTestId('login-remember')).not.toBeNull();
    await unmount();
    await render(<AuthDialog config={{ ...config, auth: { ...config.auth, rememberMe: false } }} appKey={APP_KEY} />);
    act(() => useUiStore.getState().openAuth('login'));
    await findByTestId('login-form');
    expect(byTestId('login-remember')).toBeNull();
  });

  it('marks an admin as authorised', async () => {
    await openAuth('login');
    await fill('username', 'admin');
    await fill('password', 'a-pass-123');
    await userEvent.click(byTestId('login-submit')!);
    await expect.poll(() => useAuthStore.getState().status).toBe('authorised');
  });

  it('shows the SPEC §5 messages inline on the register form', async () => {
    await openAuth('register');
    await userEvent.click(await findByTestId('register-submit'));
    await expect.poll(() => document.body.textContent!.split(ERRORS.FIELD_REQUIRED).length - 1).toBe(6);
    await fill('email', 'not-an-email');
    await fill('password', 'one-password');
    await fill('confirmPassword', 'another-one');
    await userEvent.click(byTestId('register-submit')!);
    await waitForText(ERRORS.INVALID_EMAIL);
    await waitForText(ERRORS.CONFIRM_PASSWORD_MISMATCH);
  });

  it('shows the validation messages in the chosen language', async () => {
    await openAuth('login');
    const { default: i18n } = await import('../../src/i18n/index.ts');
    await act(() => i18n.changeLanguage('fr_FR'));
    await userEvent.click(byTestId('login-submit')!);
    await waitForText('Ce champ est obligatoire.');
    expect(byTestId('auth-dialog')!.textContent).toContain('Connexion');
  });

  it('offers user information, change password and logout to a logged-in user; logout clears everything', async () => {
    document.cookie = 'mapdraft_cookie_consent=accepted; Path=/';
    await openAuth('login');
    await fill('username', 'user');
    await fill('password', 'u-pass-123');
    await userEvent.click(byTestId('login-submit')!);
    await expect.poll(() => useAuthStore.getState().status).toBe('authenticated');
    expect(readCookie(USER_COOKIES.sessionId)).toBe(useAuthStore.getState().sessionId);
    // A logged-in user asking for register gets user information (SPEC §2).
    act(() => useUiStore.getState().openAuth('register'));
    const dialog = await findByTestId('auth-dialog');
    expect(dialog.getAttribute('data-tab')).toBe('userInformation');
    expect(byTestId('user-name')!.textContent).toBe('user');
    expect(byTestId('auth-tab-changePassword')).not.toBeNull();
    await userEvent.click(byTestId('auth-tab-logout')!);
    await userEvent.click(await findByTestId('logout-submit'));
    await expect.poll(() => useAuthStore.getState().status).toBe('unAuthenticated');
    expect(useAuthStore.getState().authorization).toBeNull();
    expect(readCookie(USER_COOKIES.sessionId)).toBeUndefined();
    expect(readCookie(USER_COOKIES.userRecord)).toBeUndefined();
  });
});

describe('settings dialog', () => {
  it('opens on the asked tab and switches the language', async () => {
    await render(<SettingsDialog config={config} />);
    act(() => useUiStore.getState().openSettings('general'));
    const select = await findByTestId<HTMLSelectElement>('language-select');
    await userEvent.selectOptions(select, 'de_DE');
    await waitForText('Einstellungen');
    expect(useSettingsStore.getState().settings.defaultLanguage).toBe('de_DE');
  });

  it('lists geographic layers for the default layer, non-editable ones disabled, with cancel and submit', async () => {
    await render(<SettingsDialog config={config} />);
    act(() => useUiStore.getState().openSettings('layer'));
    const select = await findByTestId<HTMLSelectElement>('default-layer-select');
    const options = [...select.options].map((o) => [o.value, o.disabled]);
    expect(options).toEqual([
      ['', false],
      ['cities', false],
      ['countries', true],
    ]);
    await userEvent.selectOptions(select, 'cities');
    await userEvent.click(byTestId('default-layer-submit')!);
    expect(useSettingsStore.getState().settings.defaultLayer).toBe('cities');
    await expect.poll(() => byTestId('settings-dialog')).toBeNull();
  });
});

/** The shell's way of mounting the Notifier, on a schedule the test runs itself. */
function NotifierHost({ when }: { when: IdleSchedule }) {
  return useNotifierMounted(when) ? (
    <>
      <span data-testid="notifier-mounted" />
      <Notifier />
    </>
  ) : null;
}

describe('confirmations and notifications', () => {
  it('mounts the notifier only once the page is idle after the open (issue 17: not in the first render)', async () => {
    let idle: (() => void) | undefined;
    await render(<NotifierHost when={(go) => ((idle = go), () => undefined)} />);
    expect(byTestId('notifier-mounted')).toBeNull();
    act(() => idle!());
    await findByTestId('notifier-mounted');
    act(() => notifySuccess('APP_CREATED'));
    await waitForText(SUCCESS.APP_CREATED);
  });

  it('shows a notice raised before the page is idle at once, and keeps the notifier for the next', async () => {
    await render(<NotifierHost when={() => () => undefined} />);
    expect(byTestId('notifier-mounted')).toBeNull();
    act(() => notifyError('LAYER_PROPERTY_REQUIRED'));
    expect((await findByTestId('notification-error')).textContent).toContain(ERRORS.LAYER_PROPERTY_REQUIRED);
    act(() => notifySuccess('APP_CREATED'));
    await waitForText(SUCCESS.APP_CREATED);
    expect(byTestId('notifier-mounted')).not.toBeNull();
  });

  it('resolves a confirmation true on confirm and false on cancel', async () => {
    await render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => void (answer = requestConfirm('delete', 'Paris')));
    expect((await findByTestId('confirm-dialog')).textContent).toContain('Paris');
    await userEvent.click(byTestId('confirm-ok')!);
    await expect(answer).resolves.toBe(true);
    act(() => void (answer = requestConfirm('discardChanges')));
    await userEvent.click(await findByTestId('confirm-cancel'));
    await expect(answer).resolves.toBe(false);
  });

  it('shows the offline-edit notification in red with a Close button, and success in green', async () => {
    await render(<Notifier />);
    act(() => notifyOffline());
    const toast = await findByTestId('notification-error');
    expect(toast.textContent).toContain(ERRORS.OFFLINE_EDIT);
    // A word on a wide screen, an icon named Close on a phone (issue 19: compact toasts there).
    const close = [...toast.querySelectorAll('button')].find((b) => b.textContent === 'Close' || b.getAttribute('aria-label') === 'Close')!;
    await userEvent.click(close);
    await expect.poll(() => byTestId('notification-error'), { timeout: 5000 }).toBeNull();
    act(() => notifySuccess('PASSWORD_RESET_MAIL_SENT'));
    expect((await findByTestId('notification-success')).textContent).toContain('A password reset mail has been sent.');
  });

  it("on a phone, shows the newest notice at once: a form's error does not wait behind earlier successes", async () => {
    const [width, height] = [window.innerWidth, window.innerHeight];
    await page.viewport(360, 740);
    try {
      await render(<Notifier />);
      // An owner's settings: three saves in a row, each with its success, then a form refused.
      for (const key of ['APP_CREATED', 'APP_KEY_ACTIVATED', 'WORKSPACE_CREATED'] as const) {
        act(() => notifySuccess(key));
        await waitForText(SUCCESS[key]);
      }
      act(() => notifyError('LAYER_PROPERTY_REQUIRED'));
      // Queued behind a 4 s toast it would take seconds; it replaces the one shown instead.
      await waitForText(ERRORS.LAYER_PROPERTY_REQUIRED, 1500);
      await expect.poll(() => document.querySelectorAll('[data-testid^=notification-]').length, { timeout: 3000 }).toBe(1);
      expect(document.body.textContent).not.toContain(SUCCESS.APP_CREATED);
    } finally {
      await page.viewport(width, height);
    }
  });

  it('shows several notices together again once a phone-sized window is made wide', async () => {
    const [width, height] = [window.innerWidth, window.innerHeight];
    await page.viewport(360, 740);
    try {
      await render(<Notifier />);
      await page.viewport(1280, 800);
      await expect.poll(() => window.matchMedia(PHONE_QUERY).matches).toBe(false);
      await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      act(() => {
        for (const key of ['APP_CREATED', 'APP_KEY_ACTIVATED', 'WORKSPACE_CREATED'] as const) notifySuccess(key);
      });
      for (const key of ['APP_CREATED', 'APP_KEY_ACTIVATED', 'WORKSPACE_CREATED'] as const) await waitForText(SUCCESS[key], 1500);
    } finally {
      await page.viewport(width, height);
    }
  });
});

describe('user information', () => {
  it('changes the email only with the current password (issue 16)', async () => {
    const username = `ui_${Date.now().toString(36)}`;
    const password = 'pw-email-1';
    await apiFetch(
      '/register',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          password,
          confirmPassword: password,
          firstName: 'Ada',
          lastName: 'L',
          email: `${username}@example.org`,
        }),
      },
      { apiBase },
    );
    await render(
      <>
        <AuthDialog config={config} appKey={APP_KEY} />
        <Notifier />
      </>,
    );
    act(() => useUiStore.getState().openAuth('login'));
    await fill('username', username);
    await fill('password', password);
    await userEvent.click(byTestId('login-submit')!);
    await expect.poll(() => useAuthStore.getState().status).toBe('authenticated');
    act(() => useUiStore.getState().openAuth('userInformation'));
    await fill('email', `${username}@example.net`);
    await userEvent.click((await findByTestId('user-info')).querySelector('button[type=submit]')!);
    expect((await findByTestId('notification-error')).textContent).toContain(ERRORS.CURRENT_PASSWORD_REQUIRED);
    expect(useAuthStore.getState().user?.email).toBe(`${username}@example.org`);
    await fill('currentPassword', password);
    await userEvent.click(byTestId('user-info')!.querySelector('button[type=submit]')!);
    await expect.poll(() => useAuthStore.getState().user?.email).toBe(`${username}@example.net`);
    // The password is not kept in the form once used.
    expect((byTestId('field-currentPassword') as HTMLInputElement).value).toBe('');
  });
});

describe('session cookie mode (issue 16)', () => {
  it("asks the server for its HttpOnly cookie only with consent and on the page's own origin", () => {
    document.cookie = 'mapdraft_cookie_consent=accepted; Path=/';
    expect(sessionCookieMode(true, true, '')).toBe('remembered');
    expect(sessionCookieMode(true, false, location.origin)).toBe('browser');
    // Another origin's cookie would not travel with our calls: the client keeps the session id.
    expect(sessionCookieMode(true, true, 'https://api.example.org')).toBe('none');
    expect(sessionCookieMode(false, true, '')).toBe('none');
    document.cookie = 'mapdraft_cookie_consent=declined; Path=/';
    expect(sessionCookieMode(true, true, '')).toBe('none');
  });
});

describe('cookie banner', () => {
  it('reserves its own height at the bottom of the window until a choice is made (issue 19)', async () => {
    deleteCookie(CONSENT_COOKIE);
    await render(<CookieBanner />);
    const banner = (await findByTestId('cookie-banner')).parentElement!;
    const room = () => getComputedStyle(document.documentElement).getPropertyValue('--cookie-banner-height');
    await expect.poll(room).toBe(`${banner.getBoundingClientRect().height}px`);
    expect(banner.getBoundingClientRect().height).toBeGreaterThan(20);
    await userEvent.click(await findByTestId('cookie-accept'));
    expect(byTestId('cookie-banner')).toBeNull();
    expect(room()).toBe('');
    deleteCookie(CONSENT_COOKIE);
  });

  it('stores a decline and keeps user data out of cookies afterwards', async () => {
    await render(<CookieBanner />);
    await userEvent.click(await findByTestId('cookie-decline'));
    expect(readConsent()).toBe('declined');
    expect(byTestId('cookie-banner')).toBeNull();
    act(() => useAuthStore.getState().signIn({ username: 'u', id: 1 }, 'sid', 'Basic x', true));
    expect(readCookie(USER_COOKIES.sessionId)).toBeUndefined();
    expect(useAuthStore.getState().sessionId).toBe('sid');
  });
});
