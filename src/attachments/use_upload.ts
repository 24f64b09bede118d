// Sending an attachment suggestion through the outbox: answered, it says it awaits
// review (SPEC §8); not answered, it is kept on the device and sent later; refused, the server's
// catalogue text. On a draft (a new feature, no gfid yet) the caller keeps it with the draft instead.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { notify, notifyInfo, notifySuccess } from '../state/notifications.ts';
import { submitSuggestion } from '../outbox/outbox.ts';
import { attachmentOutboxRequest, type NewAttachment } from '../outbox/requests.ts';
import { useFeatureUi } from '../ui/context.ts';

/**
 * Where an attachment goes: an existing feature, or (`gfid` null) the open draft's new feature, which
 * `keep` hands it to so that it goes with the feature (src/edit/DraftAttachments.tsx).
 */
export type AttachTo = { gfid: number; keep?: undefined } | { gfid: null; keep: (attachment: NewAttachment) => void };

export function useUpload(to: AttachTo, kind: string, onDone: () => void) {
  const { gfid } = to;
  const qc = useQueryClient();
  const { api } = useFeatureUi();
  return useMutation({
    mutationFn: async (attachment: NewAttachment): Promise<'sent' | 'queued' | 'draft'> => {
      if (to.gfid === null) {
        to.keep(attachment);
        return 'draft';
      }
      const outcome = await submitSuggestion(api, await attachmentOutboxRequest({ gfid: to.gfid }, attachment));
      return outcome.sent ? 'sent' : 'queued';
    },
    onSuccess: (result) => {
      if (result === 'sent') notifySuccess('UPLOAD_SUCCESSFUL');
      if (result === 'queued') notifyInfo('outbox.queued');
      if (gfid !== null) void qc.invalidateQueries({ queryKey: ['attachments', gfid, kind] });
      onDone();
    },
    onError: (err) => {
      notify({
        intent: 'error',
        textKey: `errors.${err instanceof ApiError && err.key ? err.key : 'INTERNAL_SERVER_ERROR'}`,
        defaultText: err.message,
      });
    },
  });
}
