// The data worker's whole API as ONE typed request/response table (STYLE.md §1, after MapLibre's
// RequestResponseMessageMap). The comlink-exposed object and the main-thread proxy are both derived
// from it, so adding a call means adding one row here. A leaf: it imports only the model and
// workers/batch, and the modules implementing the calls import their request and response types from here.
import type {
  ChangeEntry,
  ChangeSide,
  GeometryType,
  LonLat,
  OutboxItem,
  OutboxMeta,
  OutboxRequest,
  Route,
  TrackPoint,
} from '../../src/model/index.ts';
import type { FeatureBatch } from '../batch/feature_batch.ts';

export interface LoadLayerRequest {
  /** Base address of the API ('' or an origin); requests go to `${apiBase}/api/...`. */
  apiBase: string;
  appKey: string;
  workspace: string;
  layer: string;
  /** The layer's declared geometry (SPEC §3 Layer.type); inferred from the first feature when absent. */
  geometryType?: GeometryType;
  /** Property copied into `labels` (SPEC §3 Layer.labelAttribute). */
  labelProperty?: string;
  /** SPEC §3 Layer.categoryProperty: picks each point's category icon (SPEC §9); none: no icons. */
  categoryProperty?: string;
  /** Properties searched in this layer, the name first (model `featureSearchProperties`); none: not searched. */
  searchProperties?: string[];
  /** Basic-auth header value or session id, when logged in (SPEC §7: credentials on every call). */
  authorization?: string;
  sessionId?: string;
  /** Lets the caller cancel a long load with `cancel({ requestId })` (AbortSignal cannot cross comlink). */
  requestId?: string;
  /**
   * Wire format: 'fgb' (default) streams FlatGeobuf and decodes it as it arrives;
   * 'geojson' fetches the GeoJSON list. A server answering GeoJSON to an fgb request still works.
   */
  format?: 'fgb' | 'geojson';
}

/**
 * Progress of a load: features decoded so far, the total when known (a streamed FlatGeobuf does not
 * announce it: undefined until the last call, which always comes and has total = loaded), and body
 * bytes received (after HTTP decompression). Pass it through comlink's `proxy()`.
 */
export type LoadProgress = (loadedFeatures: number, totalFeatures: number | undefined, bytes: number) => void;

export interface CancelRequest {
  requestId: string;
}

/** The data worker's end of a MessageChannel whose other end the render worker holds. */
export interface ConnectRendererRequest {
  port: MessagePort;
}

/** loadLayer, delivered to the render worker instead of returned (DESIGN: never through the main thread). */
export interface ShowLayerRequest extends LoadLayerRequest {
  /** SPEC §9: the local database is named after the app (CamelCase) — one store per app. */
  appName?: string;
}

export interface ShowLayerResult {
  layerId: string;
  count: number;
  /** Where the features on screen now came from: the server, or the local store when it is unreachable. */
  source: 'network' | 'local';
  /** The ticket of the last delivery on the render port (await it with the renderer's batchReceived). */
  ticket: string;
  /** The server's refusal or the network failure, when the layer is shown from the local store. */
  networkError?: string;
  /** Shown from the local store because the server did not answer (not because it refused). */
  unreachable?: boolean;
}

/**
 * Re-read a few features of a shown layer (an accepted change, a new suggestion) and send
 * only them to the renderer. Fields left out are those the layer was shown with (showLayer).
 */
export interface RefreshFeaturesRequest {
  apiBase: string;
  appKey: string;
  /** The layer's workspace; defaults to the one it was shown from (a `_diff` layer's managed workspace). */
  workspace?: string;
  layerId: string;
  gfids: number[];
  authorization?: string;
  sessionId?: string;
}

export interface RefreshFeaturesResult {
  /** Gfids whose current version is now in the layer (replaced or added). */
  updated: number[];
  /** Gfids the server no longer has (404, or gone from a `_diff` layer): out of the layer. */
  removed: number[];
  /** The ticket of the last render-port message (renderer's batchReceived); absent when nothing was sent. */
  ticket?: string;
}

/** One value of the local store's key-value stores (SPEC §9: app, auth, layers, settings). */
export interface StoredValueRequest {
  /** Names the local database (SPEC §9: the app name in CamelCase, else the product's). */
  appName?: string;
  store: 'app' | 'auth' | 'layers' | 'settings';
  key: string;
}

export interface PutStoredValueRequest extends StoredValueRequest {
  value: unknown;
  /**
   * Nothing waits for this write (the app's configuration kept for an offline open): to a first
   * visit's new database it is made once the first load is drawn, like the layers (issue 17).
   */
  background?: boolean;
}

/** A recording track is still recording, or stopped and waiting for the user to keep or discard it. */
export type TrackPhase = 'recording' | 'stopped';

export interface StoredTrack {
  phase: TrackPhase;
  startedAt: number;
  points: TrackPoint[];
}

/** The offline outbox lives in the app's local database (SPEC §9: named after the app). */
export interface OutboxTarget {
  appName?: string;
}

