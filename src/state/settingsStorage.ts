// SPEC §3 Settings kept per browser. The data worker's local store (wa-sqlite, store "settings",
// SPEC §9) is meant to hold them; until workers/data/local_store.ts is finished this async
// interface is backed by localStorage, so swapping the backend changes no caller.
import { settingsSchema, THEME_MODES, type Settings } from '../model/index.ts';

export type ThemeMode = (typeof THEME_MODES)[number];

/** What is stored: the SPEC §3 Settings plus the theme choice (theme settings, SPEC §2). */
export type StoredSettings = Settings & { themeMode?: ThemeMode };

export interface SettingsStorage {
  load(appKey: string): Promise<StoredSettings | null>;
  save(appKey: string, settings: StoredSettings): Promise<void>;
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
      // Layers are the app's, not the user's: they come from the config at every start.
      const { layersConfig: _l, baseLayersConfig: _b, ...rest } = settings;
      storage.setItem(PREFIX + appKey, JSON.stringify(rest));
    },
  };
}

export const settingsStorage: SettingsStorage = localStorageSettings();
