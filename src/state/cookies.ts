// SPEC §4 cookie consent (accept or decline, kept COOKIE_CONSENT_DAYS = 1825 days) and the user
// cookies login sets (user, user id, session id, user record). Declined → no user data in cookies.
import { COOKIE_CONSENT_DAYS } from '../model/index.ts';

export const CONSENT_COOKIE = 'mapdraft_cookie_consent';
export const USER_COOKIES = {
  user: 'mapdraft_user',
  userId: 'mapdraft_user_id',
  sessionId: 'mapdraft_session_id',
  userRecord: 'mapdraft_user_record',
} as const;

export type Consent = 'accepted' | 'declined';
const DAY_S = 24 * 60 * 60;

export function readCookie(name: string, source = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/**
 * The cookie string for `document.cookie`; pure so the max-age rule is unit-tested. Without `days`
 * it is a session cookie, gone when the browser closes.
 */
export function cookieString(name: string, value: string, days?: number): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = days === undefined ? '' : `; Max-Age=${Math.round(days * DAY_S)}`;
  return `${name}=${encodeURIComponent(value)}${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function writeCookie(name: string, value: string, days?: number): void {
  document.cookie = cookieString(name, value, days);
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}

export function readConsent(): Consent | undefined {
  const v = readCookie(CONSENT_COOKIE);
  return v === 'accepted' || v === 'declined' ? v : undefined;
}

export function storeConsent(choice: Consent): void {
  writeCookie(CONSENT_COOKIE, choice, COOKIE_CONSENT_DAYS);
  // Declining takes back what was stored before: no user data is kept in cookies (SPEC §4).
  if (choice === 'declined') clearUserCookies();
}

/** User cookies may be written only after consent was given and the app allows cookies (SPEC §3 useCookies). */
export function userCookiesAllowed(useCookies: boolean, consent: Consent | undefined): boolean {
  return useCookies && consent === 'accepted';
}

export function clearUserCookies(): void {
  for (const name of Object.values(USER_COOKIES)) deleteCookie(name);
}
