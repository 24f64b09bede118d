// A new feature's draft from a geometry made elsewhere than the Draw interaction: a point at the
// user's position or at a long-pressed spot, a recorded track (SPEC §4 Editing: "a new feature is a
// template point or shape added to the layer, made the active feature and flagged as new"). The draft
// form, the confirmation and the outbox then work as for a drawn feature.
import { geometryFamily, propertyDefinitionSchema, type Geometry, type GeometryType, type Layer } from '../model/index.ts';
import { fetchFeatureModel, type ApiCtx } from '../api/suggestions.ts';
import { useSelection } from '../state/selection_store.ts';
import { createFeature } from './actions/create_feature.ts';
import { emptyDraft } from './draft.ts';
import { useDraft } from './draft_store.ts';

/** SPEC §6: layers of `type` the user may suggest on (editable, with a workspace; not a `_diff` layer). */
export function editableLayersOf(layers: readonly Layer[], type: GeometryType): Layer[] {
  return layers.filter((l) => l.type === type && l.edit && l.workspace && !l.id.endsWith('_diff'));
}

/** Opens the draft form on `layer` with `geometry` in place (modify mode: its vertices can be moved). */
export async function startNewFeatureDraft(api: ApiCtx, layer: Layer, geometry: Geometry, admin: boolean): Promise<boolean> {
  const defs = layer.properties.length
    ? layer.properties
    : (await fetchFeatureModel(api, layer.id)).properties.map((p) => propertyDefinitionSchema.parse(p));
  useSelection.getState().clear();
  const store = useDraft.getState();
  store.start(
    emptyDraft(
      {
        id: layer.id,
        workspace: layer.workspace!,
        geometryType: geometryFamily(geometry.type) ?? 'Point',
        editable: true,
        properties: defs,
      },
      admin,
    ),
    'modify',
  );
  return store.apply(createFeature, { geometry });
}
