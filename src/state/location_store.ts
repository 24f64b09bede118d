// The address as state: a tiny history router (three routes, SPEC §2, do not need a router
// package). navigate() pushes a path and every subscriber re-renders.
import { create } from 'zustand';

interface LocationState {
  pathname: string;
  search: string;
  hash: string;
  navigate: (to: string, opts?: { replace?: boolean }) => void;
  /** Drops query parameters once applied, so a reload does not reopen a closed dialog. */
  removeParams: (names: string[]) => void;
  sync: () => void;
}

const snapshot = () => ({ pathname: location.pathname, search: location.search, hash: location.hash });

export const useLocationStore = create<LocationState>((set) => ({
  ...snapshot(),
  navigate(to, opts) {
    if (opts?.replace) history.replaceState(null, '', to);
    else history.pushState(null, '', to);
    set(snapshot());
  },
  removeParams(names) {
    const q = new URLSearchParams(location.search);
    let changed = false;
    for (const n of names) {
      if (q.has(n)) {
        q.delete(n);
        changed = true;
      }
    }
    if (!changed) return;
    const search = q.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
    set(snapshot());
  },
  sync: () => set(snapshot()),
}));

if (typeof window !== 'undefined') window.addEventListener('popstate', () => useLocationStore.getState().sync());
