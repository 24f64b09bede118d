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

/** Saves a blob under a file name through a temporary link (the invoice download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
