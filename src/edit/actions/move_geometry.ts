// SPEC §4: moving a point or editing polygon or line geometry records old and new coordinates.
import { geometryFamily, type Geometry } from '../../model/index.ts';
import { EditRefused, type DisabledReason, type Draft } from '../draft.ts';

export interface MoveGeometryEdit {
  geometry: Geometry;
}

export function moveGeometry(draft: Draft, edit: MoveGeometryEdit): Draft {
  const reason = moveGeometry.disabled(draft, edit);
  if (reason) throw new EditRefused(reason);
  return { ...draft, geometry: edit.geometry, moves: [...draft.moves, { from: draft.geometry, to: edit.geometry }] };
}

moveGeometry.disabled = (draft: Draft, edit?: MoveGeometryEdit): DisabledReason => {
  if (!draft.layer.editable) return 'LAYER_NOT_EDITABLE';
  if (draft.deleted) return 'FEATURE_NOT_FOUND';
  if (!draft.geometry) return 'NO_COORDINATES';
  if (edit && geometryFamily(edit.geometry.type) !== draft.layer.geometryType) return 'GEOMETRY_TYPE_MISMATCH'; // a Multi form belongs to its layer
  return null;
};
