// The real server as every benchmark measures it: started, and its start-up work done first — every
// layer's FlatGeobuf file built (`LayerFileCache.warm`), which otherwise runs beside the first
// measurement on the same Node process and slows it (issue 17: a plain page's cold open 13.2 s
// instead of 8–9 s).
import { DEMO_APP_KEY } from '../../src/model/index.ts';
import { loadTestLimits } from '../../server/limits.ts';
import { startServer, type RunningServer, type StartOptions } from '../../server/start.ts';

export async function startMeasuredServer(opts: StartOptions): Promise<RunningServer> {
  const srv = await startServer(opts);
  await srv.layerFilesBuilt;
  return srv;
}

/**
 * The tools' server: the demo app seeded with `seedCities` cities in `dataDir` (PGlite), serving the
 * built app, quiet, with the load tests' limits (every request of a tool comes from 127.0.0.1).
 */
export function startToolServer(dataDir: string, seedCities: number | 'all'): Promise<RunningServer> {
  return startMeasuredServer({ port: 0, dataDir, seedCities, log: false, print: () => undefined, limits: loadTestLimits() });
}

/** The demo cities' [lon, lat] from a running server's features API (where the tools tap). */
export async function demoCityLonLats(serverUrl: string): Promise<[number, number][]> {
  const res = await fetch(`${serverUrl}/api/features?workspace=ws_demo&layer=cities`, { headers: { 'x-app-key': DEMO_APP_KEY } });
  const body = (await res.json()) as { features: { geometry: { coordinates: [number, number] } }[] };
  return body.features.map((f) => f.geometry.coordinates);
}
