// SPEC §2/§7: download the feature as PDF (GET features/{gfid}/download/advanced as a blob), saved
// through an object URL so it works with the session header that a plain link could not send.
import { fetchPdf, type ApiCtx } from '../api/suggestions.ts';

export async function downloadPdf(ctx: ApiCtx, gfid: number, fileName: string): Promise<void> {
  const blob = await fetchPdf(ctx, gfid);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${fileName.replace(/[^\p{L}\p{N} ._-]+/gu, '_') || 'feature'}.pdf`;
  document.body.append(a);
  a.click();
  a.remove();
  // Let the download start before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
