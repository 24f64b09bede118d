// i18next set-up (SPEC §1: en_US default, fr_FR, es_ES, de_DE). Resources are bundled: the app
// must translate offline, and four small JSON files cost less than a lazy-load round trip.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, ERRORS, LOCALES, type Locale } from '../model/index.ts';
import { rememberPlainTranslations } from './translation_memo.ts';
import en_US from './locales/en_US.json';
import fr_FR from './locales/fr_FR.json';
import es_ES from './locales/es_ES.json';
import de_DE from './locales/de_DE.json';

export const resources = {
  // English error texts are the model's exact SPEC §8 wording, so they cannot drift from the server's.
  en_US: { translation: { ...en_US, errors: { ...en_US.errors, ...ERRORS } } },
  fr_FR: { translation: fr_FR },
  es_ES: { translation: es_ES },
  de_DE: { translation: de_DE },
} satisfies Record<Locale, { translation: unknown }>;

/** Picks a supported locale from browser languages such as 'fr-CA' or 'de'; else the default. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const [lang, region] = tag.replace('-', '_').split('_');
    const exact = LOCALES.find((l) => l === `${lang}_${region?.toUpperCase()}`);
    if (exact) return exact;
    const sameLang = LOCALES.find((l) => l.startsWith(`${lang.toLowerCase()}_`));
    if (sameLang) return sameLang;
  }
  return DEFAULT_LOCALE;
}

export async function initI18n(lng: Locale = DEFAULT_LOCALE): Promise<typeof i18n> {
  if (!i18n.isInitialized) {
    await i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      interpolation: { escapeValue: false }, // React escapes already
      returnNull: false,
    });
    rememberPlainTranslations(i18n);
  }
  return i18n;
}

export default i18n;
