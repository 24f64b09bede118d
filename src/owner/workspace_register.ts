// SPEC §6 "A user who fails workspace registration cannot edit data": before an edit starts, a user
// not registered on the layer's workspace is told so and may register there with the secret the app
// owner gave them (POST workspaces/{ws}/register) — never after filling in a form. The question is
// asked here; WorkspaceRegisterDialog.tsx (a lazy chunk) shows it.
import { create } from 'zustand';
import { fetchWorkspaces } from '../api/owner.ts';

interface Pending {
  workspace: string;
  resolve: (registered: boolean) => void;
}

export const useRegisterStore = create<{ pending: Pending | null }>(() => ({ pending: null }));

function askToRegister(workspace: string): Promise<boolean> {
  return new Promise((resolve) => {
    useRegisterStore.getState().pending?.resolve(false);
    useRegisterStore.setState({ pending: { workspace, resolve } });
  });
}

/** Answers the open question: registered now, or not (cancelled, or the dialog's chunk failed). */
export function answerRegistration(registered: boolean): void {
  useRegisterStore.getState().pending?.resolve(registered);
  useRegisterStore.setState({ pending: null });
}

const REGISTRATION_CHECK_MS = 3000;

/**
 * Resolves true when the user may start editing on `workspace`: an admin, a registered member, or
 * one who registers now. When the list cannot be read in 3 s (offline) the edit goes ahead: the server
 * still refuses a suggestion from a non-member, and the outbox keeps it to resubmit.
 */
export async function ensureRegistered(appKey: string, workspace: string, admin: boolean): Promise<boolean> {
  if (admin) return true;
  // A server that does not answer must not hold the edit up (the app works offline, SPEC §1).
  const list = await fetchWorkspaces(appKey, { signal: AbortSignal.timeout(REGISTRATION_CHECK_MS) }).catch(() => null);
  const ws = list?.find((w) => w.name === workspace);
  if (!ws || ws.registered) return true;
  return askToRegister(workspace);
}
