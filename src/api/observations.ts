// SPEC §7 observations: a feature's observations, a layer's species, and the observations of a layer whose species matches a search.
import { useQuery } from '@tanstack/react-query';
import type { Observation, Species } from '../model/index.ts';
import { apiFetch } from './client.ts';
import type { ApiCtx } from './suggestions.ts';

const opts = (ctx: ApiCtx, signal?: AbortSignal) => ({ apiBase: ctx.apiBase, appKey: ctx.appKey, signal });

export const fetchFeatureObservations = (ctx: ApiCtx, gfid: number, signal?: AbortSignal) =>
  apiFetch<Observation[]>(`/features/${gfid}/observations`, {}, opts(ctx, signal));

export const searchObservations = (ctx: ApiCtx, workspace: string, layer: string, search: string, signal?: AbortSignal) =>
  apiFetch<Observation[]>(
    `/layers/${encodeURIComponent(layer)}/observations?${new URLSearchParams({ workspace, search })}`,
    {},
    opts(ctx, signal),
  );

export const fetchSpecies = (ctx: ApiCtx, workspace: string, layer: string, signal?: AbortSignal) =>
  apiFetch<Species[]>(`/layers/${encodeURIComponent(layer)}/species?${new URLSearchParams({ workspace })}`, {}, opts(ctx, signal));

export function useFeatureObservations(ctx: ApiCtx, gfid: number) {
  // Keyed as an attachment kind: a suggested observation refreshes it like any attachment (use_upload.ts).
  return useQuery({
    queryKey: ['attachments', gfid, 'observations'],
    queryFn: ({ signal }) => fetchFeatureObservations(ctx, gfid, signal),
  });
}
