// Saving a file the app fetched (a PDF, an export): through an object URL and a download link, so
// the call could carry the session header that a plain link cannot send.

/** A file name of letters, digits, spaces, dots, dashes and underscores; `fallback` when nothing is left. */
export const safeFileName = (name: string, fallback: string) => name.replace(/[^\p{L}\p{N} ._-]+/gu, '_') || fallback;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
