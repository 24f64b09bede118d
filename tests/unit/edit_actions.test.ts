import { describe, expect, it } from 'vitest';
import { propertyDefinitionSchema } from '../../src/model/index.ts';
import { emptyDraft, draftFromFeature, EditRefused, type DraftLayer } from '../../src/edit/draft.ts';
import { createFeature } from '../../src/edit/actions/create_feature.ts';
import { moveGeometry } from '../../src/edit/actions/move_geometry.ts';
import { setProperties } from '../../src/edit/actions/set_properties.ts';
import { deleteFeature } from '../../src/edit/actions/delete_feature.ts';
import { toSuggestion, draftHasChanges } from '../../src/edit/suggestion.ts';

const layer = (over: Partial<DraftLayer> = {}): DraftLayer => ({
  id: 'cities',
  workspace: 'ws_demo',
  geometryType: 'Point',
  editable: true,
  properties: [propertyDefinitionSchema.parse({ name: 'name' }), propertyDefinitionSchema.parse({ name: 'code', editAdminOnly: true })],
  ...over,
});
const pt = (x: number, y: number) => ({ type: 'Point' as const, coordinates: [x, y] });
const existing = (admin = false) =>
  draftFromFeature(layer(), { geometry: pt(1, 2), properties: { gfid: 7, version: 3, name: 'A', code: 'X' } }, admin);

describe('edit actions (pure, STYLE §4)', () => {
  it('createFeature makes a new feature without gfid and records the first position', () => {
    const d0 = emptyDraft(layer(), false);
    const d = createFeature(d0, { geometry: pt(5, 6), properties: { name: 'N' } });
    expect(d).toMatchObject({ gfid: null, geometry: pt(5, 6), properties: { name: 'N' }, moves: [{ from: null, to: pt(5, 6) }] });
    expect(d0.geometry).toBeNull(); // the input is untouched
    expect(toSuggestion(d)).toMatchObject({ method: 'POST', target: { workspace: 'ws_demo', layer: 'cities' } });
  });

  it('says why it cannot apply', () => {
    expect(createFeature.disabled(emptyDraft(layer({ editable: false }), false))).toBe('LAYER_NOT_EDITABLE');
    expect(
      createFeature.disabled(emptyDraft(layer(), false), {
        geometry: {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      }),
    ).toBe('GEOMETRY_TYPE_MISMATCH');
    expect(() => createFeature(emptyDraft(layer({ editable: false }), false), { geometry: pt(0, 0) })).toThrow(EditRefused);
    expect(deleteFeature.disabled(emptyDraft(layer(), false))).toBe('GFID_REQUIRED');
  });

  it('moveGeometry records old and new coordinates (SPEC §4)', () => {
    const d = moveGeometry(existing(), { geometry: pt(3, 4) });
    expect(d.moves).toEqual([{ from: pt(1, 2), to: pt(3, 4) }]);
    const s = toSuggestion(d);
    expect(s).toMatchObject({ method: 'PUT', target: { version: 3 } });
    expect(s.payload.features[0]).toMatchObject({ geometry: pt(3, 4), properties: { gfid: 7, version: 3 } });
  });

  it('setProperties refuses editAdminOnly for users and allows admins', () => {
    expect(setProperties.disabled(existing(), { values: { code: 'Y' } })).toBe('PROPERTY_ADMIN_ONLY');
    expect(setProperties(existing(true), { values: { code: 'Y' } }).properties.code).toBe('Y');
    const d = setProperties(existing(), { values: { name: 'B' } });
    expect(toSuggestion(d).payload.features[0].properties).toEqual({ gfid: 7, version: 3, name: 'B' });
  });

  it('an unchanged draft has no changes; deleteFeature sends DELETE', () => {
    expect(draftHasChanges(existing())).toBe(false);
    const d = deleteFeature(existing());
    expect(d.deleted).toBe(true);
    expect(toSuggestion(d).method).toBe('DELETE');
    expect(deleteFeature.disabled(d)).toBe('FEATURE_NOT_FOUND');
  });
});
