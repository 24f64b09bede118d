// The admin review queue of an app and "My suggestions" (SPEC §2 Pending changes, §4, §6; server
// routes/review.ts). Shapes are the model's (src/model/entities/review.ts).
import type { BulkDecision, BulkDecisionAnswer, ReviewAccess, ReviewKind, ReviewPage } from '../model/index.ts';
import { apiFetch, type ApiOptions } from './client.ts';
import type { ApiCtx } from './suggestions.ts';

/** The queue's filters as the client holds them; undefined = no filter. */
export interface QueueFilter {
  kinds?: ReviewKind[];
  layer?: string;
  creator?: string;
  /** ISO 8601 bounds of the submission date. */
  from?: string;
  to?: string;
  /** minLon, minLat, maxLon, maxLat (EPSG:4326): the rectangle drawn on the map. */
  bbox?: [number, number, number, number];
}

const opts = (ctx: ApiCtx, signal?: AbortSignal): ApiOptions => ({ apiBase: ctx.apiBase, appKey: ctx.appKey, signal });

/** The filters in the query-string form both the list and a bulk decision take. */
export function filterParams(f: QueueFilter): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.kinds?.length) out.kinds = f.kinds.join(',');
  if (f.layer) out.layer = f.layer;
  if (f.creator) out.creator = f.creator;
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.bbox) out.bbox = f.bbox.join(',');
  return out;
}

export function fetchQueue(ctx: ApiCtx, filter: QueueFilter, page: number, pageSize: number, signal?: AbortSignal) {
  const qs = new URLSearchParams({ ...filterParams(filter), page: String(page), pageSize: String(pageSize) });
  return apiFetch<ReviewPage>(`/apps/${ctx.appKey}/review?${qs}`, {}, opts(ctx, signal));
}

/** Whether the signed-in user reviews this app (its owner or one of its admins, SPEC §6). */
export const fetchReviewAccess = (ctx: ApiCtx, signal?: AbortSignal) =>
  apiFetch<ReviewAccess>(`/apps/${ctx.appKey}/review/access`, {}, opts(ctx, signal));

export const decideMany = (ctx: ApiCtx, body: BulkDecision) =>
  apiFetch<BulkDecisionAnswer>(
    `/apps/${ctx.appKey}/review/decisions`,
    { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } },
    opts(ctx),
  );

export function fetchMySuggestions(ctx: ApiCtx, page: number, pageSize: number, signal?: AbortSignal) {
  const qs = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  return apiFetch<ReviewPage>(`/apps/${ctx.appKey}/suggestions/mine?${qs}`, {}, opts(ctx, signal));
}
