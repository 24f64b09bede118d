// SPEC §1/§2 update mechanism: the service worker (built by vite-plugin-pwa, workbox precache) is
// registered with workbox-window; a waiting new version raises the persistent "new version"
// notification, and refreshing clears the service worker and every cache before reloading, so
// the next load installs the new shell from scratch (SPEC §1: "clears the service worker and caches").
import { Workbox } from 'workbox-window';
import { create } from 'zustand';
import { afterMark } from '../config/after_mark.ts';
import { FEATURES_DRAWN_MARK } from '../map/layer_session.ts';

export const usePwaStore = create<{ updateAvailable: boolean }>(() => ({ updateAvailable: false }));

export function registerServiceWorker(url = '/sw.js'): Workbox | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => usePwaStore.setState({ updateAvailable: true }));
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
  return wb;
}

/**
 * Where the features never draw (an app without vector layers, a failed load, the not-found or
 * overview screen), the service worker is registered this long after the start all the same, so
 * one visit is still enough to open offline (SPEC §1).
 */
export const SERVICE_WORKER_FALLBACK_MS = 20_000;

/**
 * Issue 17: the precache fetches and stores every chunk (≈107 files). Registered at the window's
 * load (Workbox's default) it competed with the first open on a phone's busy CPU; it waits for the
 * features to be drawn (FEATURES_DRAWN_MARK) instead. Returns the cancel.
 */
export function registerServiceWorkerOnceDrawn(
  register: () => unknown = registerServiceWorker,
  fallbackMs = SERVICE_WORKER_FALLBACK_MS,
): () => void {
  return afterMark(FEATURES_DRAWN_MARK, fallbackMs, register);
}

/** Unregisters every service worker of this origin and deletes every Cache Storage cache. */
export async function clearServiceWorkerAndCaches(): Promise<void> {
  if ('serviceWorker' in navigator) {
    const regs = await navigator.serviceWorker.getRegistrations();
    await Promise.all(regs.map((r) => r.unregister()));
  }
  if ('caches' in globalThis) {
    const names = await caches.keys();
    await Promise.all(names.map((n) => caches.delete(n)));
  }
}

export async function refreshToNewVersion(reload: () => void = () => location.reload()): Promise<void> {
  await clearServiceWorkerAndCaches();
  reload();
}
