// The two settings the shell itself shows: the language and the theme mode (SPEC §3 Settings, SPEC §1
// dark/light). Until the stored settings are read, the ones last used on this device (no light flash for
// a dark theme, no English flash for a French user: issue 19, issue 17), else the app configuration's.
import { rememberedLanguage, rememberedThemeMode, useSettingsStore } from '../state/settings_store.ts';
import type { AppConfig, Locale } from '../model/index.ts';
import type { ThemeMode } from '../state/settings_storage.ts';

export interface ShownSettings {
  language: Locale;
  themeMode: ThemeMode;
}

/**
 * Each setting is read from the store as one value, so the stored settings' arrival re-renders the shell
 * only where they differ from what it shows (issue 17: that read, late in a large open, re-rendered
 * the whole shell in one 62 ms task at 4× slowdown).
 */
export function useShownSettings(appKey: string, config: AppConfig): ShownSettings {
  const language = useSettingsStore((s) =>
    s.loaded ? s.settings.defaultLanguage : (rememberedLanguage(appKey) ?? config.defaultLanguage),
  );
  const themeMode = useSettingsStore((s) => (s.loaded ? s.settings.themeMode : rememberedThemeMode(appKey)) ?? config.themeMode);
  return { language, themeMode };
}
