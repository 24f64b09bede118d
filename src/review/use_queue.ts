// The review queue's server state: pages of the app's pending items under the current filter, the
// badge's count, and bulk decisions (SPEC §2 Pending changes; server routes/review.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkDecisionAnswer, ReviewRef } from '../model/index.ts';
import { decideMany, fetchQueue, fetchReviewAccess, filterParams, type QueueFilter } from '../api/review.ts';
import { REVIEW_QUERY_ROOTS, type ApiCtx } from '../api/suggestions.ts';

export const QUEUE_PAGE_SIZE = 100;
/** Others suggest while the admin works: the badge asks again this often. */
const BADGE_REFRESH_MS = 60_000;

export function useQueuePage(api: ApiCtx, filter: QueueFilter, page: number, enabled = true) {
  return useQuery({
    queryKey: ['queue', api.appKey, filterParams(filter), page],
    enabled,
    queryFn: ({ signal }) => fetchQueue(api, filter, page, QUEUE_PAGE_SIZE, signal),
    staleTime: 30_000,
  });
}

/**
 * Whether the signed-in user reviews the app: its owner gets the admin tools though not an
 * administrator, and an administrator of another app does not (SPEC §6). Undefined until the server
 * answers (or offline), when the caller falls back to the user type.
 */
export function useReviewerAccess(api: ApiCtx, user: string | null) {
  return useQuery({
    queryKey: ['review-access', api.appKey, user],
    enabled: user !== null,
    queryFn: async ({ signal }) => (await fetchReviewAccess(api, signal)).reviewer,
    staleTime: 5 * 60_000,
  });
}

/** How many items wait for review in the app (the admin's badge); one row asked for, the total read. */
export function usePendingCount(api: ApiCtx, enabled: boolean) {
  return useQuery({
    queryKey: ['queue', api.appKey, 'count'],
    enabled,
    queryFn: async ({ signal }) => (await fetchQueue(api, {}, 1, 1, signal)).total,
    refetchInterval: BADGE_REFRESH_MS,
    staleTime: 10_000,
  });
}

export interface BulkRequest {
  accept: boolean;
  reason?: string;
  /** The ticked items, or (undefined) every pending item matching `filter`. */
  items?: ReviewRef[];
  filter: QueueFilter;
}

export function useBulkDecision(api: ApiCtx) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (r: BulkRequest): Promise<BulkDecisionAnswer> =>
      decideMany(api, {
        decision: r.accept ? 'accept' : 'decline',
        reason: r.accept ? undefined : r.reason || undefined,
        ...(r.items ? { items: r.items } : { filter: filterParams(r.filter) }),
      }),
    onSettled: () => qc.invalidateQueries({ predicate: (q) => REVIEW_QUERY_ROOTS.includes(String(q.queryKey[0])) }),
  });
}
