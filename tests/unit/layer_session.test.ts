// The layer session (src/map/layer_session.ts) in node, with a data worker and a renderer that only
// record what they are asked and answer as the server would: a visitor is refused the private
// workspace (SPEC §6) and sees no `_diff` layer (SPEC §4). The map store is the real one.
import { beforeEach, describe, expect, it } from 'vitest';
import { layerSchema, type LayerInput } from '../../src/model/index.ts';
import { FEATURES_DRAWN_MARK, LAYERS_STORED_MARK, LayerSession } from '../../src/map/layer_session.ts';
import type { LayerRenderer, LayerWorker } from '../../src/map/load_vector_layers.ts';
import { useMapStore } from '../../src/state/map_store.ts';

const layer = (input: Partial<LayerInput> & { id: string; workspace: string }) =>
  layerSchema.parse({ name: input.id, type: 'Point', ...input });
const LAYERS = [
  layer({ id: 'cities', workspace: 'ws_demo', edit: true }),
  layer({ id: 'cities_diff', workspace: 'ws_demo_diff', edit: true }),
  layer({ id: 'private_sites', workspace: 'ws_private' }),
];
const COUNTS: Record<string, number> = { cities: 3, cities_diff: 1, private_sites: 2 };

/** Whether the signed-in user is registered on ws_private (SPEC §6: members read it). */
const member = { registered: true };

/**
 * A worker whose answers wait for `release()` while `hold` is set. `refused`: a layer the server
 * refuses to this user (403), as a `_diff` layer of an unregistered user.
 */
function fakeWorker(refused?: string) {
  const shows: string[] = [];
  const drops: string[][] = [];
  const cancels: string[] = [];
  /** What had been drawn when the worker was asked to index the layers (the marks set by then). */
  const prepares: number[] = [];
  let gate: Promise<void> | null = null;
  let open = () => {};
  let stored = () => {};
  const storedGate = new Promise<void>((ok) => (stored = ok));
  const worker: LayerWorker = {
    async showLayer(req) {
      shows.push(`${req.layer}${req.authorization ? '+auth' : ''}`);
      if (gate) await gate;
      if (req.workspace === 'ws_private' && !req.authorization) throw new Error('401 Unauthorized');
      if (req.workspace === 'ws_private' && !member.registered) throw new Error('403 You are not allowed to do this.');
      if (req.layer === refused) throw new Error('You are not allowed to do this.');
      return { layerId: req.layer, count: COUNTS[req.layer], source: 'network', ticket: `t-${req.layer}` };
    },
    async dropLayers({ layerIds }) {
      drops.push([...layerIds].sort());
    },
    async cancel({ requestId }) {
      cancels.push(requestId);
      return true;
    },
    layersStored: () => storedGate,
    async prepareLayers() {
      prepares.push(performance.getEntriesByName(FEATURES_DRAWN_MARK).length);
    },
  };
  return {
    worker,
    shows,
    drops,
    cancels,
    prepares,
    hold: () => {
      gate = new Promise<void>((ok) => (open = ok));
    },
    release: () => {
      gate = null;
      open();
    },
    /** The data worker's queued layer writes finish. */
    finishStoring: () => stored(),
  };
}

function fakeRenderer() {
  const drawn: string[][] = [];
  const renderer = {
    setLayers: async (configs: { id: string }[]) => void drawn.push(configs.map((c) => c.id)),
    batchReceived: async () => true,
    idle: async () => true,
    fit: async () => null,
  } as unknown as LayerRenderer;
  return { renderer, drawn };
}

function session(loggedIn: boolean, refused?: string) {
  const w = fakeWorker(refused);
  const r = fakeRenderer();
  let fits = 0;
  const warnings: unknown[] = [];
  const s = new LayerSession(
    {
      renderer: r.renderer,
      worker: w.worker,
      layers: LAYERS,
      apiBase: '',
      appKey: 'k',
      appName: 'Test',
      credentials: () => ({ authorization: 'Basic dTpw', sessionId: null }),
      status: useMapStore.getState(),
      fit: async () => void fits++,
      warn: (_m, err) => void warnings.push(err),
    },
    loggedIn,
  );
  return { s, w, r, fits: () => fits, warnings };
}

