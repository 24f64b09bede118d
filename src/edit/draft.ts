// The feature being edited (SPEC §4 Editing), as plain immutable data. Edits are pure functions
// over it (src/edit/actions/*, STYLE.md §4); src/edit/suggestion.ts turns it into the suggestion
// sent to the server (STYLE.md §5: a suggestion is {gfid, baseVersion, before, after}).
import type { ErrorKey, Geometry, GeometryType, PropertyDefinition } from '../model/index.ts';
import type { NewAttachment } from '../outbox/requests.ts';

/** One geometry move: SPEC §4 "moving a point or editing polygon or line geometry records old and new coordinates". */
export interface GeometryMove {
  from: Geometry | null;
  to: Geometry;
}

export interface DraftLayer {
  id: string;
  workspace: string;
  geometryType: GeometryType;
  /** SPEC §6: editing only on layers flagged editable. */
  editable: boolean;
  properties: PropertyDefinition[];
}

export interface Draft {
  layer: DraftLayer;
  /** SPEC §3: absent (null) means a new feature. */
  gfid: number | null;
  /** The version the edit is based on, checked when an admin accepts (DESIGN "Suggestions never touch originals"). */
  baseVersion: number | null;
  /** The feature as loaded; null for a new one. */
  original: { geometry: Geometry | null; properties: Record<string, unknown> } | null;
  geometry: Geometry | null;
  properties: Record<string, unknown>;
  moves: GeometryMove[];
  deleted: boolean;
  /** Whether the editor is an admin (SPEC §6 editAdminOnly). */
  admin: boolean;
  /**
   * A new feature's photos, comments and other attachments, sent right after it: it has no gfid
   * until accepted (SPEC §5), so they hang on its suggestion instead.
   */
  attachments?: readonly NewAttachment[];
}

/** Why an edit cannot apply: an error-catalogue key, shown with its SPEC text. */
export type DisabledReason = ErrorKey | null;

export class EditRefused extends Error {
  constructor(readonly reason: ErrorKey) {
    super(reason);
    this.name = 'EditRefused';
  }
}

export function draftFromFeature(
  layer: DraftLayer,
  feature: { geometry: Geometry | null; properties: Record<string, unknown> },
  admin: boolean,
): Draft {
  const { gfid, version, ...properties } = feature.properties;
  return {
    layer,
    gfid: Number(gfid),
    baseVersion: typeof version === 'number' ? version : null,
    original: { geometry: feature.geometry, properties },
    geometry: feature.geometry,
    properties,
    moves: [],
    deleted: false,
    admin,
  };
}

/** An empty draft on a layer, before createFeature gives it a geometry. */
export function emptyDraft(layer: DraftLayer, admin: boolean): Draft {
  return { layer, gfid: null, baseVersion: null, original: null, geometry: null, properties: {}, moves: [], deleted: false, admin };
}
