// Accept or decline queue items (one, the ticked ones, or every match) with ONE confirmation (SPEC §8
// confirmations); the server still runs each as its own version-checked transaction and answers how
// many were applied and which conflicted, which the queue shows.
import type { BulkDecisionAnswer, ReviewRef } from '../model/index.ts';
import { DIFF_SUFFIX } from '../model/index.ts';
import { ApiError } from '../api/client.ts';
import type { QueueFilter } from '../api/review.ts';
import { useConfirm } from '../dialogs/confirm_store.ts';
import { refreshMapFeatures } from '../map/refresh_features.ts';
import { pingServer } from '../pwa/connectivity.ts';
import { notify, notifyOffline } from '../state/notifications.ts';
import { useFeatureUi } from '../ui/context.ts';
import { useBulkDecision } from './use_queue.ts';

export interface QueueDecision {
  accept: boolean;
  /** What the confirmation names: one item's title, or "the 42 selected suggestions". */
  subject: string;
  /** The items, or undefined for every pending item matching `filter`. */
  items?: ReviewRef[];
  filter: QueueFilter;
  reason?: string;
}

/** The map changes by the decided features only: each layer's accepted versions, and the proposals leaving `_diff`. */
function refreshMap(api: ReturnType<typeof useFeatureUi>['api'], answer: BulkDecisionAnswer, accept: boolean) {
  const byLayer = new Map<string, BulkDecisionAnswer['features']>();
  for (const f of answer.features) {
    const features = byLayer.get(f.layerId);
    if (features) features.push(f);
    else byLayer.set(f.layerId, [f]);
  }
  for (const [layerId, features] of byLayer) {
    if (accept) void refreshMapFeatures(api, { layerId, workspace: features[0].workspace, gfids: features.map((f) => f.gfid) });
    void refreshMapFeatures(api, { layerId: layerId + DIFF_SUFFIX, gfids: features.map((f) => f.diffGfid) });
  }
}

export function useQueueDecide() {
  const ui = useFeatureUi();
  const confirm = useConfirm();
  const bulk = useBulkDecision(ui.api);
  return async (d: QueueDecision): Promise<BulkDecisionAnswer | null> => {
    // Decisions are never queued: they need the server's answer now, so say so first.
    if (!navigator.onLine || !(await pingServer(ui.api.apiBase))) {
      notifyOffline();
      return null;
    }
    if (!(await confirm(d.accept ? 'accept' : 'decline', d.subject))) return null;
    try {
      const answer = await bulk.mutateAsync({ accept: d.accept, items: d.items, filter: d.filter, reason: d.reason });
      // The toast measures its height as it enters (a forced layout): in a task of its own, not in the
      // one that shows the summary and the refreshed queue (issue 14: no task over 50 ms).
      setTimeout(() =>
        notify({
          intent: answer.conflicts.length ? 'warning' : 'success',
          textKey: answer.conflicts.length ? 'review.summaryConflicts' : 'review.summary',
          values: { count: answer.applied, conflicts: answer.conflicts.length },
        }),
      );
      refreshMap(ui.api, answer, d.accept);
      return answer;
    } catch (err) {
      const key = err instanceof ApiError ? err.key : undefined;
      notify({ intent: 'error', textKey: `errors.${key ?? 'INTERNAL_SERVER_ERROR'}`, defaultText: (err as Error).message });
      return null;
    }
  };
}
