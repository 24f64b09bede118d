// App key and app lifecycle rules (SPEC §1, §2, §4).
import { APP_KEY_PATTERN, INACTIVE_APP_MONTHS } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

export function isValidAppKey(value: unknown): value is string {
  return typeof value === 'string' && APP_KEY_PATTERN.test(value);
}

/** Missing key → NO_APP_KEY_DEFINED (CONTRACT.md: 400), as is a malformed one. */
export function validateAppKey(value: unknown): RuleResult {
  return isValidAppKey(value) ? OK : fail('NO_APP_KEY_DEFINED');
}

/**
 * SPEC §2: the key comes from ?appkey=, else a 32-character path segment before /app/ or /app2/,
 * else the hash; the router's /:appkey path segment is accepted too.
 */
export function appKeyFromLocation(loc: { pathname?: string; search?: string; hash?: string }): string | null {
  const query = new URLSearchParams(loc.search ?? '').get('appkey');
  if (isValidAppKey(query)) return query;
  const segments = (loc.pathname ?? '').split('/').filter(Boolean);
  const appIndex = segments.findIndex((s) => s === 'app' || s === 'app2');
  if (appIndex > 0 && isValidAppKey(segments[appIndex - 1])) return segments[appIndex - 1];
  const first = segments[0];
  if (isValidAppKey(first)) return first;
  const hash = (loc.hash ?? '').replace(/^#\/?/, '');
  const fromHash = new URLSearchParams(hash.includes('=') ? hash : '').get('appkey') ?? hash.split('/')[0];
  return isValidAppKey(fromHash) ? fromHash : null;
}

/** SPEC §3: activation status derives from activatedAt. */
export function isAppActivated(record: { activatedAt?: string | Date | null }): boolean {
  return record.activatedAt != null;
}

/** SPEC §4: an app never activated is deleted three months after creation. */
export function isInactiveAppExpired(record: { createdAt: string | Date; activatedAt?: string | Date | null }, now: Date): boolean {
  if (isAppActivated(record)) return false;
  const limit = new Date(record.createdAt);
  limit.setUTCMonth(limit.getUTCMonth() + INACTIVE_APP_MONTHS);
  return now.getTime() >= limit.getTime();
}
