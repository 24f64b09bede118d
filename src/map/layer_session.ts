// One load of an app's vector layers (SPEC §4 map load), out of React so it runs and is tested in
// node: the first load, then the login and logout switches of the `_diff` layers, one step after
// another on one queue so that a login during the first load waits for it rather than racing its
// layer list. It owns which layers failed and which loaded only with credentials; everything it
// talks to (renderer, data worker, the map store's actions, the credentials) comes in from outside.
import { isDiffLayerId, type Layer } from '../model/index.ts';
import type { LayerError } from '../state/map_store.ts';
import {
  loadVectorLayers,
  reloadLayers,
  switchDiffLayers,
  type LayerRenderer,
  type LayerWorker,
  type LoadVectorLayersOptions,
} from './load_vector_layers.ts';

/** The map store's actions the session reports to (src/state/map_store.ts). */
export interface LayerLoadStatus {
  startLoading(): void;
  resumeLoading(): void;
  finishLoading(): void;
  forgetLayers(layerIds: readonly string[]): void;
  setLayerCount(layerId: string, count: number): void;
  setLayerError(error: LayerError | null): void;
}

export interface LayerSessionDeps {
  renderer: LayerRenderer;
  worker: LayerWorker;
  /** The app configuration's layers (layersConfig). */
  layers: readonly Layer[];
  apiBase: string;
  appKey: string;
  appName?: string;
  /** The credentials as they are when a step runs (the auth store). */
  credentials: () => { authorization?: string | null; sessionId?: string | null };
  status: LayerLoadStatus;
  /** SPEC §4: fit the view to the layers once the first load is in (fitToLayers). */
  fit: () => Promise<void>;
  /** Where a failed step is reported; the queue goes on. */
  warn?: (message: string, err: unknown) => void;
}

/** The User Timing mark set once the first load's features are drawn (benchmark scenario 14 reads it). */
export const FEATURES_DRAWN_MARK = 'mapdraft:features-drawn';
/** Set after FEATURES_DRAWN_MARK once the first load's layers are written to the local store. */
export const LAYERS_STORED_MARK = 'mapdraft:layers-stored';

export class LayerSession {
  private readonly ctl = new AbortController();
  private queue: Promise<void> = Promise.resolve();
  private loggedIn: boolean;
  /** Layers whose last load failed. */
  private readonly failed = new Set<string>();
  /** Layers that loaded only once logged in (failed for the visitor). */
  private withCredentials = new Set<string>();

  constructor(
    private readonly deps: LayerSessionDeps,
    loggedIn: boolean,
  ) {
    this.loggedIn = loggedIn;
  }

  get aborted(): boolean {
    return this.ctl.signal.aborted;
  }

  /** Resolves once every step queued so far has run. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** The first load: every layer the user may see, then the fit, then the features-loaded flag. */
  load(): Promise<void> {
    const { renderer, layers, status } = this.deps;
    status.startLoading();
    const options = this.options();
    return this.enqueue(
      'layers not loaded',
      async () => {
        await loadVectorLayers(renderer, layers, options);
        if (this.aborted) return;
        await this.deps.fit();
        // Where a trace or a benchmark reads "every feature of the first load is on screen" (issue 17).
        if (!(await this.drawn(() => performance.mark(FEATURES_DRAWN_MARK)))) return;
        // Drawn first, stored after: this mark says the device copy for the next (offline) visit is written too.
        void this.deps.worker
          .layersStored({ appName: this.deps.appName })
          .then(() => !this.aborted && performance.mark(LAYERS_STORED_MARK))
          .catch((err) => (this.deps.warn ?? console.warn)('layers not stored', err));
      },
      true,
    );
  }

  /**
   * SPEC §4: logging in loads the diff layers, logging out empties them; the view stays where it is.
   * Queued behind whatever runs; nothing happens when the state does not change.
   */
  setLoggedIn(loggedIn: boolean): Promise<void> {
    if (this.loggedIn === loggedIn) return this.queue;
    this.loggedIn = loggedIn;
    return this.enqueue('diff layers not switched', () => this.switchLayers(loggedIn));
  }

