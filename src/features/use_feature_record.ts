// One feature's details for its prompt and edit form (SPEC §7 GET features/{gfid}). Each answer is
// kept in the app's local database, and when the server cannot be reached the kept copy is shown,
// so a feature looked at once can be opened and edited again without signal.
import { useQuery } from '@tanstack/react-query';
import { fetchFeature, featureKey, type ApiCtx, type FeatureRecord } from '../api/suggestions.ts';
import { getDataWorker } from '../map/data_worker_client.ts';
import { isUnreachable, markServerReachable } from '../pwa/connectivity.ts';
import { nextPaint } from '../ui/after_paint.ts';

export async function loadFeatureRecord(
  ctx: ApiCtx,
  appName: string | undefined,
  gfid: number,
  signal?: AbortSignal,
): Promise<FeatureRecord> {
  try {
    const record = await fetchFeature(ctx, gfid, signal);
    void getDataWorker()
      .putFeatureRecord({ appName, gfid, record })
      .catch(() => undefined); // no local database: online only
    return record;
  } catch (err) {
    if (signal?.aborted || !isUnreachable(err)) throw err;
    markServerReachable(false);
    const kept = (await getDataWorker()
      .getFeatureRecord({ appName, gfid })
      .catch(() => undefined)) as FeatureRecord | undefined;
    if (!kept) throw err;
    return kept;
  }
}

export function useFeatureRecord(ctx: ApiCtx, appName: string | undefined, gfid: number | undefined) {
  return useQuery({
    queryKey: featureKey(gfid ?? 0),
    enabled: gfid !== undefined,
    // Issue 17: a tap's first frame is the prompt's sheet. React runs the effects of a tap's render
    // before that frame, and starting the request there delayed it (traced at 4× CPU: ≈ 25 ms of a
    // 157 ms task); the request leaves once the sheet is on screen.
    queryFn: async ({ signal }) => {
      await nextPaint();
      return loadFeatureRecord(ctx, appName, gfid!, signal);
    },
  });
}
