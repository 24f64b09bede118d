// Property edits from the form. SPEC §6: editAdminOnly properties are for admins only, and
// properties flagged not editable are never changed by the client.
import { EditRefused, type DisabledReason, type Draft } from '../draft.ts';

export interface SetPropertiesEdit {
  /** Only the keys that change. */
  values: Record<string, unknown>;
}

/** Whether the property `name` may be edited in this draft (SPEC §6). */
export function propertyEditable(draft: Draft, name: string): boolean {
  const def = draft.layer.properties.find((p) => p.name === name);
  if (!def) return true; // not declared by the layer: a free property, left to the server
  return def.editable && (!def.editAdminOnly || draft.admin);
}

export function setProperties(draft: Draft, edit: SetPropertiesEdit): Draft {
  const reason = setProperties.disabled(draft, edit);
  if (reason) throw new EditRefused(reason);
  return { ...draft, properties: { ...draft.properties, ...edit.values } };
}

setProperties.disabled = (draft: Draft, edit?: SetPropertiesEdit): DisabledReason => {
  if (!draft.layer.editable) return 'LAYER_NOT_EDITABLE';
  if (draft.deleted) return 'FEATURE_NOT_FOUND';
  if (edit) {
    for (const [name, value] of Object.entries(edit.values)) {
      // Re-sending an unchanged value of a locked property is harmless; changing it is not.
      if (!propertyEditable(draft, name) && draft.properties[name] !== value) return 'PROPERTY_ADMIN_ONLY';
    }
  }
  return null;
};