  /**
   * A registration on a workspace (SPEC §6): the layers the server refused this user load now, as
   * after a login, without a reload. Nothing happens for a visitor or when nothing failed.
   */
  retryRefused(): Promise<void> {
    return this.enqueue('refused layers not retried', async () => {
      if (this.loggedIn && this.failed.size > 0) await this.switchLayers(true);
    });
  }

  /** Layers changed on the server in bulk (an import, issue 15): shown again, queued like the rest. */
  reload(layerIds: readonly string[]): Promise<void> {
    return this.enqueue('layers not reloaded', async () => {
      const { renderer, layers, status } = this.deps;
      if (this.aborted) return;
      status.resumeLoading();
      await reloadLayers(renderer, layers, layerIds, this.options());
      await this.drawn();
    });
  }

  private async switchLayers(loggedIn: boolean): Promise<void> {
    const { renderer, layers, status } = this.deps;
    if (this.aborted) return;
    status.resumeLoading();
    // A login retries the layers that failed for the visitor (a workspace closed to visitors, SPEC §6);
    // the logout empties them again, so a visitor never sees what the server refuses visitors.
    const retry = loggedIn ? new Set(this.failed) : undefined;
    const hide = loggedIn ? undefined : this.withCredentials;
    const dropped = await switchDiffLayers(renderer, layers, this.options(), { retry, hide });
    if (retry) {
      for (const id of retry) if (!this.failed.has(id)) this.withCredentials.add(id);
      // The refusal shown for a layer that now loads is no longer true.
      if (this.failed.size === 0) status.setLayerError(null);
    } else {
      for (const id of this.withCredentials) this.failed.add(id);
      this.withCredentials = new Set();
    }
    status.forgetLayers(dropped);
    await this.drawn();
  }

  /**
   * The end of a step: once the worker has drawn every layer's buffers the loading flag clears (SPEC §4
   * features-loaded), `onDrawn` runs, and the data worker indexes the layers for taps — now,
   * not while the renderer still builds them (issue 17; not awaited, a tap meanwhile builds what it
   * needs). False when the session was aborted meanwhile.
   */
  private async drawn(onDrawn?: () => void): Promise<boolean> {
    await this.deps.renderer.idle();
    if (this.aborted) return false;
    this.deps.status.finishLoading();
    onDrawn?.();
    void this.deps.worker.prepareLayers({}).catch((err) => (this.deps.warn ?? console.warn)('layers not indexed', err));
    return true;
  }

  /** A new app, config or key: cancels the loads in flight and empties the renderer. */
  abort(): void {
    this.ctl.abort();
    // Emptied so a new config or key never shows the previous app's features.
    void this.deps.renderer.setLayers([]).catch(() => undefined);
  }

  /** `now`: the step starts at once (the first load), not after the queue (which is empty then). */
  private enqueue(failure: string, step: () => Promise<void>, now = false): Promise<void> {
    const run = now ? step() : this.queue.then(step);
    this.queue = run.catch((err) => (this.deps.warn ?? console.warn)(failure, err));
    return this.queue;
  }

  private options(): LoadVectorLayersOptions {
    const { worker, apiBase, appKey, appName, credentials, status } = this.deps;
    // Credentials as they are now: a diff layer is only visible with them (SPEC §4, §7).
    const { authorization, sessionId } = credentials();
    return {
      worker,
      apiBase,
      appKey,
      appName,
      signal: this.ctl.signal,
      loggedIn: this.loggedIn,
      authorization: this.loggedIn ? (authorization ?? undefined) : undefined,
      sessionId: this.loggedIn ? (sessionId ?? undefined) : undefined,
      onLayerLoaded: (id, n) => {
        this.failed.delete(id);
        status.setLayerCount(id, n);
      },
      onLayerFailed: (id, message) => {
        this.failed.add(id);
        // A `_diff` layer holds the user's pending suggestions; a user not registered on its workspace
        // may not read it (SPEC §6) and is asked to register when they start an edit. Nothing to act
        // on here, so no error bar (issue 19: it named an internal layer id, in English).
        if (isDiffLayerId(id)) (this.deps.warn ?? console.warn)(`${id}: not shown`, message);
        else status.setLayerError({ layerId: id, message });
      },
    };
  }
}
