// SPEC §2 query parameters on any route, applied by useQueryIntents with the pure rules, and the
// overview rule (closing both drawers, resetting the left drawer status).
import { afterEach, describe, expect, inject, it } from 'vitest';
import { act } from 'react';
import { AuthDialog } from '../../src/dialogs/AuthDialog.tsx';
import { SettingsDialog } from '../../src/dialogs/SettingsDialog.tsx';
import { useQueryIntents } from '../../src/screens/use_query_intents.ts';
import { useUiStore } from '../../src/state/ui_store.ts';
import { useAuthStore } from '../../src/state/auth_store.ts';
import { findByTestId, render, shellConfig, unmount } from './shell_harness.tsx';

const config = shellConfig(inject('apiBase'));
afterEach(unmount);

function Intents({ search }: { search: string }) {
  useQueryIntents(search);
  return (
    <>
      <AuthDialog config={config} appKey="demodemodemodemodemodemodemodemo" />
      <SettingsDialog config={config} />
    </>
  );
}

describe('query parameters', () => {
  it('?auth=logout while logged out opens the login tab', async () => {
    await render(<Intents search="?auth=logout" />);
    expect((await findByTestId('auth-dialog')).getAttribute('data-tab')).toBe('login');
  });

  it('?auth=login while logged in opens user information', async () => {
    useAuthStore.setState({ status: 'authenticated', user: { username: 'user', id: 2 }, sessionId: 's' });
    await render(<Intents search="?auth=login" />);
    expect((await findByTestId('auth-dialog')).getAttribute('data-tab')).toBe('userInformation');
  });

  it('?settings=time opens the settings dialog on that tab', async () => {
    await render(<Intents search="?settings=time" />);
    expect((await findByTestId('settings-dialog')).getAttribute('data-tab')).toBe('time');
    await findByTestId('timezone-select');
  });

  it('?mode=admin turns admin mode on, another value off', async () => {
    await render(<Intents search="?mode=admin" />);
    expect(useUiStore.getState().adminMode).toBe(true);
    await render(<Intents search="?mode=off" />);
    expect(useUiStore.getState().adminMode).toBe(false);
  });

  it('opening the overview closes both drawers and resets the left drawer status', () => {
    act(() => useUiStore.setState({ leftOpen: true, rightOpen: true, leftStatus: 'legend' }));
    act(() => useUiStore.getState().enterOverview());
    expect(useUiStore.getState()).toMatchObject({ leftOpen: false, rightOpen: false, leftStatus: 'default' });
  });
});
