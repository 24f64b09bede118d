// Sends the draft as a suggestion and tells the user it awaits review (SPEC §4 Suggestions, §8
// success 'upload successful awaiting admin review'). Offline → the SPEC §8 no-connection notice.
import { notifyError, notifyOffline, notifySuccess, errorKeyOf, notify } from '../state/notifications.ts';
import { ApiError } from '../api/client.ts';
import { suggest, type ApiCtx, type ChangeEntry } from '../api/suggestions.ts';
import { draftHasChanges, toSuggestion } from './suggestion.ts';
import type { Draft } from './draft.ts';
import { DIFF_SUFFIX } from '../model/index.ts';
import { refreshMapFeatures } from '../map/refreshFeatures.ts';

export async function submitDraft(ctx: ApiCtx, draft: Draft): Promise<ChangeEntry | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    notifyOffline();
    return null;
  }
  // SPEC §5: an update with no changes is rejected; say so without a round trip.
  if (!draftHasChanges(draft)) {
    notifyError('NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE');
    return null;
  }
  const req = toSuggestion(draft);
  try {
    const entry = await suggest(ctx, req.method, req.target, req.payload);
    notifySuccess('UPLOAD_SUCCESSFUL');
    // Issue 4: the new proposal appears in the shown `_diff` layer as one feature, not a reload.
    void refreshMapFeatures(ctx, { layerId: entry.layerId + DIFF_SUFFIX, gfids: [entry.diffGfid] });
    return entry;
  } catch (err) {
    if (err instanceof TypeError) notifyOffline(); // fetch failed: no connection
    else if (err instanceof ApiError && errorKeyOf(err) === 'INTERNAL_SERVER_ERROR' && err.message) {
      notify({ intent: 'error', textKey: `errors.${err.key}`, defaultText: err.message });
    } else notifyError(errorKeyOf(err));
    return null;
  }
}
