// Settings as the user sees them (SPEC §3 Settings): defaults from the app configuration, then the
// stored choices (src/state/settings_storage.ts). The theme mode lives here too (SPEC §1 dark/light).
import { create } from 'zustand';
import { LOCALES, settingsSchema, THEME_MODES, type AppConfig, type Locale } from '../model/index.ts';
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

let hostZoneAsked: Promise<void> | undefined;

/**
 * Takes the host's zone as `lookUp` (the data worker's `hostTimeZone`) finds it, so that guessTimeZone()
 * does not look it up on the main thread; asked once per page (later calls share the first answer); a
 * guess already made stands, and an empty or failed answer leaves the guess to Intl.
 */
export function learnHostTimeZone(lookUp: () => Promise<string>): Promise<void> {
  hostZoneAsked ??= lookUp().then(
    (zone) => {
      if (zone) guessedTimeZone ??= zone;
    },
    () => undefined,
  );
  return hostZoneAsked;
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
const LANGUAGE_KEY = 'mapdraft.language.';

function remembered(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The theme mode last used for this app on this device, read synchronously: the stored settings
 * arrive from the local database a moment after the first paint, and a dark-theme user must not see
 * the app flash light meanwhile (issue 19). A mirror of the stored choice, never the source of it.
 */
export function rememberedThemeMode(appKey: string): ThemeMode | undefined {
  const mode = remembered(THEME_KEY + appKey);
  return THEME_MODES.find((m) => m === mode);
}

/**
 * The language last used for this app on this device, mirrored like the theme mode: the local
 * database answers late in a large open (its worker is busy with the layers), and a French user saw
 * the app in English for 0.8 s (2.1 s at 4×, 135k cities) before every text changed (issue 17).
 */
export function rememberedLanguage(appKey: string): Locale | undefined {
  const language = remembered(LANGUAGE_KEY + appKey);
  return LOCALES.find((l) => l === language);
}

/** What the first paint needs of the settings, kept where it is read synchronously. */
function rememberFirstPaint(appKey: string, settings: StoredSettings): void {
  try {
    if (settings.themeMode) globalThis.localStorage?.setItem(THEME_KEY + appKey, settings.themeMode);
    globalThis.localStorage?.setItem(LANGUAGE_KEY + appKey, settings.defaultLanguage);
  } catch {
    // Private mode without storage: the first paint uses the app's theme and language.
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
    rememberFirstPaint(appKey, settings);
  },
  async update(patch, storage = settingsStorage) {
    const settings = { ...get().settings, ...patch };
    set({ settings });
    const { appKey, appName } = get();
    if (!appKey) return;
    rememberFirstPaint(appKey, settings);
    await storage.save(appKey, settings, appName);
  },
}));

export type { ThemeMode };
