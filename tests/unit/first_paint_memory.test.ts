// The theme mode and the language are mirrored synchronously (src/state/settings_store.ts), so a reload
// paints in the user's theme and language before the stored settings arrive from the local database
// (issue 19: no light flash; issue 17: no English first paint for a French user).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../src/model/index.ts';
import type { SettingsStorage, StoredSettings } from '../../src/state/settings_storage.ts';
import { rememberedLanguage, rememberedThemeMode, useSettingsStore } from '../../src/state/settings_store.ts';

const APP = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

/** The browser's localStorage, as far as the mirror uses it. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

function database(stored: StoredSettings | null): SettingsStorage {
  let kept = stored;
  return {
    load: async () => kept,
    save: async (_key, settings) => {
      kept = settings;
    },
  };
}

const config = appConfigSchema.parse({ appName: 'Theme test' });

beforeEach(() => {
  Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, 'localStorage');
});

describe('the remembered theme mode', () => {
  it('is the mode chosen last for that app, and nothing for an app never opened here', async () => {
    const db = database(null);
    await useSettingsStore.getState().init(APP, config, db);
    expect(rememberedThemeMode(APP)).toBe(config.themeMode);
    await useSettingsStore.getState().update({ themeMode: 'dark' }, db);
    expect(rememberedThemeMode(APP)).toBe('dark');
    expect(rememberedThemeMode(OTHER)).toBeUndefined();
  });

  it('follows the stored settings when they are read (another tab may have changed them)', async () => {
    globalThis.localStorage.setItem(`mapdraft.themeMode.${APP}`, 'dark');
    await useSettingsStore.getState().init(APP, config, database({ ...useSettingsStore.getState().settings, themeMode: 'light' }));
    expect(rememberedThemeMode(APP)).toBe('light');
  });

  it('ignores what is not a theme mode, and a browser without storage', () => {
    globalThis.localStorage.setItem(`mapdraft.themeMode.${APP}`, 'purple');
    expect(rememberedThemeMode(APP)).toBeUndefined();
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(rememberedThemeMode(APP)).toBeUndefined();
  });
});

describe('the remembered language', () => {
  it('is the language chosen last for that app, and nothing for an app never opened here', async () => {
    const db = database(null);
    await useSettingsStore.getState().init(APP, appConfigSchema.parse({ appName: 'Language test', defaultLanguage: 'de_DE' }), db);
    expect(rememberedLanguage(APP)).toBe('de_DE');
    await useSettingsStore.getState().update({ defaultLanguage: 'fr_FR' }, db);
    expect(rememberedLanguage(APP)).toBe('fr_FR');
    expect(rememberedLanguage(OTHER)).toBeUndefined();
  });

  it('follows the stored settings when they are read', async () => {
    globalThis.localStorage.setItem(`mapdraft.language.${APP}`, 'fr_FR');
    await useSettingsStore.getState().init(APP, config, database({ ...useSettingsStore.getState().settings, defaultLanguage: 'es_ES' }));
    expect(rememberedLanguage(APP)).toBe('es_ES');
  });

  it('ignores what is not one of the four languages, and a browser without storage', () => {
    globalThis.localStorage.setItem(`mapdraft.language.${APP}`, 'it_IT');
    expect(rememberedLanguage(APP)).toBeUndefined();
    Reflect.deleteProperty(globalThis, 'localStorage');
    expect(rememberedLanguage(APP)).toBeUndefined();
  });
});
