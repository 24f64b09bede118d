// Issue 17: the data worker's own start-up (workers/data/start_up.ts) reads the local files, asks for
// the app's configuration and starts the layers' fetches without waiting for the main thread. Its
// layer requests must be exactly those the page's map asks for with the credentials the auth store
// restores — a fetch with other credentials is not taken, and the layer is downloaded twice.
import { describe, expect, it, vi } from 'vitest';
import { APP_KEY_HEADER, appConfigSchema, type AppResponse, ERRORS, SESSION_HEADER } from '../../src/model/index.ts';
import { prefetchVectorLayers } from '../../src/map/load_vector_layers.ts';
import { startUp, type StartUpDeps } from '../../workers/data/start_up.ts';
import type { ShowLayerRequest, StartUpRequest } from '../../workers/data/protocol.ts';

const KEY = 'f'.repeat(32);
const API = 'https://api.example';

const app: AppResponse = {
  appKey: KEY,
  activated: true,
  isPublicApp: true,
  config: appConfigSchema.parse({
    appName: 'Field survey',
    serverUrl: API,
    layersConfig: [
      { id: 'wells', name: 'Wells', type: 'Point', workspace: 'ws_field', labelAttribute: 'name', edit: true },
      { id: 'parcels', name: 'Parcels', type: 'Polygon', workspace: 'ws_field', edit: false },
      { id: 'wells_diff', name: 'Wells updates', type: 'Point', workspace: 'ws_field_diff', edit: true },
      { id: 'imagery', name: 'Imagery', type: 'wms', url: 'https://wms.example/wms', layers: 'ortho' },
    ],
  }),
} as AppResponse;

type Answer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** The local files (app-config.json names the server), then `appAnswer` for the app; a fetch log. */
function setup(appAnswer: Answer = () => Response.json(app), stored: unknown = undefined) {
  const asked: { url: URL; headers: Headers }[] = [];
  const fetch = vi.fn<StartUpDeps['fetch']>(async (url, init) => {
    const u = new URL(url);
    asked.push({ url: u, headers: new Headers(init?.headers) });
    if (u.pathname === '/config/app-config.json') return Response.json({ serverUrl: API });
    if (u.pathname.startsWith('/config/')) return new Response('', { status: 404 });
    if (u.pathname === '/api/apps') return appAnswer(u, init);
    throw new TypeError('unexpected ' + url);
  });
  const prefetched: ShowLayerRequest[][] = [];
  const storedSession = vi.fn(async () => stored);
  const deps: StartUpDeps = { fetch, storedSession, prefetch: (requests) => void prefetched.push(requests) };
  return { deps, asked, prefetched, storedSession };
}

const request = (over: Partial<StartUpRequest> = {}): StartUpRequest => ({
  origin: 'https://maps.example',
  appKey: KEY,
  layers: true,
  cookies: {},
  ...over,
});

/** What the page's own prefetch (src/map/use_map_layers.ts) asks for with these credentials. */
function pageRequests(loggedIn: boolean, sessionId?: string): ShowLayerRequest[] {
  const worker = { prefetchLayers: vi.fn(async (_: { requests: ShowLayerRequest[] }) => undefined) };
  prefetchVectorLayers(worker, app.config.layersConfig, { apiBase: API, appKey: KEY, appName: 'Field survey', loggedIn, sessionId });
  return worker.prefetchLayers.mock.calls[0]![0].requests;
}

/** Until every step of the chain has run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the data worker's start-up", () => {
  it('reads the local files at the page’s origin and asks the server they name for the app', async () => {
    const { deps, asked } = setup();
    const started = startUp(request(), deps);
    expect((await started.local).appConfig.serverUrl).toBe(API);
    expect(asked.filter((a) => a.url.pathname.startsWith('/config/')).every((a) => a.url.origin === 'https://maps.example')).toBe(true);
    expect(await started.app).toEqual({ app });
    const apps = asked.find((a) => a.url.pathname === '/api/apps')!;
    expect(apps.url.href).toBe(`${API}/api/apps?appkey=${KEY}`);
    expect(apps.headers.get(APP_KEY_HEADER)).toBe(KEY);
    expect(apps.headers.has(SESSION_HEADER)).toBe(false);
  });

  it('starts the fetches a visitor’s map asks for: the originals, no pending suggestions', async () => {
    const { deps, prefetched } = setup();
    startUp(request(), deps);
    await settled();
    expect(prefetched).toEqual([pageRequests(false)]);
    expect(prefetched[0]!.map((r) => r.layer)).toEqual(['wells', 'parcels']);
  });

  it('asks with the remembered session of a user signed in on this device (no cookie consent)', async () => {
    const { deps, prefetched } = setup(undefined, { user: { username: 'ranger', roles: [] }, sessionId: 'stored-session' });
    startUp(request(), deps);
    await settled();
    expect(prefetched).toEqual([pageRequests(true, 'stored-session')]);
    expect(prefetched[0]!.map((r) => r.layer)).toEqual(['wells', 'parcels', 'wells_diff']);
  });

  it('takes the user record cookie first, and sends its session with the app’s request', async () => {
    const { deps, prefetched, asked, storedSession } = setup(undefined, { user: { username: 'someone else' }, sessionId: 'old' });
    const cookies = { userRecord: JSON.stringify({ username: 'ranger', roles: [] }), sessionId: 'cookie-session' };
    startUp(request({ cookies }), deps);
    await settled();
    expect(prefetched).toEqual([pageRequests(true, 'cookie-session')]);
    expect(asked.find((a) => a.url.pathname === '/api/apps')!.headers.get(SESSION_HEADER)).toBe('cookie-session');
    expect(storedSession).not.toHaveBeenCalled();
  });

  it('starts no layer away from the map screen', async () => {
    const { deps, prefetched } = setup();
    expect(await startUp(request({ layers: false }), deps).app).toEqual({ app });
    await settled();
    expect(prefetched).toEqual([]);
  });

  it('answers a refusal with the server’s status and SPEC text, and starts no layer', async () => {
    const { deps, prefetched } = setup(() =>
      Response.json({ statusCode: 404, error: 'APP_NOT_FOUND', message: ERRORS.MISSING_CONFIGURATION }, { status: 404 }),
    );
    expect(await startUp(request(), deps).app).toEqual({
      refused: { status: 404, key: 'APP_NOT_FOUND', message: ERRORS.MISSING_CONFIGURATION },
    });
    await settled();
    expect(prefetched).toEqual([]);
  });

  it('tells an unreachable server from an answer that is not an app', async () => {
    const down = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await startUp(request(), down.deps).app).toEqual({ unreachable: 'network', message: 'Failed to fetch' });
    const proxyPage = setup(() => new Response('<html>captive portal</html>', { status: 200 }));
    const answer = await startUp(request(), proxyPage.deps).app;
    expect(Object.keys(answer)).toEqual(['failed']);
  });
});
