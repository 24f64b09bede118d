// SPEC §2: the app key comes from the route `/:appkey?`, the `appkey` query parameter,
// a 32-character path segment before /app/ or /app2/, or the hash. Pure: no DOM access,
// so it is unit-tested in node (tests/unit/app_key.test.ts).

import { APP_KEY_PATTERN } from '../model/index.ts';

/** SPEC §1: 32 characters, letters and digits (the model's pattern). */
const KEY_RE = APP_KEY_PATTERN;

export interface LocationParts {
  pathname: string;
  search?: string;
  hash?: string;
}

export function isAppKeyShaped(value: string | null | undefined): value is string {
  return typeof value === 'string' && KEY_RE.test(value);
}

function fromQuery(search: string): string | undefined {
  const q = search.startsWith('?') ? search.slice(1) : search;
  if (!q) return undefined;
  const key = new URLSearchParams(q).get('appkey');
  return isAppKeyShaped(key) ? key : undefined;
}

function fromPath(pathname: string): string | undefined {
  const segments = pathname.split('/').filter((s) => s.length > 0);
  // Legacy deployments: `/<key>/app/...` or `/<prefix>/<key>/app2/...`.
  for (let i = 1; i < segments.length; i++) {
    if ((segments[i] === 'app' || segments[i] === 'app2') && isAppKeyShaped(segments[i - 1])) {
      return segments[i - 1];
    }
  }
  // Route `/:appkey?` (child routes such as `/:appkey/overview` keep the key first).
  return isAppKeyShaped(segments[0]) ? segments[0] : undefined;
}

function fromHash(hash: string): string | undefined {
  const h = hash.replace(/^#!?/, '');
  if (!h) return undefined;
  const q = h.indexOf('?');
  if (q >= 0) {
    const key = fromQuery(h.slice(q));
    if (key) return key;
  }
  return fromPath(q >= 0 ? h.slice(0, q) : h);
}

/** Returns the app key found in the location, or undefined when there is none. */
export function parseAppKey(loc: LocationParts): string | undefined {
  return fromQuery(loc.search ?? '') ?? fromPath(loc.pathname) ?? fromHash(loc.hash ?? '');
}

/** The key the app runs with: the one in the URL, else the demo app (so `/` shows the demo). */
export function resolveAppKey(loc: LocationParts, demoKey: string): string {
  return parseAppKey(loc) ?? demoKey;
}
