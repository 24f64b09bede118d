// Applies SPEC §2 query parameters (any route) with the pure rules of src/state/query_rules.ts:
// auth=<tab>, settings=<tab>, mode=admin. Parameters stay in the address and are re-read when it
// changes; the login state at that moment decides the tab (a logged-in user asking for login gets
// user information).
import { useEffect } from 'react';
import { readQueryIntents } from '../state/query_rules.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { useUiStore } from '../state/ui_store.ts';

export function useQueryIntents(search: string): void {
  const loggedIn = useAuthStore(isLoggedIn);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the login state is read, not a trigger: signing in with ?auth=login still in the address must not reopen the dialog
  useEffect(() => {
    const intents = readQueryIntents(search, loggedIn);
    const ui = useUiStore.getState();
    if (intents.authTab) ui.openAuth(intents.authTab);
    if (intents.settingsTab) ui.openSettings(intents.settingsTab);
    if (intents.adminMode !== undefined) ui.setAdminMode(intents.adminMode);
  }, [search]);
}
