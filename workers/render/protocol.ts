// The render worker's whole API as ONE typed request/response table (STYLE.md §1). The comlink-exposed
// object (render.worker.ts), the main-thread fallback (map_renderer.ts run on the main thread) and the
// client (src/map/render_worker_client.ts) are all typed from it, so adding a call means adding one row.
import type { GeometryType } from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';

/** The Layer fields (SPEC §3/§9) the renderer needs; colours are CSS colour strings. */
export interface RenderLayerConfig {
  id: string;
  geometryType: GeometryType;
  strokeColor?: string | null;
  fillColor?: string | null;
  strokeWidth?: number | null;
  visible?: boolean;
  opacity?: number;
  /** SPEC §3: inclusive zoom range (OL's own minZoom is exclusive; the renderer converts). */
  minZoom?: number;
  maxZoom?: number;
  /** The layer's own zIndex (0–9, default 5); the renderer maps it into the SPEC §9 bands. */
  zIndex?: number;
  /** A `_diff` companion layer (SPEC §3): drawn from 100 above every layer (SPEC §9). */
  isDiff?: boolean;
  /** Draw the batch's `labels` for points from zoom 15 (SPEC §9 LABEL_MIN_ZOOM). */
  labels?: boolean;
}

/** 'auto': WebGL when a context can be made, else Canvas 2D. The others force one (tests, settings). */
export type RenderBackendKind = 'auto' | 'webgl' | 'canvas2d';

export interface InitRequest {
  /** The map canvas, transferred with `transferControlToOffscreen()`; drawn through a 2D context. */
  canvas: OffscreenCanvas;
  pixelRatio: number;
  /** CSS pixels. */
  size: [number, number];
  /** The data worker's end of a MessageChannel: workers/batch/batch_port.ts BatchPortMessage (batch, update, remove) with moved buffers. */
  batchPort?: MessagePort;
  backend?: RenderBackendKind;
}

export interface InitResponse {
  /** The backend actually in use ('webgl' or 'canvas2d'). */
  backend: Exclude<RenderBackendKind, 'auto'>;
}

export interface BatchReceivedRequest {
  ticket: string;
  /** Resolve `false` after this long (default 30 s). */
  timeoutMs?: number;
}

/** Upsert the features of a small batch into its layer, by id (one feature edited, not the layer). */
export interface UpdateFeaturesRequest {
  layerId: string;
  batch: FeatureBatch;
}

export interface RemoveFeaturesRequest {
  layerId: string;
  ids: number[] | Float64Array;
}

export interface SetViewRequest {
  /** EPSG:3857. */
  center: [number, number];
  resolution: number;
  rotation?: number;
  size?: [number, number];
  pixelRatio?: number;
  /** OL view hints [animating, interacting]: while either is non-zero, buffers are not rebuilt. */
  viewHints?: [number, number];
}

export interface FitRequest {
  /** [minX, minY, maxX, maxY] in EPSG:3857. Omitted: the combined extent of the layers' features
   *  (SPEC §4 map load), from `layerIds` or every layer; the view stays put when they are empty. */
  extent?: [number, number, number, number];
  layerIds?: string[];
  /** SPEC §9 defaults: padding 40, max zoom 21. */
  padding?: number;
  maxZoom?: number;
}

export interface RenderViewState {
  center: [number, number];
  resolution: number;
  rotation: number;
  zoom: number;
  size: [number, number];
  pixelRatio: number;
  extent: [number, number, number, number];
}

export interface SnapshotRequest {
  /** Give up waiting for pending frames and buffers after this long (default 10 s). */
  timeoutMs?: number;
}

export interface IdleRequest {
  /** Resolve `false` after this long (default 10 s). */
  timeoutMs?: number;
}

export interface Snapshot {
  width: number;
  height: number;
  /** RGBA, row-major, device pixels. */
  pixels: Uint8ClampedArray;
}

export interface RenderStats {
  backend: Exclude<RenderBackendKind, 'auto'>;
  featuresPerLayer: Record<string, number>;
  /** Sum of the vertex/index arrays uploaded to WebGL buffers (0 with Canvas 2D). */
  bufferBytes: number;
  frames: number;
  lastFrameMs: number;
}

export interface FrameInfo {
  view: RenderViewState;
  frame: number;
  frameMs: number;
}

export type FrameCallback = (info: FrameInfo) => void;

/** One row per call: request in, response out. */
export interface RenderWorkerProtocol {
  init: { request: InitRequest; response: InitResponse };
  setLayers: { request: RenderLayerConfig[]; response: void };
  /** Replaces a layer's features. The batch's buffers are moved (worker) or adopted (main thread). */
  setBatch: { request: FeatureBatch; response: void };
  updateFeatures: { request: UpdateFeaturesRequest; response: void };
  removeFeatures: { request: RemoveFeaturesRequest; response: void };
  setView: { request: SetViewRequest; response: void };
  fit: { request: FitRequest; response: RenderViewState };
  /** True once no frame is pending and every layer in view has drawn its current features. */
  idle: { request: IdleRequest | undefined; response: boolean };
  /** True once the port delivery with this ticket is in the layer (false on time-out). */
  batchReceived: { request: BatchReceivedRequest; response: boolean };
  snapshot: { request: SnapshotRequest | undefined; response: Snapshot };
  stats: { request: undefined; response: RenderStats };
  /** The callback crosses as a comlink proxy; `null` stops the reports. */
  onFrame: { request: FrameCallback | null; response: void };
  dispose: { request: undefined; response: void };
}

export type RenderWorkerCall = keyof RenderWorkerProtocol;

/** One call of the table; a request that may be undefined may be left out (`idle()`, `stats()`). */
export type RenderCall<Row extends { request: unknown; response: unknown }> = undefined extends Row['request']
  ? (request?: Row['request']) => Promise<Row['response']>
  : (request: Row['request']) => Promise<Row['response']>;

/**
 * What render.worker.ts exposes, what the main-thread fallback implements and (less `init`) what the
 * main thread holds (src/map/render_worker_client.ts MapRendererHandle). A new call is a row of the
 * table, its implementation in render_api.ts and its entry in render_transfer.ts's map.
 */
export type RenderWorkerApi = { [K in RenderWorkerCall]: RenderCall<RenderWorkerProtocol[K]> };
