// One page of pending suggestions: fetched from GET /api/features/changes, then grouped and
// diffed in the data worker (DESIGN "The UI asks, workers do"; workers/data/review.ts).
import { useQuery } from '@tanstack/react-query';
import { getDataWorker } from '../map/data_worker_client.ts';
import { fetchChanges, type ApiCtx } from '../api/suggestions.ts';
import type { GroupedChanges } from '../../workers/data/protocol.ts';

export const PAGE_SIZE = 100;
/** The server's largest page (GET /features/changes pageSize ≤ 1000): a lookup takes few requests. */
const LOOKUP_PAGE_SIZE = 1000;

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

/** Where a change lies in the list the comparison pages through: its id and page of PAGE_SIZE. */
export interface ChangePlace {
  id: number;
  page: number;
}

/**
 * The pending change behind a tapped `_diff` feature (issue 19): looked for through the whole list,
 * whatever its position (a user may have hundreds pending), in the server's order. null when the list
 * has none, or none the comparison shows (a delete is in a reviewer's list only, workers/data/review.ts).
 */
async function locateChange(api: ApiCtx, admin: boolean, diffGfid: number, signal?: AbortSignal): Promise<ChangePlace | null> {
  for (let page = 1; ; page++) {
    const body = await fetchChanges(api, { admin, page, pageSize: LOOKUP_PAGE_SIZE }, signal);
    const at = body.items.findIndex((c) => c.diffGfid === diffGfid);
    const found = body.items[at];
    if (found) {
      if (found.grpstatus === 'd' && !admin) return null;
      return { id: found.id, page: Math.floor(((page - 1) * LOOKUP_PAGE_SIZE + at) / PAGE_SIZE) + 1 };
    }
    if (body.items.length < LOOKUP_PAGE_SIZE) return null;
  }
}

/** The place of the change behind the `_diff` feature tapped at `at` ms, read after that tap. */
export function useTappedChange(api: ApiCtx, admin: boolean, tap: { diffGfid: number; at: number } | undefined) {
  return useQuery({
    queryKey: ['changes', 'tapped', admin, tap?.diffGfid, tap?.at],
    enabled: !!tap,
    queryFn: ({ signal }) => locateChange(api, admin, tap!.diffGfid, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
