// Start-up configuration (SPEC §7 local files, §8 critical error / missing configuration), theme
// (SPEC §3 colours, font size, §5 colour type), chunk time-out (SPEC §9) and cookie rules (SPEC §4).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_CONSENT_DAYS, DEFAULT_TIME_FORMAT, ERRORS, appConfigSchema } from '../../src/model/index.ts';
import { interpretLocalConfig, loadConfigFile, loadLocalConfigFiles } from '../../src/config/local_config.ts';
import { isConfigMissing, mergeAppConfig } from '../../src/config/merge_config.ts';
import { brandRamp, buildTheme, configColor, contrastRatio, parseHex, readableOn } from '../../src/config/theme.ts';
import { ChunkLoadTimeoutError, withTimeout } from '../../src/config/lazy.ts';
import { cookieString, readCookie, userCookiesAllowed } from '../../src/state/cookies.ts';
import { userCookieDays } from '../../src/state/auth_store.ts';
import { localStorageSettings, parseStoredSettings } from '../../src/state/settings_storage.ts';
import { settingsFromConfig } from '../../src/state/settings_store.ts';

afterEach(() => vi.restoreAllMocks());

const respond = (status: number, body: string) => async () => new Response(body, { status });

describe('local configuration files', () => {
  it('gives an empty list for a missing file', async () => {
    expect(await loadConfigFile('/config/layers.json', respond(404, 'Not found'))).toEqual([]);
    expect(
      await loadConfigFile('/config/layers.json', async () => {
        throw new TypeError('offline');
      }),
    ).toEqual([]);
  });

  it("logs a broken file as 'critical error occurred' and carries on", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await loadConfigFile('/config/app-config.json', respond(200, '{ broken'))).toEqual([]);
    expect(log.mock.calls[0][0]).toBe(ERRORS.CRITICAL_ERROR);
  });

  it('reads every file and types what it finds', async () => {
    const files: Record<string, string> = {
      '/config/environment.json': '{"environment":"STAGING"}',
      '/config/app-version.json': '{"version":"1.2.3"}',
      '/config/app-config.json': '{"appName":"Local"}',
    };
    const cfg = interpretLocalConfig(
      await loadLocalConfigFiles('/config/', async (url) => (files[url] ? new Response(files[url]) : new Response('', { status: 404 }))),
    );
    expect(cfg).toMatchObject({ environment: 'STAGING', appVersion: '1.2.3', appConfig: { appName: 'Local' }, layers: [] });
    expect(interpretLocalConfig({ environment: { environment: 'MARS' } }).environment).toBe('PRODUCTION');
  });

  it("merges the server's config over the local one and keeps SPEC defaults", () => {
    const local = interpretLocalConfig({ appConfig: { appName: 'Local', fontSize: 16 }, appVersion: { version: '9' } });
    const merged = mergeAppConfig(local, { appName: 'Server', primaryColor: '#112233' });
    expect(merged).toMatchObject({ appName: 'Server', fontSize: 16, primaryColor: '#112233', appVersion: '9' });
    expect(merged.timeFormat).toBe(DEFAULT_TIME_FORMAT);
  });

  it('warns about a missing configuration only when neither source has one', () => {
    const empty = interpretLocalConfig({});
    expect(isConfigMissing(empty, true)).toBe(true);
    expect(isConfigMissing(empty, false)).toBe(false);
    expect(isConfigMissing(interpretLocalConfig({ appConfig: { appName: 'x' } }), true)).toBe(false);
  });
});

