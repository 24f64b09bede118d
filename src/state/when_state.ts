// Waiting for a store's state outside React: a component that only acts once something is true
// (the stored settings read, the features drawn) subscribes in an effect instead of rendering on the
// change, so the change re-renders nothing (issue 17: such renders were long tasks of a large open).
import type { StoreApi } from 'zustand';

/** Calls `then` once `ready(state)` holds (now, if it does); returns the way to stop waiting. */
export function whenState<S>(store: StoreApi<S>, ready: (state: S) => boolean, then: () => void): () => void {
  if (ready(store.getState())) {
    then();
    return () => undefined;
  }
  const off = store.subscribe((state) => {
    if (!ready(state)) return;
    off();
    then();
  });
  return off;
}
