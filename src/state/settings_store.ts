// Settings as the user sees them (SPEC §3 Settings): defaults from the app configuration, then the
// stored choices (src/state/settings_storage.ts). The theme mode lives here too (SPEC §1 dark/light).
import { create } from 'zustand';
import { settingsSchema, THEME_MODES, type AppConfig, type Settings } from '../model/index.ts';
import { settingsStorage, type SettingsStorage, type StoredSettings, type ThemeMode } from './settings_storage.ts';

let guessedTimeZone: string | undefined;

/**
 * SPEC §9: time zone from settings or guessed. Asked once: the first answer costs tens of ms of
 * main-thread time (the host's zone looked up), so nothing on the first screen asks (issue 17).
 */
export function guessTimeZone(): string {
  if (guessedTimeZone) return guessedTimeZone;
  try {
    guessedTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    guessedTimeZone = 'UTC';
  }
  return guessedTimeZone;
}

/** App configuration → the settings a first-time user starts with. */
export function settingsFromConfig(config: AppConfig): StoredSettings {
  return {
    ...settingsSchema.parse({
      timeZone: config.timeZone,
      timeFormat: config.timeFormat,
      defaultLanguage: config.defaultLanguage,
      startZoomUserCentered: config.startZoomUserCentered,
      geolocationFeaturesVisible: config.geolocationFeaturesVisible,
      requireAuth: config.requireAuth,
      useCookies: config.useCookies,
    }),
    themeMode: config.themeMode,
  };
}

const THEME_KEY = 'mapdraft.themeMode.';

/**
 * The theme mode last used for this app on this device, read synchronously: the stored settings
 * arrive from the local database a moment after the first paint, and a dark-theme user must not see
 * the app flash light meanwhile (issue 19). A mirror of the stored choice, never the source of it.
 */
export function rememberedThemeMode(appKey: string): ThemeMode | undefined {
  try {
    const mode = globalThis.localStorage?.getItem(THEME_KEY + appKey);
    return (THEME_MODES as readonly string[]).includes(mode ?? '') ? (mode as ThemeMode) : undefined;
  } catch {
    return undefined;
  }
}

function rememberThemeMode(appKey: string, mode: ThemeMode | undefined): void {
  try {
    if (mode) globalThis.localStorage?.setItem(THEME_KEY + appKey, mode);
  } catch {
    // Private mode without storage: the first paint uses the app's theme.
  }
}

interface SettingsState {
  appKey: string | null;
  settings: StoredSettings;
  /** Names the local database the settings live in (SPEC §9). */
  appName?: string;
  /** True once stored settings (if any) were read; the language is applied only then. */
  loaded: boolean;
  init: (appKey: string, config: AppConfig, storage?: SettingsStorage) => Promise<void>;
  update: (patch: Partial<StoredSettings>, storage?: SettingsStorage) => Promise<void>;
}

export const useSettingsStore = create<SettingsState>((set, get) => ({
  appKey: null,
  settings: { ...settingsSchema.parse({}), themeMode: 'light' },
  loaded: false,
  async init(appKey, config, storage = settingsStorage) {
    const stored = await storage.load(appKey, config.appName).catch(() => null);
    const base = settingsFromConfig(config);
    const settings = { ...base, ...(stored ?? {}) };
    set({ appKey, appName: config.appName, settings, loaded: true });
    rememberThemeMode(appKey, settings.themeMode);
  },
  async update(patch, storage = settingsStorage) {
    const settings = { ...get().settings, ...patch };
    set({ settings });
    const { appKey, appName } = get();
    if (!appKey) return;
    rememberThemeMode(appKey, settings.themeMode);
    await storage.save(appKey, settings, appName);
  },
}));

export function effectiveTimeZone(s: Settings): string {
  return s.timeZone || guessTimeZone();
}

export type { ThemeMode };
