// Sending an attachment suggestion through the outbox (issue 11): answered, it says it awaits
// review (SPEC §8); not answered, it is kept on the device and sent later; refused, the server's
// catalogue text. On a draft (a new feature, no gfid yet) it is kept with the draft instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { notify, notifyInfo, notifySuccess } from '../state/notifications.ts';
import { submitSuggestion } from '../outbox/outbox.ts';
import { attachmentOutboxRequest, type NewAttachment } from '../outbox/requests.ts';
import { useDraft } from '../edit/draftStore.ts';
import { useFeatureUi } from '../features/context.ts';

/** `gfid` null: the attachment joins the open draft and goes with its feature. */
export function useUpload(gfid: number | null, kind: string, onDone: () => void) {
  const qc = useQueryClient();
  const { api } = useFeatureUi();
  return useMutation({
    mutationFn: async (attachment: NewAttachment): Promise<'sent' | 'queued' | 'draft'> => {
      if (gfid === null) {
        useDraft.getState().addAttachment(attachment);
        return 'draft';
      }
      const outcome = await submitSuggestion(api, await attachmentOutboxRequest({ gfid }, attachment));
      return outcome.sent ? 'sent' : 'queued';
    },
    onSuccess: (result) => {
      if (result === 'sent') notifySuccess('UPLOAD_SUCCESSFUL');
      if (result === 'queued') notifyInfo('outbox.queued');
      if (gfid !== null) void qc.invalidateQueries({ queryKey: ['attachments', gfid, kind] });
      onDone();
    },
    onError: (err) => {
      notify({ intent: 'error', textKey: `errors.${err instanceof ApiError && err.key ? err.key : 'INTERNAL_SERVER_ERROR'}`, defaultText: err.message });
    },
  });
}
