// Workspaces (SPEC §7): a server namespace of layers; a managed one has a diff workspace for suggestions.
import { z } from 'zod';
import { WORKSPACE_NAME_MAX_LENGTH, WORKSPACE_PREFIX } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { requiredString } from './common.ts';

export const workspaceNameSchema = requiredString()
  .max(WORKSPACE_NAME_MAX_LENGTH, { error: ERRORS.VALUE_TOO_LONG })
  .regex(/^[A-Za-z0-9_]+$/, { error: ERRORS.INVALID_WORKSPACE });

export const workspaceSchema = z.object({
  name: workspaceNameSchema,
  publicAccess: z.boolean().default(false),
  managed: z.boolean().default(false),
  // SPEC §4: suggestions go to the managed diff workspace.
  diffWorkspace: z.string().nullish(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** POST /api/workspaces body (SPEC §7: optional publicAccess and managed flags). */
export const createWorkspaceSchema = z.object({
  name: workspaceNameSchema.refine((n) => n.startsWith(WORKSPACE_PREFIX), { error: ERRORS.INVALID_WORKSPACE }),
  publicAccess: z.boolean().optional(),
  managed: z.boolean().optional(),
});
export type CreateWorkspace = z.infer<typeof createWorkspaceSchema>;

/** POST /api/workspaces/{ws}/register body. */
export const workspaceRegistrationSchema = z.object({ workspaceSecret: requiredString() });
export type WorkspaceRegistration = z.infer<typeof workspaceRegistrationSchema>;
