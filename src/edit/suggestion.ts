// A draft → the suggestion request (SPEC §3 feature payload; STYLE.md §5 suggestions as diffs):
// POST for a new feature, PUT with only the changed properties, DELETE for a removal.
import { hasFeatureChanges, type FeaturePayload } from '../model/index.ts';
import type { Draft } from './draft.ts';
import type { SuggestMethod } from '../api/suggestions.ts';

export interface SuggestionRequest {
  method: SuggestMethod;
  target: { workspace: string; layer: string; version?: number };
  payload: FeaturePayload;
}

/** The properties that differ from the original (the payload is a patch, SPEC §3). */
export function changedValues(draft: Draft): Record<string, unknown> {
  const before = draft.original?.properties ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(draft.properties)) {
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)) out[k] = v;
  }
  return out;
}

/** False when an update changes nothing (SPEC §5: such an update is rejected; the server says so too). */
export function draftHasChanges(draft: Draft): boolean {
  if (draft.gfid === null || draft.deleted) return true;
  return hasFeatureChanges(draft.original ?? {}, { geometry: draft.geometry, properties: draft.properties });
}

export function toSuggestion(draft: Draft): SuggestionRequest {
  const target = { workspace: draft.layer.workspace, layer: draft.layer.id, version: draft.baseVersion ?? undefined };
  if (!draft.geometry) throw new Error('NO_COORDINATES');
  const feature = (properties: Record<string, unknown>) => ({
    type: 'FeatureCollection' as const,
    features: [{ type: 'Feature' as const, geometry: draft.geometry!, properties }],
  });
  if (draft.gfid === null) return { method: 'POST', target, payload: feature(draft.properties) };
  const ids = { gfid: draft.gfid, version: draft.baseVersion ?? undefined };
  if (draft.deleted) return { method: 'DELETE', target, payload: feature(ids) };
  return { method: 'PUT', target, payload: feature({ ...ids, ...changedValues(draft) }) };
}
