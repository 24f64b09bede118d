// Sends the draft as a suggestion (SPEC §4 Suggestions) through the outbox: answered at
// once, it says it awaits review (SPEC §8 'upload successful awaiting admin review'); with no server
// to answer, it is kept on the device, drawn on the map and sent when the connection is back.
import { notifyError, notifySuccess, notifyInfo, errorKeyOf, notify } from '../state/notifications.ts';
import { ApiError } from '../api/client.ts';
import type { ApiCtx, ChangeEntry } from '../api/suggestions.ts';
import { draftHasChanges, featureRequest } from './suggestion.ts';
import type { Draft } from './draft.ts';
import { DIFF_SUFFIX } from '../model/index.ts';
import { refreshMapFeatures } from '../map/refresh_features.ts';
import { submitSuggestion } from '../outbox/outbox.ts';
import { attachmentOutboxRequest } from '../outbox/requests.ts';

export type SubmitResult = { status: 'sent'; entry: ChangeEntry } | { status: 'queued' };

export async function submitDraft(ctx: ApiCtx, draft: Draft): Promise<SubmitResult | null> {
  // SPEC §5: an update with no changes is rejected; say so without a round trip.
  if (!draftHasChanges(draft)) {
    notifyError('NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE');
    return null;
  }
  try {
    const target = { parent: 0, layerId: draft.layer.id, workspace: draft.layer.workspace };
    const attachments = await Promise.all((draft.attachments ?? []).map((a) => attachmentOutboxRequest(target, a)));
    const outcome = await submitSuggestion(ctx, featureRequest(draft), attachments);
    if (!outcome.sent) {
      notifyInfo('outbox.queued');
      return { status: 'queued' };
    }
    const entry = outcome.answer as ChangeEntry;
    notifySuccess('UPLOAD_SUCCESSFUL');
    // The new proposal appears in the shown `_diff` layer as one feature, not a reload.
    void refreshMapFeatures(ctx, { layerId: entry.layerId + DIFF_SUFFIX, gfids: [entry.diffGfid] });
    return { status: 'sent', entry };
  } catch (err) {
    if (err instanceof ApiError && errorKeyOf(err) === 'INTERNAL_SERVER_ERROR' && err.message) {
      notify({ intent: 'error', textKey: `errors.${err.key}`, defaultText: err.message });
    } else notifyError(errorKeyOf(err));
    return null;
  }
}
