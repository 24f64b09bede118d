// "link copied" (SPEC §8): copies a text (an app key, a URL, a secret) and says so.
import { notifyError, notifySuccess } from '../state/notifications.ts';

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess('LINK_COPIED');
  } catch {
    notifyError('INTERNAL_SERVER_ERROR');
  }
}
