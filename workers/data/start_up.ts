// Issue 17, cold open on a slow phone: the start-up's chain — the local configuration files (SPEC §7
// "Startup"), then the app's configuration, then the fetches of the layers the map will show — runs
// on this thread, begun by one message of the page's entry (src/main.tsx). On the main thread each
// step's continuation waited for the task before it to end: the app's modules (≈ 1 s at 4× CPU
// slowdown), React's first render (≈ 0.5 s), so the layers were asked for ≈ 4 s after navigation.
// The page takes the answers: the local files for its query, the app's answer once
// (src/config/use_app_config.ts), and the map's first load takes the layers' fetches
// (layer_prefetch.ts), which are asked for with the credentials the page will restore.
import { configServerUrl, loadLocalConfig, type LocalConfig } from '../../src/config/local_config.ts';
import { loadableLayers, showLayerRequest } from '../../src/map/layer_requests.ts';
import { parseStoredSession, parseUserRecord } from '../../src/state/remembered_session.ts';
import { apiHeaders, apiUrl, readWireError } from '../../src/api/http.ts';
import { SERVER_TIMEOUT_MS, type AppResponse } from '../../src/model/index.ts';
import type { ShowLayerRequest, StartUpApp, StartUpRequest } from './protocol.ts';

export interface StartUpDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** The remembered session's stored value in the product's database (undefined: none). */
  storedSession: () => Promise<unknown>;
  /** Starts the layers' fetches (layer_prefetch.ts). */
  prefetch: (requests: ShowLayerRequest[]) => void;
}

export interface StartedUp {
  appKey: string;
  local: Promise<LocalConfig>;
  app: Promise<StartUpApp>;
}

interface LayerCredentials {
  loggedIn: boolean;
  sessionId?: string;
}

/** Begins the chain; each step starts as the one before it answers. */
export function startUp(req: StartUpRequest, deps: StartUpDeps): StartedUp {
  // As the auth store restores the sign-in (src/state/auth_store.ts): the cookie's user, else the stored session.
  const cookieUser = req.cookies.userRecord ? parseUserRecord(req.cookies.userRecord) : undefined;
  const credentials: Promise<LayerCredentials> = cookieUser
    ? Promise.resolve({ loggedIn: true, sessionId: req.cookies.sessionId })
    : deps.storedSession().then(
        (raw) => {
          const stored = parseStoredSession(raw);
          return stored ? { loggedIn: true, sessionId: stored.sessionId } : { loggedIn: false };
        },
        () => ({ loggedIn: false }),
      );
  const local = loadLocalConfig(`${req.origin}/config/`, deps.fetch);
  // The app's configuration goes with what the page sends it with before the store is read: the cookie's session.
  const app = local.then((files) =>
    fetchAppAnswer(configServerUrl(files), req.appKey, cookieUser ? req.cookies.sessionId : undefined, deps.fetch),
  );
  if (req.layers) {
    void app
      .then(async (answer) => {
        if ('app' in answer) deps.prefetch(layerRequests(req.appKey, answer.app, await credentials));
      })
      .catch((err) => console.warn('layers not prefetched', err));
  }
  return { appKey: req.appKey, local, app };
}

/** The requests of the layers the map's first load shows (src/map/use_map_layers.ts prefetchConfiguredLayers). */
function layerRequests(appKey: string, { config }: AppResponse, { loggedIn, sessionId }: LayerCredentials): ShowLayerRequest[] {
  const opts = { apiBase: config.serverUrl ?? '', appKey, appName: config.appName, loggedIn, sessionId: loggedIn ? sessionId : undefined };
  return loadableLayers(config.layersConfig, loggedIn).map((cfg) => showLayerRequest(cfg, opts));
}

/** GET /api/apps?appkey= as src/api/client.ts fetchApp sends it, within SPEC §9's time-out. */
async function fetchAppAnswer(
  apiBase: string,
  appKey: string,
  sessionId: string | undefined,
  fetcher: StartUpDeps['fetch'],
): Promise<StartUpApp> {
  try {
    const res = await fetcher(apiUrl(apiBase, `/apps?appkey=${encodeURIComponent(appKey)}`), {
      headers: apiHeaders({ appKey, accept: 'application/json', credentials: { sessionId } }),
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
    if (!res.ok) return { refused: await readWireError(res) };
    const text = await res.text();
    try {
      return { app: JSON.parse(text) as AppResponse };
    } catch (err) {
      return { failed: (err as Error).message };
    }
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === 'TimeoutError';
    return { unreachable: timedOut ? 'timeout' : 'network', message: err instanceof Error ? err.message : String(err) };
  }
}
