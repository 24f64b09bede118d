// Entry point (issue 17, cold open on a slow phone): the data worker is started and its start-up
// begun — the local configuration files, the app's configuration, the layers' fetches
// (workers/data/start_up.ts) — before the app's modules are loaded and run (start_app.tsx). Those
// modules hold the main thread ≈ 1 s at 4× CPU slowdown, and a worker starts only when the main
// thread takes the browser's word that its script came: started from here, it begins while the
// app's modules are still on the way. The app key and route are read from the address here and
// again by the shell.
import { DEMO_APP_KEY, ERRORS } from './model/index.ts';
import { resolveAppKey } from './api/app_key.ts';
import { parseRoute } from './state/route.ts';
import { dataWorkerStarted, getDataWorker } from './map/data_worker_client.ts';
import { readCookie, USER_COOKIES } from './state/cookies.ts';
import type { EarlyStart } from './start_early.ts';

function beginStartUp(appKey: string, showsMap: boolean): EarlyStart | undefined {
  try {
    const worker = getDataWorker();
    const cookies = { userRecord: readCookie(USER_COOKIES.userRecord), sessionId: readCookie(USER_COOKIES.sessionId) };
    const local = worker.startUp({ origin: window.location.origin, appKey, layers: showsMap, cookies });
    return { local, app: worker.startUpApp({ appKey }) };
  } catch {
    // No worker in this browser: the shell asks for everything itself.
    return undefined;
  }
}

/**
 * How long the app's modules wait for the data worker's thread to start, at most: a worker that
 * starts later (a busy phone) then starts after them, as it did before.
 */
const WORKER_START_WAIT_MS = 500;

const appKey = resolveAppKey(window.location, DEMO_APP_KEY);
const route = parseRoute(window.location.pathname);
const early = beginStartUp(appKey, route.name === 'map');
const workerRunning = early ? dataWorkerStarted() : Promise.resolve();
Promise.race([workerRunning, new Promise((resolve) => setTimeout(resolve, WORKER_START_WAIT_MS))])
  .then(() => import('./start_app.tsx'))
  .then(({ startApp }) => startApp(appKey, route, early))
  .catch((err: unknown) => {
    // SPEC §8: startup failures are logged as 'critical error occurred'.
    console.error(ERRORS.CRITICAL_ERROR, err);
  });
