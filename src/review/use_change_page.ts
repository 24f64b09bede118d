// One page of pending suggestions: fetched from GET /api/features/changes, then grouped and
// diffed in the data worker (DESIGN "The UI asks, workers do"; workers/data/review.ts).
import { useQuery } from '@tanstack/react-query';
import { getDataWorker } from '../map/data_worker_client.ts';
import { fetchChanges, type ApiCtx } from '../api/suggestions.ts';
import type { GroupedChanges } from '../../workers/data/protocol.ts';

export const PAGE_SIZE = 100;

export interface GroupedPage extends GroupedChanges {
  total: number;
  page: number;
  pageSize: number;
}

/** `fromId`: the page list starts at that change (a comparison opened from the review queue). */
export function useChangePage(api: ApiCtx, admin: boolean, page: number, enabled = true, fromId?: number) {
  return useQuery({
    queryKey: ['changes', admin, page, fromId ?? null],
    enabled,
    queryFn: async ({ signal }): Promise<GroupedPage> => {
      const body = await fetchChanges(api, { admin, page, pageSize: PAGE_SIZE, fromId }, signal);
      const grouped = await getDataWorker().groupChanges({ changes: body.items, admin });
      return { ...grouped, total: body.total, page: body.page, pageSize: body.pageSize };
    },
    staleTime: 30_000,
  });
}
