// Sending an attachment suggestion: success says it awaits review (SPEC §8), offline says so,
// server refusals show their catalogue text.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { notify, notifyOffline, notifySuccess } from '../state/notifications.ts';

export function useUpload<T>(gfid: number, kind: string, send: (input: T) => Promise<unknown>, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: T) => {
      if (navigator.onLine === false) throw new TypeError('offline');
      return send(input);
    },
    onSuccess: () => {
      notifySuccess('UPLOAD_SUCCESSFUL');
      void qc.invalidateQueries({ queryKey: ['attachments', gfid, kind] });
      onDone();
    },
    onError: (err) => {
      if (err instanceof TypeError) notifyOffline();
      else notify({ intent: 'error', textKey: `errors.${err instanceof ApiError ? err.key : 'INTERNAL_SERVER_ERROR'}`, defaultText: err.message });
    },
  });
}
