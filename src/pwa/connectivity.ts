// Whether the server answers, not only whether the browser says "online": a phone behind
// a captive portal or a dead link reports online while every call fails. Each call that reaches
// the server or fails to reach it says so here; the offline notice and the outbox read it.
import { useSyncExternalStore } from 'react';
import { create } from 'zustand';
import { SERVER_TIMEOUT_MS } from '../model/index.ts';

export const useConnectivity = create<{ serverReachable: boolean }>(() => ({ serverReachable: true }));

export function markServerReachable(reachable: boolean): void {
  if (useConnectivity.getState().serverReachable !== reachable) useConnectivity.setState({ serverReachable: reachable });
}

/** A failure that says nothing answered: no connection, a time-out, or a server fault (5xx). */
export function isUnreachable(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch: network error
  if (err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')) return true;
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 500;
}

/** SPEC §7 "a reachability ping before edits": GET /api/ping within the SPEC §9 time-out. */
export async function pingServer(apiBase: string): Promise<boolean> {
  try {
    const res = await fetch(`${apiBase.replace(/\/$/, '')}/api/ping`, {
      cache: 'no-store',
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
    markServerReachable(res.ok);
    return res.ok;
  } catch {
    markServerReachable(false);
    return false;
  }
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('online', cb);
  window.addEventListener('offline', cb);
  return () => {
    window.removeEventListener('online', cb);
    window.removeEventListener('offline', cb);
  };
}

/** Browser connectivity (navigator.onLine with its events). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Online as the user means it: the browser has a network and the server answered last time. */
export function useOnline(): boolean {
  const browser = useBrowserOnline();
  const server = useConnectivity((s) => s.serverReachable);
  return browser && server;
}
