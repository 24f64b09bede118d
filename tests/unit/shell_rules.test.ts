// SPEC §2 routes and query parameters (src/state/route.ts, src/state/query_rules.ts).
import { describe, expect, it } from 'vitest';
import { parseRoute, routePath } from '../../src/state/route.ts';
import { readQueryIntents, resolveAdminMode, resolveAuthTab, resolveSettingsTab } from '../../src/state/query_rules.ts';

const K = 'abcdefghijklmnopqrstuvwxyz012345';

describe('parseRoute (SPEC §2 routes)', () => {
  it('opens the map at / and at /:appkey', () => {
    expect(parseRoute('/')).toEqual({ name: 'map' });
    expect(parseRoute(`/${K}`)).toEqual({ name: 'map', pathKey: K });
    expect(parseRoute(`/${K}/`)).toEqual({ name: 'map', pathKey: K });
  });

  it('opens the overview as the child path of the map route', () => {
    expect(parseRoute(`/${K}/overview`)).toEqual({ name: 'overview', pathKey: K });
    expect(parseRoute('/overview')).toEqual({ name: 'overview' });
  });

  it('keeps legacy /<key>/app/ and /<key>/app2/ addresses on the map', () => {
    expect(parseRoute(`/${K}/app/`)).toEqual({ name: 'map', pathKey: K });
    expect(parseRoute(`/prefix/${K}/app2/index.html`)).toEqual({ name: 'map', pathKey: K });
  });

  it('sends any other path to the not-found page', () => {
    expect(parseRoute('/nope').name).toBe('notFound');
    expect(parseRoute(`/${K}/settings`).name).toBe('notFound');
    expect(parseRoute(`/${K}/overview/more`).name).toBe('notFound');
    expect(parseRoute('/short-key/overview').name).toBe('notFound');
  });

  it('builds paths that parse back to the same route', () => {
    expect(parseRoute(routePath('overview', K))).toEqual({ name: 'overview', pathKey: K });
    expect(parseRoute(routePath('map', K))).toEqual({ name: 'map', pathKey: K });
    expect(routePath('map')).toBe('/');
  });
});

describe('auth=<tab> (SPEC §2)', () => {
  it('opens the named tab when it fits the login state', () => {
    expect(resolveAuthTab('login', false)).toBe('login');
    expect(resolveAuthTab('register', false)).toBe('register');
    expect(resolveAuthTab('userInformation', true)).toBe('userInformation');
    expect(resolveAuthTab('logout', true)).toBe('logout');
  });

  it('sends a logged-out visitor asking for user information or logout to login', () => {
    expect(resolveAuthTab('userInformation', false)).toBe('login');
    expect(resolveAuthTab('logout', false)).toBe('login');
  });

  it('sends a logged-in user asking for login or register to user information', () => {
    expect(resolveAuthTab('login', true)).toBe('userInformation');
    expect(resolveAuthTab('register', true)).toBe('userInformation');
  });

  it('ignores unknown or missing values', () => {
    expect(resolveAuthTab('admin', false)).toBeUndefined();
    expect(resolveAuthTab(null, true)).toBeUndefined();
  });
});

describe('settings=<tab> and mode (SPEC §2)', () => {
  it('opens the named settings tab, the first for an unknown one, nothing when absent', () => {
    expect(resolveSettingsTab('time')).toBe('time');
    expect(resolveSettingsTab('layer')).toBe('layer');
    expect(resolveSettingsTab('bogus')).toBe('general');
    expect(resolveSettingsTab(null)).toBeUndefined();
  });

  it('turns admin mode on for mode=admin only, off for any other value, leaves it without mode', () => {
    expect(resolveAdminMode('admin')).toBe(true);
    expect(resolveAdminMode('user')).toBe(false);
    expect(resolveAdminMode('')).toBe(false);
    expect(resolveAdminMode(null)).toBeUndefined();
  });

  it('reads every intent from one query string', () => {
    // The tab asked for: the dialog resolves it against the login state of its moment.
    expect(readQueryIntents('?auth=logout&settings=map&mode=admin')).toEqual({
      authTab: 'logout',
      settingsTab: 'map',
      adminMode: true,
    });
    expect(readQueryIntents('?auth=nonsense')).toEqual({});
    expect(readQueryIntents('')).toEqual({});
    expect(readQueryIntents('mode=viewer')).toEqual({ adminMode: false });
  });
});
