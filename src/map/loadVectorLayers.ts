// SPEC §4 "Map load": vector features load per layer from the server (local storage comes with
// the offline issue), then the map fits the combined extent of layers with features and the
// features-loaded flag is set. The data worker fetches and packs; this module only wires batches
// into OL layers.
import type OlMap from 'ol/Map.js';
import type WebGLVectorLayer from 'ol/layer/WebGLVector.js';
import { createEmpty, extend, isEmpty, type Extent } from 'ol/extent.js';
import {
  DIFF_SUFFIX, FIT_MAX_ZOOM, FIT_PADDING, GEOMETRY_TYPES, type GeometryType, type Layer,
} from '../model/index.ts';
import { getDataWorker } from './dataWorkerClient.ts';
import { createBatchLayer } from './batchLayer.ts';

export interface LoadVectorLayersOptions {
  apiBase: string;
  appKey: string;
  signal: AbortSignal;
  onLayerLoaded: (layerId: string, count: number) => void;
  onLayerFailed: (layerId: string, message: string) => void;
}

/** SPEC §4: diff layers are not loaded for logged-out users (there is no login yet, issue 2). */
export function loadableLayers(layers: readonly Layer[]): Layer[] {
  return layers.filter(
    (l) =>
      !l.id.endsWith(DIFF_SUFFIX) &&
      (GEOMETRY_TYPES as readonly string[]).includes(l.type) &&
      // SPEC §5: a workspace must be defined to load features.
      !!l.workspace,
  );
}

let nextRequest = 0;

/** Loads every vector layer, adds it to the map and resolves with the layers that were added. */
export async function loadVectorLayers(map: OlMap, layers: readonly Layer[], opts: LoadVectorLayersOptions) {
  const worker = getDataWorker();
  const added: WebGLVectorLayer[] = [];
  await Promise.all(
    loadableLayers(layers).map(async (cfg) => {
      const requestId = `load-${++nextRequest}`;
      const cancel = () => void worker.cancel({ requestId });
      opts.signal.addEventListener('abort', cancel, { once: true });
      try {
        const batch = await worker.loadLayer({
          apiBase: opts.apiBase,
          appKey: opts.appKey,
          workspace: cfg.workspace!,
          layer: cfg.id,
          geometryType: cfg.type as GeometryType,
          labelProperty: cfg.labelAttribute,
          requestId,
        });
        if (opts.signal.aborted) return;
        // Measured so benchmarks can watch the main-thread share of a layer load.
        const t0 = performance.now();
        const layer = await createBatchLayer(batch, cfg, { signal: opts.signal });
        performance.measure(`mapdraft:build-layer:${cfg.id}`, { start: t0, end: performance.now() });
        map.addLayer(layer);
        added.push(layer);
        opts.onLayerLoaded(cfg.id, batch.count);
      } catch (err) {
        if (!opts.signal.aborted) opts.onLayerFailed(cfg.id, err instanceof Error ? err.message : String(err));
      } finally {
        opts.signal.removeEventListener('abort', cancel);
      }
    }),
  );
  return added;
}

/** SPEC §4/§9: fit the combined extent of layers with features, padding 40, max zoom 21. */
export function fitToLayers(map: OlMap, layers: readonly WebGLVectorLayer[]): boolean {
  const extent: Extent = createEmpty();
  for (const l of layers) {
    const layerExtent = l.get('featureCount') > 0 ? l.getSource()?.getExtent() : undefined;
    if (layerExtent) extend(extent, layerExtent);
  }
  if (isEmpty(extent)) return false;
  const p = FIT_PADDING;
  map.getView().fit(extent, { padding: [p, p, p, p], maxZoom: FIT_MAX_ZOOM });
  return true;
}

/** Resolves once OL has drawn a full frame with every layer ready (WebGL buffers built). */
export function nextRenderComplete(map: OlMap, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const key = map.once('rendercomplete', () => resolve());
    signal.addEventListener('abort', () => {
      map.un('rendercomplete', key.listener as () => void);
      resolve();
    });
    map.render();
  });
}
