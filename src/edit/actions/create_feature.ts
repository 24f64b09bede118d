// SPEC §4: "A new feature is a template point or shape added to the layer, made the active feature
// and flagged as new; it has no gfid."
import { geometryFamily, type Geometry } from '../../model/index.ts';
import { EditRefused, type DisabledReason, type Draft } from '../draft.ts';

export interface CreateFeatureEdit {
  geometry: Geometry;
  properties?: Record<string, unknown>;
}

export function createFeature(draft: Draft, edit: CreateFeatureEdit): Draft {
  const reason = createFeature.disabled(draft, edit);
  if (reason) throw new EditRefused(reason);
  return {
    ...draft,
    gfid: null,
    baseVersion: null,
    original: null,
    geometry: edit.geometry,
    properties: { ...(edit.properties ?? {}) },
    moves: [{ from: null, to: edit.geometry }],
    deleted: false,
  };
}

createFeature.disabled = (draft: Draft, edit?: CreateFeatureEdit): DisabledReason => {
  if (!draft.layer.editable) return 'LAYER_NOT_EDITABLE';
  if (draft.gfid !== null) return 'INVALID_VALUE'; // a saved feature is modified, not created
  if (edit && geometryFamily(edit.geometry.type) !== draft.layer.geometryType) return 'GEOMETRY_TYPE_MISMATCH'; // a Multi form belongs to its layer
  return null;
};
