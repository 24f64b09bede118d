// A kept track suggested as a new line feature (SPEC §4 track recording, §6 editable layers only):
// the track becomes a new feature's draft on the chosen line layer, through the same draft form,
// confirmation and outbox as a drawn line (src/edit), so it is queued when offline.
import { propertyDefinitionSchema, type Layer, type TrackPoint } from '../model/index.ts';
import { fetchFeatureModel, type ApiCtx } from '../api/suggestions.ts';
import { emptyDraft } from '../edit/draft.ts';
import { useDraft } from '../edit/draft_store.ts';
import { createFeature } from '../edit/actions/create_feature.ts';
import { useSelection } from '../state/selection_store.ts';

/** SPEC §6: line layers the user may suggest on (editable, with a workspace; not a `_diff` layer). */
export function trackLayers(layers: readonly Layer[]): Layer[] {
  return layers.filter((l) => l.type === 'LineString' && l.edit && l.workspace && !l.id.endsWith('_diff'));
}

export async function draftFromTrack(api: ApiCtx, layer: Layer, points: readonly TrackPoint[], admin: boolean): Promise<boolean> {
  const defs = layer.properties.length
    ? layer.properties
    : (await fetchFeatureModel(api, layer.id)).properties.map((p) => propertyDefinitionSchema.parse(p));
  useSelection.getState().clear();
  const store = useDraft.getState();
  store.start(
    emptyDraft({ id: layer.id, workspace: layer.workspace!, geometryType: 'LineString', editable: true, properties: defs }, admin),
    'modify',
  );
  // Altitude and time stay in the GPX: a line feature's geometry is 2D (SPEC §3 data in EPSG:4326).
  return store.apply(createFeature, { geometry: { type: 'LineString', coordinates: points.map((p) => [p.lon, p.lat]) } });
}
