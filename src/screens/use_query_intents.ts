// Applies SPEC §2 query parameters (any route) with the pure rules of src/state/query_rules.ts:
// auth=<tab>, settings=<tab>, mode=admin. The auth dialog resolves the asked tab against the login
// state when it shows (a remembered sign-in may be restored before or after this runs: from cookies at
// start-up, src/start_early.ts, or later from the device's store; so `?auth=logout` while signed in logs out). Once the auth dialog is closed (by the user, or by a login or logout), `auth`
// leaves the address (issue 19), so a reload or a shared link does not reopen it.
import { useEffect } from 'react';
import { readQueryIntents } from '../state/query_rules.ts';
import { useUiStore } from '../state/ui_store.ts';
import { useLocationStore } from '../state/location_store.ts';

export function useQueryIntents(search: string): void {
  useEffect(() => {
    const intents = readQueryIntents(search);
    const ui = useUiStore.getState();
    if (intents.authTab) ui.openAuth(intents.authTab);
    if (intents.settingsTab) ui.openSettings(intents.settingsTab);
    if (intents.adminMode !== undefined) ui.setAdminMode(intents.adminMode);
  }, [search]);
  useEffect(
    () =>
      useUiStore.subscribe((s, prev) => {
        if (prev.authTab !== null && s.authTab === null) useLocationStore.getState().removeParams(['auth']);
      }),
    [],
  );
}
