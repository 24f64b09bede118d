// SPEC §2/§7: download the feature as PDF (GET features/{gfid}/download/advanced as a blob).
import { fetchPdf, type ApiCtx } from '../api/suggestions.ts';
import { safeFileName, saveBlob } from '../ui/save_blob.ts';

export async function downloadPdf(ctx: ApiCtx, gfid: number, fileName: string): Promise<void> {
  saveBlob(await fetchPdf(ctx, gfid), `${safeFileName(fileName, 'feature')}.pdf`);
}
