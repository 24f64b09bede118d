// SPEC §3/§9: dates show in the app's time zone with its time format; the default 'L LT' is the
// localized short date plus short time. Intl does the localizing (no moment.js).
import { DEFAULT_TIME_FORMAT } from '../model/index.ts';

const STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  'L LT': { dateStyle: 'short', timeStyle: 'short' },
  L: { dateStyle: 'short' },
  LT: { timeStyle: 'short' },
  LL: { dateStyle: 'long' },
  'LL LT': { dateStyle: 'long', timeStyle: 'short' },
  LLL: { dateStyle: 'long', timeStyle: 'short' },
};

export function formatDate(value: unknown, opts: { locale: string; timeZone?: string; timeFormat?: string }): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (value == null || value === '' || Number.isNaN(date.getTime())) return String(value ?? '');
  const style = STYLES[opts.timeFormat ?? DEFAULT_TIME_FORMAT] ?? STYLES[DEFAULT_TIME_FORMAT];
  try {
    return new Intl.DateTimeFormat(opts.locale.replace('_', '-'), { ...style, timeZone: opts.timeZone }).format(date);
  } catch {
    // An unknown time zone in the config must not break the prompt.
    return new Intl.DateTimeFormat(opts.locale.replace('_', '-'), style).format(date);
  }
}
