// Renders the feature UI with the real providers, the shell's Notifier and ConfirmHost,
// against the real API server of the browser suite. Log-ins go through the real /api/login.
import type { ReactNode } from 'react';
import { act } from 'react';
import {
  appConfigSchema,
  DEMO_APP_KEY,
  propertyDefinitionSchema,
  type AppConfig,
  type PropertyDefinitionInput,
} from '../../src/model/index.ts';
import { login } from '../../src/api/auth.ts';
import { useAuthStore } from '../../src/state/auth_store.ts';
import { FeatureUiContext, type FeatureUi } from '../../src/ui/context.ts';
import { Notifier } from '../../src/screens/Notifier.tsx';
import { ConfirmHost } from '../../src/dialogs/ConfirmDialog.tsx';
import { render } from './shell_harness.tsx';

export const ADMIN = { username: 'admin', password: 'a-pass-123' };
export const USER = { username: 'user', password: 'u-pass-123' };

export function featureConfig(apiBase: string, props: PropertyDefinitionInput[] = []): AppConfig {
  return appConfigSchema.parse({
    appName: 'Features test',
    serverUrl: apiBase,
    timeZone: 'UTC',
    layersConfig: [
      {
        id: 'cities',
        name: 'Cities',
        type: 'Point',
        workspace: 'ws_demo',
        edit: true,
        nameProperty: 'name',
        properties: props.length ? props : undefined,
      },
      { id: 'countries', name: 'Countries', type: 'Polygon', workspace: 'ws_demo', edit: false },
    ],
  });
}

export async function signIn(apiBase: string, who: { username: string; password: string }): Promise<void> {
  const r = await login(who, { apiBase, appKey: DEMO_APP_KEY });
  useAuthStore.getState().signIn(r.user, r.sessionId, r.authorization, false);
}

export function ui(apiBase: string, config: AppConfig, admin: boolean): FeatureUi {
  return { api: { apiBase, appKey: DEMO_APP_KEY }, config, admin, loggedIn: true, timeZone: 'UTC', timeFormat: 'L LT' };
}

export async function renderFeatures(value: FeatureUi, children: ReactNode): Promise<void> {
  await render(
    <FeatureUiContext.Provider value={value}>
      {children}
      <Notifier />
      <ConfirmHost />
    </FeatureUiContext.Provider>,
  );
}

export const defs = (list: PropertyDefinitionInput[]) => list.map((d) => propertyDefinitionSchema.parse(d));

/** Sets a text input's value the way React sees typing. */
export async function type(el: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(el: Element | null): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
}

export async function setFile(input: HTMLInputElement, file: File): Promise<void> {
  const dt = new DataTransfer();
  dt.items.add(file);
  await act(async () => {
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

export async function api<T>(
  apiBase: string,
  path: string,
  who: { username: string; password: string },
  init: RequestInit = {},
): Promise<T> {
  const res = await fetch(`${apiBase}/api${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'x-app-key': DEMO_APP_KEY,
      authorization: `Basic ${btoa(`${who.username}:${who.password}`)}`,
      ...(init.headers ?? {}),
    },
  });
  if (!res.ok) throw new Error(`${path} ${res.status} ${await res.text()}`);
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}
