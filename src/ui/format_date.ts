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

/**
 * One formatter per locale, zone and format: building an Intl.DateTimeFormat costs far more than
 * formatting with one (a list of dates, such as the review queue's rows, formats hundreds).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, timeZone: string | undefined, timeFormat: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${timeFormat}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const style = STYLES[timeFormat] ?? STYLES[DEFAULT_TIME_FORMAT];
    try {
      formatter = new Intl.DateTimeFormat(locale.replace('_', '-'), { ...style, timeZone });
    } catch {
      // An unknown time zone in the config must not break the prompt.
      formatter = new Intl.DateTimeFormat(locale.replace('_', '-'), style);
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatDate(value: unknown, opts: { locale: string; timeZone?: string; timeFormat?: string }): string {
  const date = value instanceof Date ? value : new Date(String(value));
  if (value == null || value === '' || Number.isNaN(date.getTime())) return String(value ?? '');
  return formatterFor(opts.locale, opts.timeZone, opts.timeFormat ?? DEFAULT_TIME_FORMAT).format(date);
}

/**
 * Makes ahead, in two idle periods, what the first date shown would otherwise make inside a render:
 * the time zone (`timeZone()`, a guess of the host's zone) and its formatter. Each is one native
 * call of tens of ms on a slow phone (issue 14: the review queue's first rows at CPU 4×).
 */
export function prepareDateFormat(
  timeZone: () => string | undefined,
  opts: { locale: string; timeFormat?: string },
  idle: (task: () => void) => void,
): void {
  idle(() => {
    const zone = timeZone();
    idle(() => formatterFor(opts.locale, zone, opts.timeFormat ?? DEFAULT_TIME_FORMAT));
  });
}
