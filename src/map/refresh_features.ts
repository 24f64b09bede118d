// Incremental updates: after an accepted change or a new suggestion, the data worker re-reads those
// few features and the render worker upserts them by id; the layer is never loaded again. Credentials
// are read as useMapLayers reads them for the load (SPEC §7: on every call; diff layers need them).
import { getDataWorker } from './data_worker_client.ts';
import { isLoggedIn, useAuthStore } from '../state/auth_store.ts';
import { isDiffLayerId } from '../model/index.ts';
import type { ApiCtx } from '../api/suggestions.ts';
import type { RefreshFeaturesResult } from '../../workers/data/protocol.ts';

export interface RefreshTarget {
  layerId: string;
  /** Left out: the workspace the layer was shown from (a `_diff` layer's managed workspace). */
  workspace?: string;
  gfids: readonly (number | null | undefined)[];
}

/**
 * Never throws: a failed refresh leaves the map as it was (the next load brings the change), and the
 * decision or suggestion that caused it has already succeeded. Null when nothing was asked.
 */
export async function refreshMapFeatures(ctx: ApiCtx, target: RefreshTarget): Promise<RefreshFeaturesResult | null> {
  const gfids = target.gfids.filter((g): g is number => typeof g === 'number');
  if (!gfids.length) return null;
  const auth = useAuthStore.getState();
  const loggedIn = isLoggedIn(auth);
  // SPEC §4: diff layers are shown to logged-in users only; logged out there is nothing to refresh.
  if (!loggedIn && isDiffLayerId(target.layerId)) return null;
  try {
    return await getDataWorker().refreshFeatures({
      apiBase: ctx.apiBase,
      appKey: ctx.appKey,
      workspace: target.workspace,
      layerId: target.layerId,
      gfids,
      authorization: loggedIn ? (auth.authorization ?? undefined) : undefined,
      sessionId: loggedIn ? (auth.sessionId ?? undefined) : undefined,
    });
  } catch (err) {
    console.warn(`${target.layerId}: features not refreshed`, err);
    return null;
  }
}
