// The app configuration for a key (SPEC §7 GET apps), kept on the device (SPEC §3: local storage
// holds the app): every answer is written to the local store, and whenever the server cannot be
// reached — no network, the SPEC §9 time-out, a 5xx — the stored copy is used, so one online visit
// is enough to open the app offline. The service worker's cache is only a second line.
//
// Issue 17 (a reopened app is drawn before the network answers): an open that finds a stored copy
// before the server has answered shows it at once — the map draws its stored layers meanwhile — and
// the server's answer replaces it when it comes (the same object where nothing changed, so nothing
// reloads). A field user whose phone says "online" on a signal that carries nothing waited for the
// time-out (10 s) before seeing their map.
import { queryOptions, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { appResponseSchema, SERVER_TIMEOUT_MS, type AppResponse } from '../model/index.ts';
import { ApiError, fetchApp, type ApiOptions } from '../api/client.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { isUnreachable, markServerReachable } from '../pwa/connectivity.ts';
import { keepStartCopy, readStartCopy } from './start_copy.ts';

/** The product's own database (SPEC §9) holds every app's configuration: it must be found before the app's name is known. */
const STORE = { store: 'app', appName: undefined } as const;

/** The stored copy as read (not yet checked); undefined where there is no local database in this browser. */
async function storedValue(appKey: string): Promise<unknown> {
  try {
    return await getDataWorker().getStoredValue({ ...STORE, key: appKey });
  } catch {
    return undefined;
  }
}

/** A stored copy that is an app's answer; anything else counts as none. */
function asApp(value: unknown): AppResponse | undefined {
  const parsed = appResponseSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

const storedApp = async (appKey: string): Promise<AppResponse | undefined> => asApp(await storedValue(appKey));

/**
 * Whether this device keeps a copy of the app: a first visit does not open the local database for
 * it (the worker's first minutes belong to the layers). Unknown (no local storage): looked for. The
 * entry holds the app's answer itself (start_copy.ts: the next open's first render has it), or
 * TOO_LARGE where the answer is too large for localStorage and only the data worker's store has it.
 */
const KEPT_KEY = 'mapdraft.appKept.';
const TOO_LARGE = '1';
function keptHere(appKey: string): boolean {
  try {
    return globalThis.localStorage.getItem(KEPT_KEY + appKey) !== null;
  } catch {
    return true;
  }
}

/**
 * Keeps `app` for the next open (null forgets it); `background`: behind the open's own work. Where
 * localStorage cannot be written, the store is looked in every time. Forgetting starts with the
 * localStorage copy, so that it goes even where the store cannot be written (a forgotten app whose
 * copy stayed would be shown, refused and forgotten again at every load).
 */
function storeApp(appKey: string, app: AppResponse | null, background = true): Promise<void> {
  if (!app) keepStartCopy(KEPT_KEY + appKey, null);
  return getDataWorker()
    .putStoredValue({ ...STORE, key: appKey, value: app, background })
    .then(() => {
      if (app) keepStartCopy(KEPT_KEY + appKey, app, TOO_LARGE);
    })
    .catch((err) => console.warn('app configuration not stored', err));
}

/**
 * The answer is the same object shape either way: react-query then keeps the very same config
 * object when the server's answer equals the stored one, and the map does not reload its layers
 * when the connection comes back.
 */
export async function loadApp(appKey: string, opts: Omit<ApiOptions, 'appKey'> = {}): Promise<AppResponse> {
  return fallBackToStored(appKey, fetchAndStore(appKey, opts), opts.signal);
}

/** The answer kept in localStorage by the last open, if any: the query's first data (issue 17). */
const startCopy = (appKey: string): AppResponse | undefined => asApp(readStartCopy(KEPT_KEY + appKey));

/** The server's answer, stored for the next open. */
async function fetchAndStore(appKey: string, opts: Omit<ApiOptions, 'appKey'>): Promise<AppResponse> {
  const signal = AbortSignal.any([AbortSignal.timeout(SERVER_TIMEOUT_MS), ...(opts.signal ? [opts.signal] : [])]);
  // Not a sign that the server answers: with it down, the service worker answers from its cache
  // (vite.config.ts) and the offline notice must stay. The pings say when it is back.
  const app = await fetchApp(appKey, { ...opts, signal });
  void storeApp(appKey, app);
  return app;
}

/** `answer`, or the stored copy where the server cannot be reached. */
async function fallBackToStored(appKey: string, answer: Promise<AppResponse>, signal?: AbortSignal): Promise<AppResponse> {
  try {
    return await answer;
  } catch (err) {
    // The caller gave up (a newer query): not the server's fault.
    if (signal?.aborted || !isUnreachable(err)) throw err;
    markServerReachable(false);
    const stored = await storedApp(appKey);
    if (!stored) throw err;
    return stored;
  }
}

/**
 * A first load: the server's answer or the stored copy, whichever is had first; a stored copy shown
 * is replaced by the server's answer when it comes. An unknown key's answer (the app was removed)
 * forgets the copy and loads again, as a first visit would. A query that shows an answer already
 * (a reload, or the open's copy from localStorage), and an app this device has not kept, ask the
 * server first, as `loadApp`.
 */
async function openApp(appKey: string, opts: Omit<ApiOptions, 'appKey'>, client: QueryClient, queryKey: QueryKey): Promise<AppResponse> {
  const shown = client.getQueryData(queryKey) !== undefined;
  if (shown || !keptHere(appKey)) {
    return loadApp(appKey, opts).catch((err: unknown) => {
      // An app removed from the server is removed here too, and what was shown of it goes.
      if (shown && err instanceof ApiError && err.status === 404) forgetApp(appKey, client, queryKey);
      throw err;
    });
  }
  // Not tied to the query's signal: the answer outlives a first load answered by the stored copy.
  const answer = fetchAndStore(appKey, { ...opts, signal: undefined });
  let answered = false;
  const first = await Promise.race([
    answer.then(
      () => void (answered = true),
      () => void (answered = true),
    ),
    // Checked only when it comes first: the usual open, whose server answers sooner, spends nothing on it.
    storedValue(appKey).then((value) => (answered ? undefined : asApp(value))),
  ]);
  if (!first) return fallBackToStored(appKey, answer, opts.signal);
  answer.then(
    (app) => client.setQueryData(queryKey, app),
    (err: unknown) => {
      if (isUnreachable(err)) return markServerReachable(false);
      forgetApp(appKey, client, queryKey);
    },
  );
  return first;
}

/** Forgets the stored copies, then loads the query again, as a first visit would. */
function forgetApp(appKey: string, client: QueryClient, queryKey: QueryKey) {
  void storeApp(appKey, null, false).then(() => client.resetQueries({ queryKey, exact: true }));
}

/** The app configuration's query for a key (the shell's, and the start-up's that fills it early: src/start_early.ts). */
export const appConfigQuery = (appKey: string, opts: Omit<ApiOptions, 'appKey' | 'signal'> = {}) =>
  queryOptions({
    queryKey: ['app', appKey],
    queryFn: ({ signal, client, queryKey }) => openApp(appKey, { ...opts, signal }, client, queryKey),
    // An unknown key (404) or a malformed one (400) will not fix itself by retrying.
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    staleTime: 5 * 60_000,
    // Shown at once and asked for again at once (never fresh): the server's answer replaces it.
    initialData: () => startCopy(appKey),
    initialDataUpdatedAt: 0,
  });

export function useAppConfig(appKey: string, opts: Omit<ApiOptions, 'appKey' | 'signal'> = {}) {
  return useQuery(appConfigQuery(appKey, opts));
}
