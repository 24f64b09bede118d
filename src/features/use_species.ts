// The species recorded for a layer (SPEC §7 GET layers/{layer}/species), for the observation form.
// Each answer is kept in the app's local database (store `layers`, SPEC §9), and read back when the
// server cannot be reached, so an observation can be suggested without signal (it waits in the outbox).
import { useQuery } from '@tanstack/react-query';
import { fetchSpecies } from '../api/observations.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import type { Species } from '../model/index.ts';
import { isUnreachable, markServerReachable } from '../pwa/connectivity.ts';

const keyOf = (workspace: string, layer: string) => `species:${workspace}:${layer}`;

export async function loadSpecies(ctx: ApiCtx, workspace: string, layer: string, signal?: AbortSignal): Promise<Species[]> {
  const stored = { appName: ctx.appName, store: 'layers', key: keyOf(workspace, layer) } as const;
  try {
    const species = await fetchSpecies(ctx, workspace, layer, signal);
    void getDataWorker()
      .putStoredValue({ ...stored, value: species })
      .catch(() => undefined); // no local database: online only
    return species;
  } catch (err) {
    if (signal?.aborted || !isUnreachable(err)) throw err;
    markServerReachable(false);
    const kept = (await getDataWorker()
      .getStoredValue(stored)
      .catch(() => undefined)) as Species[] | undefined;
    if (!kept) throw err;
    return kept;
  }
}

export function useSpecies(ctx: ApiCtx, workspace: string | undefined, layer: string | undefined) {
  return useQuery({
    queryKey: ['species', workspace, layer],
    enabled: !!workspace && !!layer,
    queryFn: ({ signal }) => loadSpecies(ctx, workspace!, layer!, signal),
  });
}
