// DESIGN.md "Config is data": local defaults from the config files, then the server's apps/config
// for the app key on top. The result is parsed by the model's appConfigSchema, so every field has
// its SPEC §3 default. Pure: tests/unit/shell_config.test.ts.
import { appConfigSchema, baseLayerSchema, layerSchema, type AppConfig } from '../model/index.ts';
import type { LocalConfig } from './local_config.ts';

function validItems<T>(items: unknown[], parse: (v: unknown) => { success: boolean; data?: T }): T[] {
  const out: T[] = [];
  for (const item of items) {
    const r = parse(item);
    if (r.success) out.push(r.data as T);
    else console.warn('Ignoring an invalid layer configuration', item);
  }
  return out;
}

export function mergeAppConfig(local: LocalConfig, server: Partial<AppConfig> | undefined): AppConfig {
  const localLayers = validItems(local.layers, (v) => layerSchema.safeParse(v));
  const localBase = validItems(local.baseLayers, (v) => baseLayerSchema.safeParse(v));
  const merged: Record<string, unknown> = { ...local.appConfig, ...(server ?? {}) };
  // The server's lists win when it has any; the named local files fill an app without them.
  if (!server?.layersConfig?.length && localLayers.length) merged.layersConfig = localLayers;
  if (!server?.baseLayersConfig?.length && localBase.length) merged.baseLayersConfig = localBase;
  if (!merged.appVersion && local.appVersion) merged.appVersion = local.appVersion;
  const parsed = appConfigSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // A broken local file must not take the app down: fall back to the server's (already valid) part.
  console.warn('Invalid app configuration, using defaults where needed', parsed.error.issues);
  return appConfigSchema.parse(server ?? {});
}

/** SPEC §8 "Missing configuration": neither a local config file nor a database config for the key. */
export function isConfigMissing(local: LocalConfig, serverFailed: boolean): boolean {
  return serverFailed && Object.keys(local.appConfig).length === 0;
}
