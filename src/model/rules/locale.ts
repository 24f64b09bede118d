// SPEC §5: language must be one of the four supported locale values.
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function validateLocale(value: unknown): RuleResult {
  return isSupportedLocale(value) ? OK : fail('INVALID_LOCALE');
}

/** A supported locale from user input, else the default (SPEC §1: en_US). */
export function resolveLocale(value: unknown): Locale {
  return isSupportedLocale(value) ? value : DEFAULT_LOCALE;
}
