// Issue 17: the entry module asks for the configuration and starts the layers' fetches before React
// renders the shell (src/start_early.ts). The shell then finds its answers in the query cache, and the
// layers are asked for with the credentials the map's first load will use: a signed-in user's, once
// restored (a fetch with other credentials would not be taken, and the layer downloaded twice).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '../../src/model/index.ts';
import { startEarly } from '../../src/start_early.ts';
import { useAuthStore } from '../../src/state/auth_store.ts';
import { deleteCookie, USER_COOKIES, writeCookie } from '../../src/state/cookies.ts';
import { shellConfig } from './shell_harness.tsx';

const started = vi.hoisted(() => [] as { appKey: string; appName: string; apiBase: string | undefined; user: string | undefined }[]);
vi.mock('../../src/map/use_map_layers.ts', () => ({
  prefetchConfiguredLayers: (appKey: string, config: AppConfig, apiBase?: string) =>
    started.push({ appKey, appName: config.appName, apiBase, user: useAuthStore.getState().user?.username }),
}));

const KEY = 'e'.repeat(32);
const asked: string[] = [];

beforeEach(() => {
  started.length = 0;
  asked.length = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    asked.push(url.pathname);
    if (!url.pathname.endsWith('/apps')) return new Response('', { status: 404 }); // no local configuration files
    return Response.json({
      appKey: KEY,
      activated: true,
      isPublicApp: true,
      config: { ...shellConfig('https://maps.example'), appName: 'Early' },
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  for (const name of Object.values(USER_COOKIES)) deleteCookie(name);
  useAuthStore.getState().fail();
});

describe('the start-up begun before the first render', () => {
  it('fills the shell’s queries and starts the layers of the app’s server with the signed-in user’s credentials', async () => {
    writeCookie(USER_COOKIES.userRecord, JSON.stringify({ username: 'ranger', roles: [] }));
    const queryClient = new QueryClient();
    await startEarly(queryClient, KEY, { name: 'map', pathKey: KEY });
    expect(asked).toContain('/config/app-config.json');
    expect(asked).toContain('/api/apps');
    expect(queryClient.getQueryData(['localConfig'])).toBeDefined();
    expect(queryClient.getQueryData<{ config: AppConfig }>(['app', KEY])?.config.appName).toBe('Early');
    // Restored before the layers were asked for: the map's first load takes these fetches.
    expect(started).toEqual([{ appKey: KEY, appName: 'Early', apiBase: 'https://maps.example', user: 'ranger' }]);
  });

  it('asks for no layer away from the map screen', async () => {
    await startEarly(new QueryClient(), KEY, { name: 'overview', pathKey: KEY });
    expect(asked).toContain('/api/apps');
    expect(started).toEqual([]);
  });
});
