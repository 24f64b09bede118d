// SPEC §9: settings live in the local database (wa-sqlite in the data worker), named after the app,
// and survive a reload; localStorage is only the fallback.
import { describe, expect, it } from 'vitest';
import { settingsSchema } from '../../src/model/index.ts';
import { localStoreSettings, type SettingsStorage } from '../../src/state/settings_storage.ts';
import { terminateDataWorker } from '../../src/map/data_worker_client.ts';

function recordingFallback() {
  const calls: string[] = [];
  const storage: SettingsStorage = {
    async load() {
      calls.push('load');
      return null;
    },
    async save() {
      calls.push('save');
    },
  };
  return { storage, calls };
}

describe('settings in the local store', () => {
  it('keeps the chosen language and time format across a reload, without the fallback', async () => {
    const appName = `Settings test ${crypto.randomUUID()}`;
    const appKey = 'settingstestsettingstestsettings';
    const fallback = recordingFallback();
    const storage = localStoreSettings(fallback.storage);
    const chosen = { ...settingsSchema.parse({}), defaultLanguage: 'de_DE' as const, timeFormat: 'LLL' };
    await storage.save(appKey, chosen, appName);

    terminateDataWorker(); // as a page reload would
    const loaded = await localStoreSettings(fallback.storage).load(appKey, appName);
    expect(loaded).toMatchObject({ defaultLanguage: 'de_DE', timeFormat: 'LLL' });
    expect(fallback.calls).toEqual([]);
  });

  it('answers null for an app that stored nothing yet (the fallback is asked too)', async () => {
    const fallback = recordingFallback();
    const loaded = await localStoreSettings(fallback.storage).load('x'.repeat(32), `Empty ${crypto.randomUUID()}`);
    expect(loaded).toBeNull();
    expect(fallback.calls).toEqual(['load']);
  });
});
