// Accept or decline with a confirmation (SPEC §8 confirmations for accept and decline). A refusal
// (409 CHANGE_CONFLICT / CHANGE_NOT_PENDING) shows the server's catalogue text in red.
import { useConfirm } from '../dialogs/confirm_store.ts';
import { useReviewDecision } from '../api/suggestions.ts';
import { ApiError } from '../api/client.ts';
import { notify, notifyOffline } from '../state/notifications.ts';
import { useFeatureUi } from '../ui/context.ts';
import type { ReviewEntry } from '../../workers/data/protocol.ts';
import { DIFF_SUFFIX } from '../model/index.ts';
import { refreshMapFeatures } from '../map/refresh_features.ts';
import { pingServer } from '../pwa/connectivity.ts';

/**
 * What a change is called in lists and confirmations: the feature's name (the proposed one, else the
 * current one; issue 19), else its GFID, else "suggested feature".
 */
export function entryLabel(e: Pick<ReviewEntry, 'gfid' | 'before' | 'after'>, suggested: string, nameProperty = 'name'): string {
  const name = e.after?.properties[nameProperty] ?? e.before?.properties[nameProperty];
  if (typeof name === 'string' && name.trim()) return name.trim();
  return e.gfid == null ? suggested : `GFID ${e.gfid}`;
}

export function useDecide() {
  const ui = useFeatureUi();
  const confirm = useConfirm();
  const decision = useReviewDecision(ui.api);
  return async (entry: ReviewEntry, accept: boolean, subject: string): Promise<{ gfid?: number } | null> => {
    // Decisions are never queued: they need the server's answer now, so say so first.
    if (!navigator.onLine || !(await pingServer(ui.api.apiBase))) {
      notifyOffline();
      return null;
    }
    if (!(await confirm(accept ? 'accept' : 'decline', subject))) return null;
    try {
      const result = await decision.mutateAsync({ id: entry.id, accept });
      notify({ intent: 'success', textKey: accept ? 'review.accepted' : 'review.declined' });
      // The map changes by this one feature (a deletion's gfid answers 404: removed), and the
      // proposal leaves the diff layer either way; not awaited, the decision has succeeded already.
      const { gfid } = result as { gfid?: number };
      if (accept) void refreshMapFeatures(ui.api, { layerId: entry.layerId, workspace: entry.workspace, gfids: [gfid] });
      void refreshMapFeatures(ui.api, { layerId: entry.layerId + DIFF_SUFFIX, gfids: [entry.diffGfid] });
      return result as { gfid?: number };
    } catch (err) {
      const key = err instanceof ApiError ? err.key : undefined;
      notify({ intent: 'error', textKey: `errors.${key ?? 'INTERNAL_SERVER_ERROR'}`, defaultText: (err as Error).message });
      return null;
    }
  };
}
