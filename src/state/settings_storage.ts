// SPEC §3 Settings kept per browser, in the data worker's local store (wa-sqlite, store "settings",
// SPEC §9), keyed by app key. Where the browser keeps no local database, localStorage holds them.
import { settingsSchema, THEME_MODES, type Settings } from '../model/index.ts';
import { getDataWorker } from '../map/data_worker_client.ts';

export type ThemeMode = (typeof THEME_MODES)[number];

/** What is stored: the SPEC §3 Settings plus the theme choice (theme settings, SPEC §2). */
export type StoredSettings = Settings & { themeMode?: ThemeMode };

export interface SettingsStorage {
  /** `appName` names the local database (SPEC §9); the app key is the key inside it. */
  load(appKey: string, appName?: string): Promise<StoredSettings | null>;
  save(appKey: string, settings: StoredSettings, appName?: string): Promise<void>;
}

/** Layers are the app's, not the user's: they come from the config at every start. */
function storable(settings: StoredSettings) {
  const { layersConfig: _l, baseLayersConfig: _b, ...rest } = settings;
  return rest;
}

const PREFIX = 'mapdraft.settings.';

export function parseStoredSettings(raw: unknown): StoredSettings | null {
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) return null;
  const mode = (raw as { themeMode?: unknown }).themeMode;
  const themeMode = THEME_MODES.find((m) => m === mode);
  return themeMode ? { ...parsed.data, themeMode } : parsed.data;
}

export function localStorageSettings(storage: Storage = globalThis.localStorage): SettingsStorage {
  return {
    async load(appKey) {
      const text = storage.getItem(PREFIX + appKey);
      if (!text) return null;
      try {
        return parseStoredSettings(JSON.parse(text));
      } catch {
        return null; // a broken entry is as good as none: defaults apply
      }
    },
    async save(appKey, settings) {
      storage.setItem(PREFIX + appKey, JSON.stringify(storable(settings)));
    },
  };
}

/** The local store first; localStorage when the store is unavailable (no worker, no OPFS/IndexedDB). */
export function localStoreSettings(fallback: SettingsStorage = localStorageSettings()): SettingsStorage {
  return {
    async load(appKey, appName) {
      try {
        const raw = await getDataWorker().getStoredValue({ appName, store: 'settings', key: appKey });
        if (raw !== undefined) return parseStoredSettings(raw);
      } catch {
        // fall through to the fallback
      }
      return fallback.load(appKey, appName);
    },
    async save(appKey, settings, appName) {
      try {
        await getDataWorker().putStoredValue({ appName, store: 'settings', key: appKey, value: storable(settings) });
      } catch {
        await fallback.save(appKey, settings, appName);
      }
    },
  };
}

export const settingsStorage: SettingsStorage = localStoreSettings();
