// SPEC §2 "Query parameters (any route)": pure rules from the address to what the shell opens.
// Unit-tested in tests/unit/shell_rules.test.ts; applied by src/screens/use_query_intents.ts.
import { AUTH_ACTIONS } from '../model/index.ts';

export type AuthTab = (typeof AUTH_ACTIONS)[number];
export const AUTH_TABS: readonly AuthTab[] = AUTH_ACTIONS;

/** Settings dialog tabs; `settings=<tab>` names one (SPEC §2). */
export const SETTINGS_TABS = ['general', 'time', 'map', 'layer'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs that only make sense with a user, and tabs that only make sense without one. */
const NEEDS_USER: readonly AuthTab[] = ['userInformation', 'logout', 'changePassword'];
const NEEDS_VISITOR: readonly AuthTab[] = ['login', 'register', 'reset'];

/**
 * SPEC §2: a logged-out visitor asking for user information or logout is sent to login; a
 * logged-in user asking for login or register is sent to user information. Unknown → undefined.
 */
export function resolveAuthTab(requested: string | null | undefined, loggedIn: boolean): AuthTab | undefined {
  const tab = AUTH_TABS.find((t) => t === requested);
  if (!tab) return undefined;
  if (!loggedIn && NEEDS_USER.includes(tab)) return 'login';
  if (loggedIn && NEEDS_VISITOR.includes(tab)) return 'userInformation';
  return tab;
}

/** `settings=<tab>`: a known tab opens on itself, any other value on the first tab. */
export function resolveSettingsTab(requested: string | null | undefined): SettingsTab | undefined {
  if (requested === null || requested === undefined) return undefined;
  return SETTINGS_TABS.find((t) => t === requested) ?? SETTINGS_TABS[0];
}

/** SPEC §2: mode=admin turns admin mode on, any other value off; no `mode` leaves it alone. */
export function resolveAdminMode(mode: string | null | undefined): boolean | undefined {
  if (mode === null || mode === undefined) return undefined;
  return mode === 'admin';
}

export interface QueryIntents {
  authTab?: AuthTab;
  settingsTab?: SettingsTab;
  adminMode?: boolean;
}

/**
 * The intents of a query string. `authTab` is the tab asked for, not yet resolved against the login
 * state: the auth dialog resolves it when it shows (resolveAuthTab), because a remembered sign-in
 * is restored after the address is read (issue 19: `?auth=logout` while signed in must log out).
 */
export function readQueryIntents(search: string): QueryIntents {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const out: QueryIntents = {};
  const authTab = AUTH_TABS.find((t) => t === q.get('auth'));
  if (authTab) out.authTab = authTab;
  const settingsTab = resolveSettingsTab(q.get('settings'));
  if (settingsTab) out.settingsTab = settingsTab;
  const adminMode = resolveAdminMode(q.get('mode'));
  if (adminMode !== undefined) out.adminMode = adminMode;
  return out;
}