describe('theme from the app configuration', () => {
  const config = appConfigSchema.parse({ primaryColor: '#336699', accentColor: '#ff8800', fontSize: 28 });

  it('builds a 16-step brand ramp around the primary colour, darker to lighter', () => {
    const ramp = brandRamp('#336699');
    expect(Object.keys(ramp)).toHaveLength(16);
    expect(ramp[80]).toBe('#336699');
    const lum = (hex: string) => parseHex(hex)!.reduce((a, b) => a + b, 0);
    expect(lum(ramp[10])).toBeLessThan(lum(ramp[80]));
    expect(lum(ramp[160])).toBeGreaterThan(lum(ramp[80]));
  });

  it('applies primary and accent colours, font size and the theme mode', () => {
    const light = buildTheme(config, 'light');
    const dark = buildTheme(config, 'dark');
    expect(light.colorBrandBackground).toBe('#336699');
    // The orange accent, darkened until links read at 4.5:1 on the light backgrounds (issue 19)...
    expect(contrastRatio('#ff8800', light.colorNeutralBackground1)).toBeLessThan(4.5);
    expect(light.colorBrandForegroundLink).not.toBe('#ff8800');
    for (const bg of [light.colorNeutralBackground1, light.colorNeutralBackground2, light.colorNeutralBackground3])
      expect(contrastRatio(light.colorBrandForegroundLink, bg)).toBeGreaterThanOrEqual(4.5);
    // ...and kept as it is on the dark ones, where it already reads.
    expect(dark.colorBrandForegroundLink).toBe('#ff8800');
    expect(readableOn('#1a1a1a', ['#ffffff'])).toBe('#1a1a1a');
    expect(light.fontSizeBase300).toBe('28px'); // 14px × 28/14
    expect(dark.colorNeutralBackground1).not.toBe(light.colorNeutralBackground1);
  });

  it("refuses an unknown colour type with 'This type of color is not referenced'", () => {
    expect(configColor(config, 'accentColor').color).toBe('#ff8800');
    const bad = configColor(config, 'tertiaryColor');
    expect(bad.color).toBeUndefined();
    expect(bad.result).toMatchObject({ ok: false, message: ERRORS.COLOR_TYPE_NOT_REFERENCED });
  });
});

describe('chunk time-out (SPEC §9)', () => {
  it('fails a chunk that does not arrive in time with a clear error', async () => {
    await expect(withTimeout(() => new Promise(() => undefined), 'Overview', 20)).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await expect(withTimeout(() => new Promise(() => undefined), 'Overview', 20)).rejects.toThrow(/Overview.*20 ms/);
    await expect(withTimeout(async () => 'ok', 'x', 20)).resolves.toBe('ok');
  });
});

describe('cookies and settings storage', () => {
  it('keeps a remembered login for 30 days and ends any other with the browser (auth.rememberMe)', () => {
    expect(userCookieDays(true)).toBe(30);
    expect(cookieString('s', 'id', userCookieDays(true))).toContain(`Max-Age=${30 * 86400}`);
    expect(userCookieDays(false)).toBeUndefined();
    expect(cookieString('s', 'id', userCookieDays(false))).not.toContain('Max-Age');
  });

  it('keeps the consent for 1825 days and user cookies only after acceptance', () => {
    expect(cookieString('c', 'accepted', COOKIE_CONSENT_DAYS)).toContain(`Max-Age=${1825 * 86400}`);
    expect(readCookie('b', 'a=1; b=two%20words')).toBe('two words');
    expect(userCookiesAllowed(true, 'accepted')).toBe(true);
    expect(userCookiesAllowed(true, 'declined')).toBe(false);
    expect(userCookiesAllowed(true, undefined)).toBe(false);
    expect(userCookiesAllowed(false, 'accepted')).toBe(false);
  });

  it('saves and loads settings per app key, defaults first', async () => {
    const map = new Map<string, string>();
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
    } as unknown as Storage;
    const store = localStorageSettings(storage);
    const base = settingsFromConfig(appConfigSchema.parse({ defaultLanguage: 'fr_FR', themeMode: 'dark' }));
    expect(base).toMatchObject({ defaultLanguage: 'fr_FR', themeMode: 'dark', timeFormat: 'L LT' });
    await store.save('k1', { ...base, defaultLanguage: 'de_DE' });
    expect(await store.load('k1')).toMatchObject({ defaultLanguage: 'de_DE', themeMode: 'dark' });
    expect(await store.load('k2')).toBeNull();
    expect(parseStoredSettings({ defaultLanguage: 'xx_XX' })).toBeNull();
  });
});
