// Export of a layer, a search result or a selection as a file (issue 15 part 6): GET
// /api/features/export with the stored credentials, answered as the file's bytes.
import type { ExportFormat } from '../model/index.ts';
import { type ApiCtx, fetchBlob } from './suggestions.ts';

export interface ExportRequest {
  workspace: string;
  layer: string;
  format: ExportFormat;
  /** Only these features (at most EXPORT_MAX_GFIDS); the whole layer when absent. */
  gfids?: readonly number[];
}

export function fetchExport(ctx: ApiCtx, { workspace, layer, format, gfids }: ExportRequest): Promise<Blob> {
  const query = new URLSearchParams({ workspace, layer, f: format });
  if (gfids) query.set('gfids', gfids.join(','));
  return fetchBlob(ctx, `/features/export?${query}`);
}
