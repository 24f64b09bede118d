// SPEC §4 Suggestions: a delete is a proposal too; the original stays until an admin accepts it.
import { EditRefused, type DisabledReason, type Draft } from '../draft.ts';

export function deleteFeature(draft: Draft, _edit: Record<string, never> = {}): Draft {
  const reason = deleteFeature.disabled(draft);
  if (reason) throw new EditRefused(reason);
  return { ...draft, deleted: true };
}

deleteFeature.disabled = (draft: Draft): DisabledReason => {
  if (!draft.layer.editable) return 'LAYER_NOT_EDITABLE';
  // A new feature has nothing to delete on the server: discard the draft instead (SPEC §5 needs a gfid).
  if (draft.gfid === null) return 'GFID_REQUIRED';
  if (draft.deleted) return 'FEATURE_NOT_FOUND';
  return null;
};
