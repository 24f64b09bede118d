// Calls and react-query hooks for suggestions (SPEC §4, §7 "Features" and "Feature attachments"):
// one feature, its history, its attachments, the PDF, and the pending-changes list. Shapes are the
// server's (docs/CONTRACT.md "Suggestions, attachments and PDF").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptChangeAnswer,
  AttachmentItem,
  ChangeEntry,
  ChangePage,
  DeclineChangeAnswer,
  FeatureRecord,
  HistoryRow,
  ImageList,
} from '../model/index.ts';
import { apiFetch, storedCredentials, type ApiOptions } from './client.ts';
import { apiError, apiHeaders, apiUrl } from './http.ts';

// The answers' types are the model's response schemas (src/model/entities/wire.ts), the ones the server declares.
export type { AttachmentItem, ChangeEntry, ChangePage, FeatureRecord, HistoryRow };
/** Where calls go: the server base ('' = same origin) and the app key (SPEC §7). */
export interface ApiCtx {
  apiBase: string;
  appKey: string;
  /** The app's name: it names the app's local database (SPEC §9), where the outbox keeps suggestions. */
  appName?: string;
}
const opts = (ctx: ApiCtx, signal?: AbortSignal): ApiOptions => ({ apiBase: ctx.apiBase, appKey: ctx.appKey, signal });

export const ATTACHMENT_KINDS = ['comments', 'links', 'bibliographies', 'documents', 'tags', 'images'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];
export const fetchFeature = (ctx: ApiCtx, gfid: number, signal?: AbortSignal) =>
  apiFetch<FeatureRecord>(`/features/${gfid}`, {}, opts(ctx, signal));
export const fetchHistory = (ctx: ApiCtx, gfid: number, signal?: AbortSignal) =>
  apiFetch<HistoryRow[]>(`/features/${gfid}/history`, {}, opts(ctx, signal));
export const fetchFeatureModel = (ctx: ApiCtx, layerId: string, signal?: AbortSignal) =>
  apiFetch<{ properties: unknown[] }>(
    `/apps/layers/${encodeURIComponent(layerId)}/featuremodel?appkey=${ctx.appKey}`,
    {},
    opts(ctx, signal),
  );

export async function fetchAttachments(ctx: ApiCtx, gfid: number, kind: AttachmentKind, signal?: AbortSignal): Promise<AttachmentItem[]> {
  const body = await apiFetch<AttachmentItem[] | ImageList>(`/features/${gfid}/${kind}`, {}, opts(ctx, signal));
  return Array.isArray(body) ? body : body.imagesWithDescription;
}

export function fetchChanges(ctx: ApiCtx, q: { admin: boolean; page: number; pageSize: number; fromId?: number }, signal?: AbortSignal) {
  const qs = new URLSearchParams({ admin: String(q.admin), page: String(q.page), pageSize: String(q.pageSize) });
  if (q.fromId) qs.set('fromId', String(q.fromId));
  return apiFetch<ChangePage>(`/features/changes?${qs}`, {}, opts(ctx, signal));
}

export type SuggestMethod = 'POST' | 'PUT' | 'DELETE';
export const acceptChange = (ctx: ApiCtx, id: number) =>
  apiFetch<AcceptChangeAnswer>(`/features/changes/${id}/accept`, { method: 'PUT' }, opts(ctx));
export const declineChange = (ctx: ApiCtx, id: number) =>
  apiFetch<DeclineChangeAnswer>(`/features/changes/${id}/decline`, { method: 'DELETE' }, opts(ctx));

/** A call whose answer is a blob (apiFetch reads JSON), with the stored credentials. */
export async function fetchBlob(ctx: ApiCtx, path: string, signal?: AbortSignal): Promise<Blob> {
  const headers = apiHeaders({ appKey: ctx.appKey, credentials: storedCredentials() });
  const res = await fetch(apiUrl(ctx.apiBase, path), { headers, signal });
  if (!res.ok) throw await apiError(res, `${res.status}`);
  return res.blob();
}
/** SPEC §7 PDF: GET features/{gfid}/download/advanced with appkey and noteBoxList, as blob. */
export const fetchPdf = (ctx: ApiCtx, gfid: number, notes: string[] = []) =>
  fetchBlob(ctx, `/features/${gfid}/download/advanced?${new URLSearchParams({ appkey: ctx.appKey, noteBoxList: JSON.stringify(notes) })}`);

// ---- hooks ----
export const featureKey = (gfid: number) => ['feature', gfid] as const;
export function useHistory(ctx: ApiCtx, gfid: number) {
  return useQuery({ queryKey: ['history', gfid], queryFn: ({ signal }) => fetchHistory(ctx, gfid, signal) });
}
export function useAttachments(ctx: ApiCtx, gfid: number, kind: AttachmentKind) {
  return useQuery({ queryKey: ['attachments', gfid, kind], queryFn: ({ signal }) => fetchAttachments(ctx, gfid, kind, signal) });
}
/** After a review decision every cached page, feature and history may be stale. */
export const REVIEW_QUERY_ROOTS = ['changes', 'feature', 'history', 'queue', 'attachments', 'mySuggestions'];
export function useReviewDecision(ctx: ApiCtx) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, accept }: { id: number; accept: boolean }): Promise<AcceptChangeAnswer | DeclineChangeAnswer> =>
      accept ? acceptChange(ctx, id) : declineChange(ctx, id),
    onSettled: () => qc.invalidateQueries({ predicate: (q) => REVIEW_QUERY_ROOTS.includes(String(q.queryKey[0])) }),
  });
}
