// Business constants and limits shared by model, server and client.
// Source of truth: SPEC §9 (plus the wire names fixed in docs/CONTRACT.md).

// --- Uploads and attachments (SPEC §5, §9) ---
/** SPEC §9: upload limit 10MB; exactly this many bytes is accepted, one more is rejected. */
export const UPLOAD_LIMIT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_MIME_TYPE = 'application/pdf';
export const DOCUMENT_MIME_TYPES = [DOCUMENT_MIME_TYPE] as const;
/** SPEC §5: document description 3 to 50 characters. */
export const DOCUMENT_DESCRIPTION_MIN = 3;
export const DOCUMENT_DESCRIPTION_MAX = 50;
/** SPEC §5: image/jpg is listed although it is not an IANA type; browsers and old clients send it. */
export const IMAGE_MIME_TYPES = ['image/jpg', 'image/jpeg', 'image/gif', 'image/png'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;
export const IMAGE_DESCRIPTION_MAX = 150;
/** SPEC §5 leaves the maximum image size unstated; these are our choice (also the sizeLimitImage default). */
export const IMAGE_MAX_WIDTH_PX = 4096;
export const IMAGE_MAX_HEIGHT_PX = 4096;
export const DEFAULT_SIZE_LIMIT_IMAGE = UPLOAD_LIMIT_BYTES;
/** An observation suggestion (SPEC §1): how many individuals at most, and its note's length (our choice). */
export const OBSERVATION_COUNT_MAX = 100000;
export const OBSERVATION_NOTE_MAX = 500;

// --- Notifications, consent, app lifecycle (SPEC §4, §8, §9) ---
export const NOTIFICATION_MS = 10000;
export const COOKIE_CONSENT_DAYS = 1825;
export const INACTIVE_APP_MONTHS = 3;
/** SPEC §8: geolocation notifications show 5 s, 12 s for timeout and temporary denied. */
export const GEOLOCATION_NOTIFICATION_MS = 5000;
export const GEOLOCATION_LONG_NOTIFICATION_MS = 12000;

// --- Interaction (SPEC §4, §9) ---
export const LONG_PRESS_MS = 600;
export const LONG_PRESS_MOVE_TOLERANCE_PX = 20;
export const HIT_TOLERANCE_PX = 3;

// --- View (SPEC §3 map view config, §4 map load, §9) ---
export const FIT_PADDING = 40;
export const FIT_MAX_ZOOM = 21;
export const DEFAULT_PROJECTION = 'EPSG:3857';
export const DATA_PROJECTION = 'EPSG:4326';
export const DEFAULT_ZOOM = 1;
export const DEFAULT_CENTER: readonly [number, number] = [0, 0];
export const DEFAULT_ROTATION = 0;

// --- Geolocation and tracks (SPEC §9) ---
export const GEOLOCATION_TIMEOUT_MS = 10000;
export const GEOLOCATION_HIGH_ACCURACY = true;
export const GEOLOCATION_SHORT_TIMEOUT_MS = 7000;
export const CENTER_ON_COORDINATES_ZOOM = 18;
export const CENTER_ON_COORDINATES_DURATION_MS = 3000;
export const CENTER_ON_USER_ZOOM = 14;
export const FEATURE_FIT_PADDING = 10;
export const LAYER_FIT_MAX_ZOOM = 12;
export const TRACK_UPDATE_DISTANCE_KM = 5;
/** SPEC §9: "2 (unit not shown) between updates"; kept unitless on purpose. */
export const TRACK_UPDATE_THRESHOLD = 2;
export const TRACK_FIT_PADDING = 100;
export const TRACK_FIT_DURATION_MS = 2000;
export const EARTH_RADIUS_M = 6371000;
export const GEOLOCATION_STATES = ['notFixed', 'loading', 'prompt', 'granted', 'temporary_blocked', 'blocked'] as const;
export type GeolocationState = (typeof GEOLOCATION_STATES)[number];
/** SPEC §8: PositionError codes 1, 2, 3 → denied, unavailable, timeout. */
export const GEOLOCATION_ERROR_CODES = { 1: 'denied', 2: 'unavailable', 3: 'timeout' } as const;

// --- Route (SPEC §9) ---
/** Under this many metres the distance is shown in m, else km with one decimal. */
export const ROUTE_KM_THRESHOLD_M = 1000;
export const ROUTE_KM_DECIMALS = 1;
export const ROUTE_PROFILE = 'driving-car';
/** Embedded router (no directions service): an end farther than this from every road has no route (SPEC §8). */
export const ROUTE_MAX_SNAP_M = 5000;
/** Embedded router: the travel speed on roads, and on the straight legs to and from the nearest road. */
export const ROUTE_ROAD_SPEED_KMH = 60;
export const ROUTE_OFF_ROAD_SPEED_KMH = 5;

// --- Layers (SPEC §3, §9) ---
export const GEOMETRY_TYPES = ['Point', 'Polygon', 'LineString'] as const;
export type GeometryType = (typeof GEOMETRY_TYPES)[number];
export const LAYER_TYPES = ['Point', 'Polygon', 'LineString', 'wms'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];
export const BASE_LAYER_KINDS = ['xyz', 'wms', 'wmts', 'vector'] as const;
export type BaseLayerKind = (typeof BASE_LAYER_KINDS)[number];
export const DEFAULT_STROKE_COLOR = '#EA880C';
export const DEFAULT_FILL_COLOR = '#274E78';
export const DEFAULT_STROKE_WIDTH = 2;
/** SPEC §9: new layer templates draw thicker so they stand out. */
export const TEMPLATE_STROKE_WIDTH = 4;
export const DEFAULT_LAYER_Z_INDEX = 5;
export const LAYER_MIN_ZOOM = 1;
export const LAYER_MAX_ZOOM = 24;
/** SPEC §9: tile layers span 0 to 24. */
export const TILE_LAYER_MIN_ZOOM = 0;
export const LAYER_DEFAULTS = {
  zIndex: DEFAULT_LAYER_Z_INDEX,
  minZoom: LAYER_MIN_ZOOM,
  maxZoom: LAYER_MAX_ZOOM,
  visible: true,
  selectable: true,
  legend: true,
  savable: true,
  opacity: 1,
  strokeColor: DEFAULT_STROKE_COLOR,
  fillColor: DEFAULT_FILL_COLOR,
  strokeWidth: DEFAULT_STROKE_WIDTH,
} as const;
/** SPEC §9 z-order: base maps < tile layers < polygons < lines < points; diff layers from 100 up. */
export const Z_ORDER = { baseMap: 0, tile: 1, Polygon: 2, LineString: 3, Point: 4 } as const;
export const DIFF_LAYER_Z_INDEX_BASE = 100;
export const DIFF_SUFFIX = '_diff';
/** SPEC §3: a diff layer is named after its layer plus "updates". */
export const DIFF_NAME_SUFFIX = ' updates';
export const WORKSPACE_PREFIX = 'ws';
export const DEFAULT_CATEGORY = 'Place';
export const LABEL_MIN_ZOOM = 15;
export const LABEL_FONT_PX = 12;

// --- Locale and time (SPEC §1, §9) ---
export const LOCALES = ['en_US', 'fr_FR', 'es_ES', 'de_DE'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en_US';
export const DEFAULT_TIME_FORMAT = 'L LT';
export const THEME_MODES = ['light', 'dark'] as const;
export const DEFAULT_THEME_MODE = 'light';

// --- Local browser database (SPEC §9) ---
export const LOCAL_DB_NAME = 'Mapdraft';
export const LOCAL_DB_VERSION = 2;
export const LOCAL_DB_STORES = ['app', 'features', 'auth', 'layers', 'settings'] as const;

// --- App, keys, wire names (SPEC §1, CONTRACT.md) ---
export const APP_KEY_LENGTH = 32;
export const APP_KEY_PATTERN = /^[A-Za-z0-9]{32}$/;
export const DEMO_APP_KEY = 'demodemodemodemodemodemodemodemo';
export const APP_KEY_HEADER = 'x-app-key';
export const APP_KEY_QUERY = 'appkey';
export const SESSION_HEADER = 'x-session-id';
/** The session cookie the server sets at login (HttpOnly: scripts never read it; SPEC §4, issue 16). */
export const SESSION_COOKIE = 'mapdraft_session_id';
/** GET /api/login?cookie=: none (the client keeps the x-session-id itself), browser (ends with the browser), remembered (30 days). */
export const SESSION_COOKIE_MODES = ['none', 'browser', 'remembered'] as const;
export type SessionCookieMode = (typeof SESSION_COOKIE_MODES)[number];
/** A suggestion call carrying this header is applied once; a repeat (an outbox replay) gets the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that repeats the stored first answer of an idempotency key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
/** Lengths past which a name is refused as too long (issue 16: a 3,000-character name overflowed an index). */
export const USERNAME_MAX_LENGTH = 100;
export const WORKSPACE_NAME_MAX_LENGTH = 100;
export const PERSON_FIELD_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 1024;
export const ADMIN_USER_TYPE = 'admin';
export const CHUNK_LOAD_TIMEOUT_MS = 120000;
export const MANIFEST_ICON_SIZES = [128, 192, 256, 384, 512] as const;
export const ENVIRONMENTS = ['LOCAL', 'PRODUCTION', 'STAGING', 'DEV'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];
export const COLOR_TYPES = ['primaryColor', 'secondaryColor', 'accentColor'] as const;
export type ColorType = (typeof COLOR_TYPES)[number];
/** SPEC §3: grpstatus n new, m modified, d deleted. */
export const GROUP_STATUSES = ['n', 'm', 'd'] as const;
export type GroupStatus = (typeof GROUP_STATUSES)[number];
export const AUTH_STATUSES = ['authenticating', 'authenticated', 'authorised', 'unAuthenticated'] as const;
export const AUTH_ACTIONS = ['register', 'login', 'reset', 'changePassword', 'userInformation', 'logout'] as const;

export const CATEGORY_ICONS = [
  'mosque',
  'banks',
  'tourist attraction',
  'car parks',
  'retailer',
  'hotels',
  'estate',
  'universities',
  'hospitals',
  'crossroads',
  'shopping malls',
  'cafes',
  'schools',
  'pharmacies',
  'parks',
  'kindergarten',
  'police stations',
  'worship places',
] as const;
