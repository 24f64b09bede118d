// A draft → the suggestion request (SPEC §3 feature payload; STYLE.md §5 suggestions as diffs):
// POST for a new feature, PUT with only the changed properties, DELETE for a removal.
import { hasFeatureChanges, type FeaturePayload, type OutboxMeta, type OutboxRequest } from '../model/index.ts';
import type { Draft } from './draft.ts';
import type { SuggestMethod } from '../api/suggestions.ts';
import { json } from '../outbox/requests.ts';

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

/** SPEC §3: a feature's name is its name property, else the layer's. */
function featureLabel(draft: Draft): string {
  const name = draft.properties.name;
  return typeof name === 'string' && name.trim() ? name.trim() : draft.layer.id;
}

/** The draft as an outbox request (SPEC §7 "Features"), sent now or kept for later. */
export function featureRequest(draft: Draft): OutboxRequest {
  const req = toSuggestion(draft);
  const qs = new URLSearchParams({ workspace: req.target.workspace, layer: req.target.layer });
  if (req.target.version) qs.set('version', String(req.target.version));
  const meta: OutboxMeta = {
    subject: 'feature',
    layerId: draft.layer.id,
    workspace: draft.layer.workspace,
    grpstatus: req.method === 'POST' ? 'n' : req.method === 'PUT' ? 'm' : 'd',
    gfid: draft.gfid,
    baseVersion: draft.baseVersion,
    label: featureLabel(draft),
    geometry: draft.geometry,
    properties: draft.properties,
  };
  return { method: req.method, path: `/features/changes?${qs}`, contentType: 'application/json', body: json(req.payload), meta };
}