export interface OutboxAddRequest extends OutboxTarget {
  /** The author: items replay with that user's session only. */
  owner: string;
  request: OutboxRequest;
  /** Attachments of a new feature, sent after it (SPEC §5: no gfid, no attachments). */
  attachments?: OutboxRequest[];
}

export interface FeatureRecordRequest extends OutboxTarget {
  gfid: number;
}

export interface OutboxReplayRequest extends OutboxTarget, ReplayRequest {}

export interface OutboxReplayResult {
  /** What the server now has, with its answers (a new feature's change entry names its `diffGfid`). */
  sent: { seq: number; meta: OutboxMeta; answer: unknown }[];
  stopped?: 'unreachable' | 'signedOut';
}

export interface OutboxResubmitRequest extends OutboxTarget {
  seq: number;
  /** For a conflict: the current version to put the user's changes on. */
  version?: number;
}

/** The main map's zoom, sent when its band (workers/batch/zoom_levels.ts bandOfView) changes — not every frame. */
export interface SetZoomRequest {
  zoom: number;
}

export interface HitQuery {
  /** Tap position in EPSG:3857 metres. */
  x: number;
  y: number;
  /** Metres per pixel of the view at the time of the tap. */
  resolution: number;
  /** Defaults to SPEC §9's select hit tolerance. */
  tolerancePx?: number;
}

export interface Hit {
  layerId: string;
  geometryType: GeometryType;
  /** Feature index in the batch (and the index). */
  index: number;
  /** The feature's gfid (NaN for a new, unsaved feature — SPEC §3). */
  id: number;
  /** EPSG:3857 metres from the tap; 0 inside a polygon. */
  distance: number;
}

// --- review (SPEC §2 comparison / pending changes; review.ts) ---

export interface PropertyChange {
  name: string;
  /** The original's value; null where it had none. */
  before: unknown;
  after: unknown;
}

/** One entry of GET /api/features/changes and its sides: the model's changeEntrySchema (CONTRACT.md). */
export type { ChangeEntry, ChangeSide };

export interface ReviewEntry extends ChangeEntry {
  /** Properties whose suggested value differs from the original (all of them for a new feature). */
  changedProperties: PropertyChange[];
  geometryChanged: boolean;
}

/** `entries` keep the server's order (oldest first); the groups index into them. */
export interface GroupedChanges {
  entries: ReviewEntry[];
  groups: { new: number[]; modified: number[]; deleted: number[] };
}

export interface GroupChangesRequest {
  changes: ChangeEntry[];
  /** SPEC §2/§6: the deleted group is shown to admins only. */
  admin: boolean;
}

/** setZoom's answer (zoom_bands.ts). */
export interface SetZoomResult {
  band: number;
  /** One ticket per layer re-sent for the new band (empty when the band did not change). */
  tickets: string[];
}

/** Whose waiting outbox items go, and with which credentials (outbox_replay.ts). */
export interface ReplayRequest {
  apiBase: string;
  appKey: string;
  /** Whose items go: a user's suggestions are sent with that user's session only. */
  owner: string;
  sessionId?: string;
  authorization?: string;
}

/** A tap in map coordinates (EPSG:3857) and the view's resolution; tolerance in pixels (SPEC §9: 3). */
export interface HitTestRequest extends HitQuery {
  layerIds?: string[];
}

// --- search (SPEC §2: deep search over the features on the device; feature_search.ts) ---

export interface SearchFeaturesRequest {
  query: string;
  /** Matches per layer (model SEARCH_RESULTS_PER_LAYER when absent). */
  limit?: number;
  /** Only these layers; all searchable loaded layers when absent. */
  layerIds?: string[];
}

export interface SearchHit {
  layerId: string;
  /** The feature's gfid. */
  id: number;
  name: string;
  /** Lon/lat extent [minLon, minLat, maxLon, maxLat], for the zoom to the feature. */
  extent: [number, number, number, number];
  score: number;
}

/** One layer's matches, best first; groups ordered by their best match. */
export interface SearchGroup {
  layerId: string;
  hits: SearchHit[];
  /** All matches of the layer (more than `hits` when cut at the limit). */
  total: number;
}

// --- routing (SPEC §1/§3 Route: the embedded router over the road layers; road_graph.ts) ---

export interface RouteRequest {
  origin: LonLat;
  destination: LonLat;
  /** The loaded layers flagged `roads` (SPEC §3 layersConfig). */
  roadLayerIds: string[];
}

/** Why there is no route (SPEC §8 "no route because a location is not close to a road"). */
export type NoRouteReason = 'noRoads' | 'originFarFromRoad' | 'destinationFarFromRoad' | 'notConnected';

export type RouteOutcome = { ok: true; route: Route } | { ok: false; reason: NoRouteReason; distanceToRoad?: number };

/**
 * One row per call: request in, response out, and for long calls the progress callback they
 * accept as an optional second argument (a comlink proxy: functions cannot sit inside the request).
 */
