// Issue 17, cold open: what the shell would begin only after React's first render and its effects —
// the signed-in user restored, the data worker started (and on the map screen its render and land
// workers), the local configuration files and the app's configuration asked for, and the fetches of
// the layers the map will show — begun as the entry module runs, so the network, the server and the
// workers work while React renders the shell. The shell's queries then find the answers in
// react-query's cache (the same queries), the map's first load takes the layer fetches under way
// (workers/data/layer_prefetch.ts), and its renderer and land layer take the workers started.
import type { QueryClient } from '@tanstack/react-query';
import { appConfigQuery } from './config/use_app_config.ts';
import { getDataWorker } from './map/data_worker_client.ts';
import { prespawnLandWorker } from './map/land_image.ts';
import { prespawnRenderWorker } from './map/render_worker_client.ts';
import { prefetchConfiguredLayers } from './map/use_map_layers.ts';
import { configServerUrl, localConfigQuery } from './screens/use_shell_config.ts';
import { useAuthStore } from './state/auth_store.ts';
import type { Route } from './state/route.ts';

/** Resolves once the layers' fetches are started (or the configuration could not be had: the shell reports that). */
export async function startEarly(queryClient: QueryClient, appKey: string, route: Route): Promise<void> {
  // The credentials the layers are asked with: those the map's first load will use (SPEC §4).
  const restored = useAuthStore.getState().restore();
  // Its script loads and runs on its thread meanwhile: the app's answer is stored by it, the layers fetched.
  getDataWorker();
  // The map's drawing workers load and run their modules meanwhile too; the map takes them when it mounts.
  if (route.name === 'map') {
    prespawnRenderWorker();
    prespawnLandWorker();
  }
  // The last open's copies where there are some (asked for again meanwhile), else the answers.
  const local = await queryClient.ensureQueryData({ ...localConfigQuery(), revalidateIfStale: true });
  const app = await queryClient.ensureQueryData({
    ...appConfigQuery(appKey, { apiBase: configServerUrl(local) }),
    revalidateIfStale: true,
  });
  await restored;
  // Only the map screen shows layers (the overview lists apps; an unknown address shows none).
  if (route.name === 'map') prefetchConfiguredLayers(appKey, app.config, app.config.serverUrl);
}
