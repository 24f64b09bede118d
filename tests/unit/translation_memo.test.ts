// Issue 17: plain t() lookups are remembered (src/i18n/translation_memo.ts). What a user reads must not
// change: every label in every language as i18next gives it, the language switched, texts added, and
// counts and values still put into their sentences.
import { describe, expect, it, vi } from 'vitest';
import i18next, { type i18n as I18n } from 'i18next';
import { resources } from '../../src/i18n/index.ts';
import { rememberPlainTranslations } from '../../src/i18n/translation_memo.ts';
import { LOCALES } from '../../src/model/index.ts';

async function instance(lng = 'en_US'): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources,
    lng,
    fallbackLng: 'en_US',
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18n;
}

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('remembered plain translations', () => {
  it('gives every label of every language as i18next does, the first time and again', async () => {
    const plain = await instance();
    const remembering = await instance();
    rememberPlainTranslations(remembering);
    const keys = keysOf(resources.en_US.translation);
    expect(keys.length).toBeGreaterThan(300);
    for (const lng of LOCALES) {
      await plain.changeLanguage(lng);
      await remembering.changeLanguage(lng);
      const fixed = remembering.getFixedT(lng);
      for (const key of keys) {
        const text = plain.t(key);
        expect(remembering.t(key)).toBe(text);
        expect(remembering.t(key)).toBe(text);
        expect(fixed(key)).toBe(text);
      }
    }
  });

  it('translates a plain key once, through react-i18next’s fixed t as through i18n.t', async () => {
    const i18n = await instance();
    rememberPlainTranslations(i18n);
    // i18next's translator: what every lookup not remembered runs.
    const { translator } = i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } };
    const translate = vi.spyOn(translator, 'translate');
    const t = i18n.getFixedT(null, null);
    expect(t('map.label')).toBe('Map');
    expect(t('map.label')).toBe('Map');
    expect(i18n.t('map.label')).toBe('Map');
    expect(translate).toHaveBeenCalledTimes(1);
    // A key prefix names another text: its own lookup.
    expect(i18n.getFixedT(null, null, 'map')('loading')).toBe('Loading map…');
    expect(translate).toHaveBeenCalledTimes(2);
  });

  it('follows the language and the texts added', async () => {
    const i18n = await instance();
    rememberPlainTranslations(i18n);
    const t = i18n.getFixedT(null, null);
    expect(t('map.label')).toBe('Map');
    await i18n.changeLanguage('de_DE');
    expect(t('map.label')).toBe('Karte');
    expect(i18n.getFixedT('fr_FR')('map.label')).toBe(resources.fr_FR.translation.map.label);
    i18n.addResource('de_DE', 'translation', 'map.label', 'Landkarte');
    expect(t('map.label')).toBe('Landkarte');
  });

  it('puts counts and values into their sentences on every call', async () => {
    const i18n = await instance();
    rememberPlainTranslations(i18n);
    const t = i18n.getFixedT(null, null);
    expect(t('app.featureCount', { count: 1 })).toBe('1 feature');
    expect(t('app.featureCount', { count: 135233 })).toBe('135233 features');
    expect(t('map.layerFailed', { layer: 'Cities' })).toBe('Layer Cities could not be loaded');
    expect(t('map.layerFailed', { layer: 'Roads' })).toBe('Layer Roads could not be loaded');
    expect(t('no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    expect(t('no.such.key', 'Another')).toBe('Another');
  });
});
