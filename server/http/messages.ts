// Message keys the server needed for issue 3 that the model catalogue (src/model/errors.ts ERRORS)
// does not have yet. Same shape as ERRORS (key → exact English text); to be moved into the model.
export const SERVER_MESSAGES = {
  // DESIGN "Suggestions never touch originals": the feature moved on since the suggestion was made.
  CHANGE_CONFLICT:
    'The feature was changed since this suggestion was made (its version is no longer the base version); nothing was applied.',
  // Accepting or declining twice (SPEC §4: pending, then accepted or declined).
  CHANGE_NOT_PENDING: 'This suggestion was already accepted or declined.',
  // SPEC §6: layer editing only on layers flagged editable.
  LAYER_NOT_EDITABLE: 'This layer is not editable.',
  // SPEC §6: property definitions with editAdminOnly limit editing of that property to admins.
  PROPERTY_ADMIN_ONLY: 'Only an administrator may change this property.',
  // SPEC §6: a user who fails workspace registration cannot edit data.
  WORKSPACE_NOT_REGISTERED: 'You are not registered on this workspace and cannot edit its data.',
  // SPEC §4: suggestions go to a managed workspace's diff layer; this layer has none.
  NO_DIFF_LAYER: 'This layer has no diff layer for suggestions.',
  // The geometry type of a suggestion must be the layer's (SPEC §3 Layer type).
  GEOMETRY_TYPE_MISMATCH: 'The geometry type does not match the layer.',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;
