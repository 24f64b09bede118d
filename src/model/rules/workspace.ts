// SPEC §5: the app's single workspace is valid only if all its layers share one workspace whose id starts with ws.
import { WORKSPACE_PREFIX } from '../constants.ts';
import { fail, OK, type RuleResult } from './result.ts';

type WithWorkspace = { workspace?: string | null };

/** The one workspace all layers share, or null when there is none or more than one. */
export function singleWorkspaceOf(layers: readonly WithWorkspace[]): string | null {
  const names = new Set(layers.map((l) => l.workspace ?? ''));
  if (names.size !== 1) return null;
  const [only] = names;
  return only === '' ? null : only;
}

/** An empty list has no workspace to share, so it is not valid. */
export function isSingleWorkspaceValid(layers: readonly WithWorkspace[]): boolean {
  const ws = singleWorkspaceOf(layers);
  return ws !== null && ws.startsWith(WORKSPACE_PREFIX);
}

export function validateSingleWorkspace(layers: readonly WithWorkspace[]): RuleResult {
  return isSingleWorkspaceValid(layers) ? OK : fail('INVALID_WORKSPACE');
}

/** SPEC §5: layers may only be added from the current workspace. */
export function validateLayerFromWorkspace(layer: WithWorkspace, currentWorkspace: string | null | undefined): RuleResult {
  return currentWorkspace && layer.workspace === currentWorkspace ? OK : fail('LAYERS_ONLY_FROM_CURRENT_WORKSPACE');
}
