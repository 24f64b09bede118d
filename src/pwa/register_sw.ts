// SPEC §1/§2 update mechanism: the service worker (built by vite-plugin-pwa, workbox precache) is
// registered with workbox-window; a waiting new version raises the persistent "new version"
// notification, and refreshing clears the service worker and every cache before reloading, so
// the next load installs the new shell from scratch (SPEC §1: "clears the service worker and caches").
import { Workbox } from 'workbox-window';
import { create } from 'zustand';

export const usePwaStore = create<{ updateAvailable: boolean }>(() => ({ updateAvailable: false }));

export function registerServiceWorker(url = '/sw.js'): Workbox | undefined {
  if (!('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox(url, { scope: '/' });
  wb.addEventListener('waiting', () => usePwaStore.setState({ updateAvailable: true }));
  wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
  return wb;
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
