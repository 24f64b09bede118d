import { beforeEach, describe, expect, it } from 'vitest';
import { useRoute } from '../../src/route/route_store.ts';

// The small API other tools use ("route from/to here"): setting an end opens the panel and forgets
// the previous answer, so a stale route is never shown for new ends.
describe('route store', () => {
  beforeEach(() => useRoute.getState().clear());

  it('opens the panel with the end set, and keeps the other end', () => {
    useRoute.getState().setDestination([4.83, 45.76], 'Lyon');
    expect(useRoute.getState()).toMatchObject({ open: true, destination: { at: [4.83, 45.76], label: 'Lyon' }, status: 'idle' });
    useRoute.getState().setOrigin([2.35, 48.85]);
    expect(useRoute.getState()).toMatchObject({ origin: { at: [2.35, 48.85] }, destination: { label: 'Lyon' } });
  });

  it('drops the route of the old ends when an end changes or the ends are swapped', () => {
    const { setOrigin, setDestination, settle, swap } = useRoute.getState();
    setOrigin([0, 0]);
    setDestination([1, 1]);
    settle({ route: { origin: [0, 0], destination: [1, 1], steps: [], distance: 10, time: 1 } });
    expect(useRoute.getState().status).toBe('done');
    swap();
    expect(useRoute.getState()).toMatchObject({ status: 'idle', route: undefined, origin: { at: [1, 1] }, destination: { at: [0, 0] } });
    settle({ failure: { kind: 'service', status: 403 } });
    setDestination([2, 2]);
    expect(useRoute.getState()).toMatchObject({ status: 'idle', failure: undefined });
  });

  it('clears both ends and closes', () => {
    useRoute.getState().setOrigin([0, 0]);
    useRoute.getState().clear();
    expect(useRoute.getState()).toMatchObject({ open: false, origin: undefined, destination: undefined, status: 'idle' });
  });
});