const map = () => useMapStore.getState();
/** Lets the steps in flight run up to where they wait. */
const flush = () => new Promise<void>((ok) => setTimeout(ok, 0));

beforeEach(() => {
  member.registered = true;
  useMapStore.setState({ loading: false, layerCounts: {}, featuresLoaded: null, layerError: null });
});

describe('layer session', () => {
  it("a refused _diff layer (a user not registered on its workspace) is logged, not shown as the map's error (issue 19)", async () => {
    const { s, warnings } = session(true, 'cities_diff');
    await s.load();
    expect(map().layerError).toBeNull();
    expect(warnings).toContain('You are not allowed to do this.');
    expect(map().layerCounts.cities).toBe(3);
  });

  it("first load: the visitor's layers, a fit, then the features-loaded flag", async () => {
    const { s, w, r, fits } = session(false);
    const done = s.load();
    expect(map().loading).toBe(true);
    await done;
    expect(r.drawn).toEqual([['cities', 'private_sites']]);
    expect(w.shows.sort()).toEqual(['cities', 'private_sites']);
    expect(map()).toMatchObject({
      loading: false,
      layerCounts: { cities: 3 },
      featuresLoaded: 3,
      layerError: { layerId: 'private_sites', message: '401 Unauthorized' },
    });
    expect(fits()).toBe(1);
  });

  it('marks the moment the first load is drawn, once, for traces and the app benchmark', async () => {
    performance.clearMarks(FEATURES_DRAWN_MARK);
    performance.clearMarks(LAYERS_STORED_MARK);
    const { s, w } = session(false);
    w.hold();
    const done = s.load();
    await flush();
    expect(performance.getEntriesByName(FEATURES_DRAWN_MARK)).toHaveLength(0); // not before the layers are in
    w.release();
    await done;
    expect(performance.getEntriesByName(FEATURES_DRAWN_MARK)).toHaveLength(1);
    // Drawn before stored: the second mark waits for the data worker's layer writes.
    await flush();
    expect(performance.getEntriesByName(LAYERS_STORED_MARK)).toHaveLength(0);
    w.finishStoring();
    await flush();
    expect(performance.getEntriesByName(LAYERS_STORED_MARK)).toHaveLength(1);
    await s.setLoggedIn(true); // a later switch is not the first load
    expect(performance.getEntriesByName(FEATURES_DRAWN_MARK)).toHaveLength(1);
  });

  it('asks the data worker to index the layers only once they are drawn, after every load', async () => {
    performance.clearMarks(FEATURES_DRAWN_MARK);
    const { s, w } = session(false);
    w.hold();
    const done = s.load();
    await flush();
    expect(w.prepares).toEqual([]); // nothing indexed while the layers load (issue 17)
    w.release();
    await done;
    expect(w.prepares).toEqual([1]); // after the first load's features-drawn mark
    await s.setLoggedIn(true);
    expect(w.prepares).toHaveLength(2); // a login's layers are indexed too
    await s.reload(['cities']);
    expect(w.prepares).toHaveLength(3);
  });

  it('a login during the first load waits for it, then adds only the diff layer and the refused one', async () => {
    const { s, w, r, fits } = session(false);
    w.hold();
    const first = s.load();
    const login = s.setLoggedIn(true);
    await flush();
    expect(w.shows.sort()).toEqual(['cities', 'private_sites']); // nothing of the login yet
    expect(r.drawn).toEqual([['cities', 'private_sites']]);
    w.release();
    await first;
    await login;
    expect(r.drawn.at(-1)).toEqual(['cities', 'cities_diff', 'private_sites']);
    expect(w.shows.slice(2).sort()).toEqual(['cities_diff+auth', 'private_sites+auth']);
    expect(map()).toMatchObject({ loading: false, layerCounts: { cities: 3, cities_diff: 1, private_sites: 2 }, featuresLoaded: 6 });
    expect(fits()).toBe(1); // the view stays where it is
  });

  it('a logout drops only the diff layers (and what only the credentials could read)', async () => {
    const { s, w, r } = session(true);
    await s.load();
    expect(map().featuresLoaded).toBe(6);
    const before = w.shows.length;
    await s.setLoggedIn(false);
    expect(w.drops).toEqual([['cities_diff']]);
    expect(w.shows.length).toBe(before); // cities is not fetched again
    expect(r.drawn.at(-1)).toEqual(['cities', 'private_sites']);
    expect(map()).toMatchObject({ loading: false, layerCounts: { cities: 3, private_sites: 2 }, featuresLoaded: 5 });
  });

  it('retries a layer refused to the visitor after the login, and empties it again at the logout', async () => {
    const { s, w, r } = session(false);
    await s.load();
    expect(map().layerCounts.private_sites).toBeUndefined();
    await s.setLoggedIn(true);
    expect(w.shows.filter((x) => x.startsWith('private_sites'))).toEqual(['private_sites', 'private_sites+auth']);
    expect(w.shows).not.toContain('cities+auth');
    expect(map().layerCounts.private_sites).toBe(2);
    await s.setLoggedIn(false);
    expect(w.drops.at(-1)).toEqual(['cities_diff', 'private_sites']);
    expect(r.drawn.at(-1)).toEqual(['cities']);
    expect(map()).toMatchObject({ layerCounts: { cities: 3 }, featuresLoaded: 3 });
    // Logged in again, it is tried again: still a layer that failed for the visitor.
    await s.setLoggedIn(true);
    expect(w.shows.at(-1)).toMatch(/^(private_sites|cities_diff)\+auth$/);
    expect(map().layerCounts.private_sites).toBe(2);
  });

  it('loads a layer refused to a signed-in user once they register on its workspace, without a reload', async () => {
    member.registered = false;
    const { s, w, r } = session(true);
    await s.load();
    expect(map().layerCounts.private_sites).toBeUndefined();
    expect(map().layerError).toMatchObject({ layerId: 'private_sites' });
    member.registered = true;
    await s.retryRefused();
    expect(w.shows.filter((x) => x.startsWith('private_sites'))).toEqual(['private_sites+auth', 'private_sites+auth']);
    expect(w.shows.filter((x) => x.startsWith('cities+'))).toEqual(['cities+auth']); // the others are not fetched again
    expect(r.drawn.at(-1)).toEqual(['cities', 'cities_diff', 'private_sites']);
    expect(map()).toMatchObject({ layerCounts: { private_sites: 2 }, layerError: null, featuresLoaded: 6 });
    // Nothing refused any more: a second registration fetches nothing.
    const calls = w.shows.length;
    await s.retryRefused();
    expect(w.shows.length).toBe(calls);
  });

  it('shows again only the layers an import changed, with the new count, and never a diff layer to a visitor', async () => {
    const { s, w, r } = session(true);
    await s.load();
    const before = [...w.shows];
    COUNTS.cities_diff = 4;
    try {
      await s.reload(['cities_diff']);
      expect(w.shows.slice(before.length)).toEqual(['cities_diff+auth']);
      expect(r.drawn.at(-1)).toEqual(['cities', 'cities_diff', 'private_sites']); // the layer list is unchanged
      expect(map()).toMatchObject({ loading: false, layerCounts: { cities: 3, cities_diff: 4, private_sites: 2 }, featuresLoaded: 9 });
    } finally {
      COUNTS.cities_diff = 1;
    }
    const visitor = session(false);
    await visitor.s.load();
    const shown = visitor.w.shows.length;
    await visitor.s.reload(['cities_diff']);
    expect(visitor.w.shows.length).toBe(shown);
  });

  it('does nothing for a login state it already has', async () => {
    const { s, w, r } = session(true);
    await s.load();
    const calls = [w.shows.length, r.drawn.length];
    await s.setLoggedIn(true);
    expect([w.shows.length, r.drawn.length]).toEqual(calls);
  });

  it('an aborted session cancels its loads, empties the renderer and does nothing more', async () => {
    const { s, w, r, fits, warnings } = session(false);
    w.hold();
    const first = s.load();
    await flush();
    s.abort();
    expect(r.drawn.at(-1)).toEqual([]);
    expect(w.cancels).toHaveLength(2);
    const login = s.setLoggedIn(true);
    w.release();
    await first;
    await login;
    expect(fits()).toBe(0);
    expect(map()).toMatchObject({ loading: true, featuresLoaded: null, layerError: null });
    expect(w.shows.sort()).toEqual(['cities', 'private_sites']); // the login loaded nothing
    expect(r.drawn.at(-1)).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
