// SPEC §3/§9 dates: the app's time zone and time format, localized by Intl. Formatters are kept per
// locale, zone and format (issue 14: the review queue formats a date on every row), so each of those
// must still give its own answer.
import { describe, expect, it, vi } from 'vitest';
import { formatDate, prepareDateFormat } from '../../src/ui/format_date.ts';

const NOON_UTC = '2026-03-14T12:00:00Z';

describe('formatDate', () => {
  it('shows the instant in the app time zone, each zone its own', () => {
    expect(formatDate(NOON_UTC, { locale: 'en_US', timeZone: 'Europe/Paris', timeFormat: 'LT' })).toBe('1:00 PM');
    expect(formatDate(NOON_UTC, { locale: 'en_US', timeZone: 'America/New_York', timeFormat: 'LT' })).toBe('8:00 AM');
    // Asked again, after another zone: still Paris.
    expect(formatDate(NOON_UTC, { locale: 'en_US', timeZone: 'Europe/Paris', timeFormat: 'LT' })).toBe('1:00 PM');
  });

  it('localizes by the language and follows the time format', () => {
    expect(formatDate(NOON_UTC, { locale: 'de_DE', timeZone: 'UTC' })).toBe('14.03.26, 12:00');
    expect(formatDate(NOON_UTC, { locale: 'fr_FR', timeZone: 'UTC', timeFormat: 'L' })).toBe('14/03/2026');
    expect(formatDate(NOON_UTC, { locale: 'en_US', timeZone: 'UTC', timeFormat: 'LL' })).toBe('March 14, 2026');
  });

  it('falls back to the browser zone for a zone Intl does not know, and shows bad values as they are', () => {
    const local = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' }).format(new Date(NOON_UTC));
    expect(formatDate(NOON_UTC, { locale: 'en_US', timeZone: 'Mars/Olympus', timeFormat: 'L' })).toBe(local);
    expect(formatDate('not a date', { locale: 'en_US' })).toBe('not a date');
    expect(formatDate(null, { locale: 'en_US' })).toBe('');
  });
});

describe('prepareDateFormat', () => {
  it('guesses the zone in one idle period and builds its formatter in the next, so the first date shown builds none', () => {
    const queue: (() => void)[] = [];
    const idle = (task: () => void) => queue.push(task);
    const zone = vi.fn(() => 'Asia/Tokyo');
    prepareDateFormat(zone, { locale: 'en_GB', timeFormat: 'LT' }, idle);
    expect(zone).not.toHaveBeenCalled(); // nothing before the page is idle
    queue.shift()!();
    expect(zone).toHaveBeenCalledTimes(1);
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    queue.shift()!();
    expect(made).toHaveBeenCalledTimes(1);
    expect(queue).toHaveLength(0);
    // The row's own call finds the formatter made ahead.
    expect(formatDate(NOON_UTC, { locale: 'en_GB', timeZone: 'Asia/Tokyo', timeFormat: 'LT' })).toBe('21:00');
    expect(made).toHaveBeenCalledTimes(1);
    made.mockRestore();
  });
});
