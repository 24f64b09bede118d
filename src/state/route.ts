// SPEC §2 routes: `/:appkey?` is the map (route name map), its child path `overview` the app
// overview, any other path the not-found page. Pure, so tests/unit/shell_rules.test.ts covers it.
import { isAppKeyShaped } from '../api/app_key.ts';

export type RouteName = 'map' | 'overview' | 'notFound';

export interface Route {
  name: RouteName;
  /** The key named by the path itself, if any (the app key may also come from ?appkey= or the hash). */
  pathKey?: string;
}

export function parseRoute(pathname: string): Route {
  const segments = pathname.split('/').filter((s) => s.length > 0);
  if (segments.length === 1 && segments[0] === 'index.html') return { name: 'map' };
  // Legacy addresses `/<key>/app/...` and `/<key>/app2/...` (SPEC §2) still open the map.
  const legacy = segments.findIndex((s, i) => i > 0 && (s === 'app' || s === 'app2') && isAppKeyShaped(segments[i - 1]));
  if (legacy > 0) return { name: 'map', pathKey: segments[legacy - 1] };
  const [first, second, ...rest] = segments;
  if (rest.length > 0) return { name: 'notFound' };
  if (first === undefined) return { name: 'map' };
  if (first === 'overview' && second === undefined) return { name: 'overview' };
  if (!isAppKeyShaped(first)) return { name: 'notFound' };
  if (second === undefined) return { name: 'map', pathKey: first };
  return second === 'overview' ? { name: 'overview', pathKey: first } : { name: 'notFound' };
}

/** The path of a route for the given key: `/key` or `/key/overview` (the key stays first, SPEC §2). */
export function routePath(name: Exclude<RouteName, 'notFound'>, appKey?: string): string {
  const base = appKey ? `/${appKey}` : '';
  return name === 'overview' ? `${base}/overview` : base || '/';
}
