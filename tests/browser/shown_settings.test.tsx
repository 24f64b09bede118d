// Issue 17: the stored settings are read from the local database, which in a large first open answers
// late (its worker busy with the layers). The shell shows two of them, the language and the theme
// mode; their arrival must re-render it only when they differ from what it already shows, and a stored
// choice must show, from the next open's first paint on (issues 17, 19).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { useShownSettings, type ShownSettings } from '../../src/screens/use_shown_settings.ts';
import { settingsFromConfig, useSettingsStore } from '../../src/state/settings_store.ts';
import type { SettingsStorage, StoredSettings } from '../../src/state/settings_storage.ts';
import { byTestId, render, shellConfig, unmount } from './shell_harness.tsx';

const KEY = 'c'.repeat(32);
const config = shellConfig('');
const initial = useSettingsStore.getState();

/** A local database that holds `stored` for every app. */
const storage = (stored: StoredSettings | null): SettingsStorage => ({ load: async () => stored, save: async () => undefined });

function forgetDevice() {
  for (const key of Object.keys(localStorage)) if (key.endsWith(KEY)) localStorage.removeItem(key);
}

beforeEach(forgetDevice);
afterEach(async () => {
  await unmount();
  useSettingsStore.setState(initial, true);
  forgetDevice();
});

function Probe({ renders }: { renders: ShownSettings[] }) {
  const shown = useShownSettings(KEY, config);
  renders.push(shown);
  return <div data-testid="shown">{`${shown.language} ${shown.themeMode}`}</div>;
}

describe('the settings the shell shows', () => {
  it('renders nothing when the stored settings read are the ones shown', async () => {
    const renders: ShownSettings[] = [];
    await render(<Probe renders={renders} />);
    expect(byTestId('shown')!.textContent).toBe(`${config.defaultLanguage} ${config.themeMode}`);
    const before = renders.length;
    // A first visit: nothing stored, the configuration's settings are read as the device's.
    await act(() => useSettingsStore.getState().init(KEY, config, storage(null)));
    expect(useSettingsStore.getState().loaded).toBe(true);
    expect(renders.length).toBe(before);
  });

  it('shows a stored language and theme once read, and from the first render of the next open', async () => {
    const renders: ShownSettings[] = [];
    await render(<Probe renders={renders} />);
    const stored: StoredSettings = { ...settingsFromConfig(config), defaultLanguage: 'fr_FR', themeMode: 'dark' };
    await act(() => useSettingsStore.getState().init(KEY, config, storage(stored)));
    expect(byTestId('shown')!.textContent).toBe('fr_FR dark');

    // The next open: the local database not read yet.
    await unmount();
    useSettingsStore.setState(initial, true);
    const next: ShownSettings[] = [];
    await render(<Probe renders={next} />);
    expect(next[0]).toEqual({ language: 'fr_FR', themeMode: 'dark' });
  });
});