export interface DataWorkerProtocol {
  loadLayer: { request: LoadLayerRequest; response: FeatureBatch; progress: LoadProgress };
  cancel: { request: CancelRequest; response: boolean };
  connectRenderer: { request: ConnectRendererRequest; response: void };
  /** SPEC §4 map load for one layer: local store first, then the server; both go to the render port. */
  /** Starts the layers' fetches before the map asks for them (layer_prefetch.ts); showLayer then takes them. */
  prefetchLayers: { request: { requests: ShowLayerRequest[] }; response: void };
  showLayer: { request: ShowLayerRequest; response: ShowLayerResult; progress: LoadProgress };
  /** SPEC §4 select: the features under a tap, nearest first, from the loaded layers' indexes. */
  hitTest: { request: HitTestRequest; response: Hit[] };
  /** Zoom band change: line and polygon layers are re-sent simplified for it, on the render port (zoom_bands.ts). */
  setZoom: { request: SetZoomRequest; response: SetZoomResult };
  /** A few features re-read and patched into their shown layer; the render port gets only them. */
  refreshFeatures: { request: RefreshFeaturesRequest; response: RefreshFeaturesResult };
  /** Once the loaded layers are drawn: their tap indexes are built (LayerRegistry.prepare). */
  prepareLayers: { request: Record<string, never>; response: void };
  /**
   * The host's time zone (SPEC §9 settings: the guess when none is set). Asked here, off the main thread:
   * the first look at a zone loads ICU's zone data for the whole page's process, 100–150 ms of
   * main-thread time at 4× CPU slowdown (issue 17), after which the main thread's formatters are quick.
   */
  hostTimeZone: { request: Record<string, never>; response: string };
  /** A search is begun (the field has the focus): the searchable layers' text indexes start (LayerRegistry.prepareSearches). */
  prepareSearch: { request: Record<string, never>; response: void };
  /** Forgets layers (SPEC §4: diff layers emptied on logout): no more hits, no more zoom-band deliveries. */
  dropLayers: { request: { layerIds: string[] }; response: void };
  /** Resolves once every layer write queued so far is on the device (layers are drawn first, stored after). */
  layersStored: { request: { appName?: string }; response: void };
  /** Undefined when nothing is stored or the browser keeps no local database. */
  getStoredValue: { request: StoredValueRequest; response: unknown };
  putStoredValue: { request: PutStoredValueRequest; response: void };
  /** Offline outbox: keep a suggestion on the device (and draw a queued feature in its `_diff` layer). */
  outboxAdd: { request: OutboxAddRequest; response: OutboxItem };
  /** A feature's details as last read from the server, kept so its prompt opens offline. */
  putFeatureRecord: { request: FeatureRecordRequest & { record: unknown }; response: void };
  getFeatureRecord: { request: FeatureRecordRequest; response: unknown };
  outboxList: { request: OutboxTarget & { owner?: string }; response: OutboxItem[] };
  /** Sends the owner's waiting items in order, each with its idempotency key; one replay at a time per database. */
  outboxReplay: { request: OutboxReplayRequest; response: OutboxReplayResult };
  outboxRemove: { request: OutboxTarget & { seq: number }; response: void };
  /** A conflict resubmitted on the current version, or a refused item sent again, under a new key. */
  outboxResubmit: { request: OutboxResubmitRequest; response: void };
  /** SPEC §4 track recording, kept in the product's local database as it is recorded (track_store.ts). */
  trackStart: { request: { startedAt: number }; response: void };
  trackAppend: { request: { points: TrackPoint[] }; response: void };
  trackSetPhase: { request: { phase: TrackPhase }; response: void };
  /** Null when no track is kept (none recorded, or the browser keeps no local database). */
  trackRead: { request: Record<string, never>; response: StoredTrack | null };
  trackClear: { request: Record<string, never>; response: void };
  /** SPEC §2 comparison / pending changes: one page of change entries grouped, with the property diff (review.ts). */
  groupChanges: { request: GroupChangesRequest; response: GroupedChanges };
  /** SPEC §2 search: names, searchable properties, tags and categories of the loaded layers, best first. */
  searchFeatures: { request: SearchFeaturesRequest; response: SearchGroup[] };
  /** SPEC §1 routing offline: the shortest route over the road layers (graph rebuilt only when a road layer changed). */
  route: { request: RouteRequest; response: RouteOutcome };
  /** Where a loaded feature is (lon/lat, the middle of its extent) and its name, e.g. as a route's end; null when not loaded. */
  featurePosition: { request: { layerId: string; gfid: number }; response: { at: LonLat; name: string } | null };
}

export type DataWorkerCall = keyof DataWorkerProtocol;

type ProgressArg<Row> = Row extends { progress: infer P } ? [onProgress?: P] : [];

/** What data.worker.ts exposes and what the main thread calls through comlink. */
export type DataWorkerApi = {
  [K in DataWorkerCall]: (
    request: DataWorkerProtocol[K]['request'],
    ...progress: ProgressArg<DataWorkerProtocol[K]>
  ) => Promise<DataWorkerProtocol[K]['response']>;
};
