// Renders shell pieces (dialogs, hooks) into a div with the real providers: i18next, react-query
// and a Fluent theme. Dialogs portal into document.body, so tests query `document`.
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { expect } from 'vitest';
import { appConfigSchema, type AppConfig } from '../../src/model/index.ts';
import i18n, { initI18n } from '../../src/i18n/index.ts';
import { useUiStore } from '../../src/state/ui_store.ts';
import { useAuthStore } from '../../src/state/auth_store.ts';
import { clearUserCookies, deleteCookie, CONSENT_COOKIE } from '../../src/state/cookies.ts';
import { clearPendingNotifications } from '../../src/state/notifications.ts';

let root: Root | undefined;
let host: HTMLDivElement | undefined;

export function shellConfig(apiBase: string): AppConfig {
  return appConfigSchema.parse({
    appName: 'Shell test',
    serverUrl: apiBase,
    layersConfig: [
      { id: 'cities', name: 'Cities', type: 'Point', workspace: 'ws_demo', edit: true },
      { id: 'countries', name: 'Countries', type: 'Polygon', workspace: 'ws_demo', edit: false },
      { id: 'cities_diff', name: 'Cities updates', type: 'Point', workspace: 'ws_demo_diff', edit: true },
    ],
  });
}

export async function render(ui: ReactNode): Promise<void> {
  await initI18n();
  await unmountTree();
  host = document.createElement('div');
  document.body.append(host);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root = createRoot(host);
  await act(async () => {
    root!.render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <FluentProvider theme={webLightTheme}>{ui}</FluentProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
  });
}

async function unmountTree(): Promise<void> {
  if (root) await act(async () => root!.unmount());
  host?.remove();
  root = undefined;
  host = undefined;
}

/** Unmounts, resets the stores and cookies and the language, so tests share nothing (afterEach). */
export async function unmount(): Promise<void> {
  await unmountTree();
  useUiStore.setState({ authTab: null, settingsTab: null, adminMode: false, settingsDrawerOpen: false });
  useAuthStore.setState({ status: 'unAuthenticated', user: null, sessionId: null, authorization: null });
  clearUserCookies();
  clearPendingNotifications();
  deleteCookie(CONSENT_COOKIE);
  if (i18n.isInitialized && i18n.language !== 'en_US') await i18n.changeLanguage('en_US');
}

export const byTestId = <T extends HTMLElement = HTMLElement>(id: string) => document.querySelector<T>(`[data-testid="${id}"]`);

export async function findByTestId<T extends HTMLElement = HTMLElement>(id: string): Promise<T> {
  await expect.poll(() => byTestId(id), { timeout: 10_000 }).not.toBeNull();
  return byTestId<T>(id)!;
}

export async function waitForText(text: string, timeout = 10_000): Promise<void> {
  await expect.poll(() => document.body.textContent ?? '', { timeout }).toContain(text);
}

/** Runs `steps` as the browser runs them: on React's own scheduler, not act()'s queue, which would flush it in one go. */
export async function outsideAct(steps: () => Promise<void>): Promise<void> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  env.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    await steps();
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = true;
  }
}
