// Every visible text goes through i18next: the four locale files must hold the same keys
// (plural forms aside: French and Spanish have a "many" form English and German do not).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ERRORS, LOCALES, SUCCESS } from '../../src/model/index.ts';

const DIR = resolve(import.meta.dirname, '../../src/i18n/locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [k: string]: string | Tree };
const load = (locale: string) => JSON.parse(readFileSync(resolve(DIR, `${locale}.json`), 'utf8')) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`.replace(PLURAL, '')] : keys(v, `${prefix}${k}.`),
  );
}

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : values(v)));
}

describe('locale resources', () => {
  const en = new Set(keys(load('en_US')));

  it.each(LOCALES.filter((l) => l !== 'en_US'))('%s has exactly the en_US keys', (locale) => {
    const other = new Set(keys(load(locale)));
    expect(
      [...en].filter((k) => !other.has(k)),
      `missing in ${locale}`,
    ).toEqual([]);
    expect(
      [...other].filter((k) => !en.has(k)),
      `only in ${locale}`,
    ).toEqual([]);
  });

  it.each(LOCALES)('%s has no empty texts', (locale) => {
    expect(values(load(locale)).filter((v) => v.trim() === '')).toEqual([]);
  });

  it('keeps the English catalogue texts identical to the model (SPEC §8)', () => {
    const en_US = load('en_US') as { errors: Record<string, string>; success: Record<string, string> };
    for (const [k, v] of Object.entries(en_US.errors)) expect(v).toBe(ERRORS[k as keyof typeof ERRORS]);
    expect(en_US.success).toEqual(SUCCESS);
  });

  it.each(LOCALES)('%s translates every catalogue error and success text (SPEC §8)', (locale) => {
    const tree = load(locale) as { errors: Record<string, string>; success: Record<string, string> };
    expect(Object.keys(ERRORS).filter((k) => !tree.errors[k])).toEqual([]);
    expect(Object.keys(SUCCESS).filter((k) => !tree.success[k])).toEqual([]);
  });

  it('translates the texts it claims to translate (no English copies outside names)', () => {
    const en_US = load('en_US') as { auth: Tree; settings: Tree };
    for (const locale of ['fr_FR', 'es_ES', 'de_DE']) {
      const other = load(locale) as { auth: Tree; settings: Tree };
      expect(other.auth.login).not.toBe(en_US.auth.login);
      expect(other.settings.title).not.toBe(en_US.settings.title);
    }
  });
});
