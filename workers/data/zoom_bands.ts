// The data worker's zoom band (DESIGN.md "simplify per zoom band"): the registry keeps every layer at
// full resolution (hit testing stays exact, SPEC §9 tolerance 3 px); the render port gets, per line or
// polygon layer, the version simplified for the current band. Bands are made lazily, in slices
// (simplifyBatchSliced), cached per layer+band, and a band change aborts the work for the old one.
import { DEFAULT_ZOOM } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';
import { messageYield } from '../batch/message_yield.ts';
import { postBatchPortMessage } from '../batch/transfer.ts';
import { bandOfView, ZOOM_BANDS } from '../batch/zoom_levels.ts';
import type { SetZoomResult } from './protocol.ts';
import { cloneBatch, type LayerRegistry } from './layer_registry.ts';
import { simplifyBatch, simplifyBatchSliced } from './simplify.ts';
import { BandCache, simplifies, versionForBand } from './band_cache.ts';

export interface ZoomBandsDeps {
  registry: LayerRegistry;
  /** The render worker's port, read at delivery time (connectRenderer may replace it). */
  port: () => MessagePort | undefined;
  /** Gives the event loop a turn between slices; default a macrotask through a MessageChannel. */
  yield?: () => Promise<void>;
  sliceMs?: number;
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export class ZoomBands {
  private band = bandOfView(DEFAULT_ZOOM); // SPEC §9 default zoom until the main thread says otherwise
  private job = new AbortController();
  private readonly cache = new BandCache();
  private readonly pause: () => Promise<void>;
  private seq = 0;

  constructor(private readonly deps: ZoomBandsDeps) {
    this.pause = deps.yield ?? messageYield();
  }

  get currentBand(): number {
    return this.band;
  }

  /** Cheap: returns at once; the new band's versions are made and posted in the background. */
  setZoom(zoom: number): SetZoomResult {
    const band = bandOfView(zoom);
    if (band === this.band) return { band, tickets: [] };
    this.band = band;
    this.job.abort(); // the old band's unfinished versions are no longer wanted
    this.job = new AbortController();
    const { registry } = this.deps;
    const layers = registry.layerIds().filter((id) => simplifies(registry.get(id)!.geometryType));
    const tickets = layers.map((id) => `zoom-${++this.seq}:${id}:band${band}`);
    void (async () => {
      // One layer after another, so the first is on screen before the last is simplified.
      for (let i = 0; i < layers.length; i++) {
        if (this.band !== band) return;
        await this.post(layers[i], tickets[i], false).catch((err) => console.warn('simplify failed', err));
      }
    })();
    return { band, tickets };
  }

  /**
   * Posts the registry's batch of `layerId`, as the current band wants it, with `ticket`. With
   * `persist` it follows band changes until it has delivered (showLayer: its ticket must arrive);
   * without, a newer band's job takes over. Never posts a version of data the registry replaced.
   */
  async post(layerId: string, ticket: string, persist: boolean): Promise<boolean> {
    for (;;) {
      const source = this.deps.registry.get(layerId);
      if (!source) return false;
      const load = this.deps.registry.loadOf(layerId);
      const band = this.band;
      let out: FeatureBatch;
      try {
        out = await this.version(source, band);
      } catch (err) {
        if (!isAbort(err)) throw err;
        if (persist) continue;
        return false;
      }
      if (this.deps.registry.get(layerId) !== source) {
        // Edited meanwhile (refresh_features.ts): simplify the edited layer instead, so an
        // older version never reaches the renderer after the edit. Reloaded: its own delivery follows.
        if (this.deps.registry.loadOf(layerId) === load) continue;
        return false;
      }
      if (this.band !== band) {
        if (persist) continue;
        return false;
      }
      const port = this.deps.port();
      if (!port) return false;
      // The registry and the cache keep theirs; the renderer gets its own buffers, moved.
      const copy = cloneBatch(out);
      postBatchPortMessage(port, { type: 'batch', batch: copy, ticket });
      return true;
    }
  }

  /** A few features of a layer (an edit) as the current band draws them: what `post` would send of them. */
  forCurrentBand(batch: FeatureBatch): FeatureBatch {
    const v = versionForBand(batch.geometryType, this.band);
    return v === 'full' ? batch : simplifyBatch(batch, ZOOM_BANDS[v].toleranceMeters);
  }

  /** Frees the layer's simplified versions (the registry forgot it, or edited it). */
  drop(layerId: string): void {
    this.cache.drop(layerId);
  }

  private version(source: FeatureBatch, band: number): Promise<FeatureBatch> {
    const v = versionForBand(source.geometryType, band);
    if (v === 'full') return Promise.resolve(source);
    const signal = this.job.signal;
    return this.cache.get(source, v, () =>
      simplifyBatchSliced(source, ZOOM_BANDS[v].toleranceMeters, {
        sliceMs: this.deps.sliceMs ?? 8,
        yield: this.pause,
        signal,
      }),
    );
  }
}
