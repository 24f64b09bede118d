// SPEC §7 "Startup (local files)": http constants, environment, application configuration, app
// version, map configurations and named layer / base-map configurations, served from
// public/config/*.json. A missing file gives an empty list; a broken one is logged as
// 'critical error occurred' (SPEC §8) and counts as missing, so the app stays usable.
import { ENVIRONMENTS, ERRORS, type Environment } from '../model/index.ts';

export const LOCAL_CONFIG_FILES = {
  httpConstants: 'http-constants.json',
  environment: 'environment.json',
  appConfig: 'app-config.json',
  appVersion: 'app-version.json',
  mapConfigs: 'map-config.json',
  layers: 'layers.json',
  baseLayers: 'base-layers.json',
} as const;

export type LocalConfigName = keyof typeof LOCAL_CONFIG_FILES;
export type LocalConfigFiles = Record<LocalConfigName, unknown>;

export interface LocalConfig {
  httpConstants: Record<string, unknown>;
  environment: Environment;
  appConfig: Record<string, unknown>;
  appVersion: string | undefined;
  mapConfigs: unknown[];
  layers: unknown[];
  baseLayers: unknown[];
}

type Fetcher = (url: string) => Promise<Response>;

/** One file: missing (404, network error) → []; present but not JSON → logged, then []. */
export async function loadConfigFile(url: string, fetcher: Fetcher = fetch): Promise<unknown> {
  let res: Response;
  try {
    res = await fetcher(url);
  } catch {
    return [];
  }
  if (!res.ok) return [];
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    console.error(ERRORS.CRITICAL_ERROR, `${url}:`, err);
    return [];
  }
}

function asObject(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function asList(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Raw files → typed local configuration; pure, unit-tested. */
export function interpretLocalConfig(files: Partial<LocalConfigFiles>): LocalConfig {
  const env = asObject(files.environment).environment;
  const version = asObject(files.appVersion).version;
  return {
    httpConstants: asObject(files.httpConstants),
    // SPEC §9 environments; an unknown one is treated as PRODUCTION (the safe choice: proxy on).
    environment: ENVIRONMENTS.find((e) => e === env) ?? 'PRODUCTION',
    appConfig: asObject(files.appConfig),
    appVersion: typeof version === 'string' ? version : undefined,
    mapConfigs: asList(files.mapConfigs),
    layers: asList(files.layers),
    baseLayers: asList(files.baseLayers),
  };
}

/** Every file, as read (`loadConfigFile`); `interpretLocalConfig` makes the configuration of them. */
export async function loadLocalConfigFiles(baseUrl = '/config/', fetcher: Fetcher = fetch): Promise<LocalConfigFiles> {
  const names = Object.keys(LOCAL_CONFIG_FILES) as LocalConfigName[];
  const values = await Promise.all(names.map((n) => loadConfigFile(baseUrl + LOCAL_CONFIG_FILES[n], fetcher)));
  return Object.fromEntries(names.map((n, i) => [n, values[i]])) as LocalConfigFiles;
}
