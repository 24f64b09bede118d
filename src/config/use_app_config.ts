// The app configuration for a key (SPEC §7 GET apps), kept on the device (SPEC §3: local storage
// holds the app): every answer is written to the local store, and whenever the server cannot be
// reached — no network, the SPEC §9 time-out, a 5xx — the stored copy is used, so one online visit
// is enough to open the app offline. The service worker's cache is only a second line.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { appResponseSchema, SERVER_TIMEOUT_MS, type AppResponse } from '../model/index.ts';
import { ApiError, fetchApp, type ApiOptions } from '../api/client.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { isUnreachable, markServerReachable } from '../pwa/connectivity.ts';

/** The product's own database (SPEC §9) holds every app's configuration: it must be found before the app's name is known. */
const STORE = { store: 'app', appName: undefined } as const;

async function storedApp(appKey: string): Promise<AppResponse | undefined> {
  try {
    const parsed = appResponseSchema.safeParse(await getDataWorker().getStoredValue({ ...STORE, key: appKey }));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // no local database in this browser
  }
}

/**
 * The answer is the same object shape either way: react-query then keeps the very same config
 * object when the server's answer equals the stored one, and the map does not reload its layers
 * when the connection comes back.
 */
export async function loadApp(appKey: string, opts: Omit<ApiOptions, 'appKey'> = {}): Promise<AppResponse> {
  const signal = AbortSignal.any([AbortSignal.timeout(SERVER_TIMEOUT_MS), ...(opts.signal ? [opts.signal] : [])]);
  try {
    // Not a sign that the server answers: with it down, the service worker answers from its cache
    // (vite.config.ts) and the offline notice must stay. The pings say when it is back.
    const app = await fetchApp(appKey, { ...opts, signal });
    void getDataWorker()
      .putStoredValue({ ...STORE, key: appKey, value: app, background: true })
      .catch((err) => console.warn('app configuration not stored', err));
    return app;
  } catch (err) {
    // The caller gave up (a newer query): not the server's fault.
    if (opts.signal?.aborted || !isUnreachable(err)) throw err;
    markServerReachable(false);
    const stored = await storedApp(appKey);
    if (!stored) throw err;
    return stored;
  }
}

/** The app configuration's query for a key (the shell's, and the start-up's that fills it early: src/start_early.ts). */
export const appConfigQuery = (appKey: string, opts: Omit<ApiOptions, 'appKey' | 'signal'> = {}) =>
  queryOptions({
    queryKey: ['app', appKey],
    queryFn: ({ signal }) => loadApp(appKey, { ...opts, signal }),
    // An unknown key (404) or a malformed one (400) will not fix itself by retrying.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 5 * 60_000,
  });

export function useAppConfig(appKey: string, opts: Omit<ApiOptions, 'appKey' | 'signal'> = {}) {
  return useQuery(appConfigQuery(appKey, opts));
}
