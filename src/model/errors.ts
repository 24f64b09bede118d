// The error catalogue (SPEC §8) and validation messages (SPEC §5): key → exact English text.
// Texts quoted in the SPEC are verbatim; the others keep the SPEC's words in a full sentence.
import { DOCUMENT_DESCRIPTION_MAX, DOCUMENT_DESCRIPTION_MIN, IMAGE_DESCRIPTION_MAX, OBSERVATION_COUNT_MAX } from './constants.ts';
import { EXPORT_MAX_GFIDS } from './entities/feature_export.ts';

/** SPEC §8: app-level errors are "APP_ERROR" followed by a key used as notification text. */
export const APP_ERROR_PREFIX = 'APP_ERROR';

export const ERRORS = {
  // SPEC §8 quoted texts
  INTERNAL_SERVER_ERROR: 'An internal server error occurred. Please try again later.',
  NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE: 'No changes detected while updating the feature.',
  LOGIN_FAILED: 'Login failed. Please check your username and password.',
  OFFLINE_EDIT: 'Enable WiFi or mobile data before being able to edit features',
  CRITICAL_ERROR: 'critical error occurred',
  GEOLOCATION_TEMPORARY_DENIED: 'Your location was temporary denied, please enable GPS and try again.',
  GEOLOCATION_DENIED: 'Your location could not be determined. Please enable location / GPS on your browser / device setting and try again',
  GEOLOCATION_UNAVAILABLE: "Your location could not be determined. The location service can't be reached.",
  GEOLOCATION_TIMEOUT: 'The attempt to get your location timed out.',
  GEOLOCATION_UNKNOWN: 'Getting your location failed due to unknown error.',
  NO_LOCATION_ON_MAP: 'No location data available on the map',
  // SPEC §5 quoted texts
  CONFIRM_PASSWORD_MISMATCH: 'Confirm password not match with password',
  PDF_TYPE_REQUIRED: 'File type must be of type pdf.',
  IMAGE_TYPE_REQUIRED: 'File type must be of type jpg, jpeg, png or gif.',
  COLOR_TYPE_NOT_REFERENCED: 'This type of color is not referenced',
  // SPEC §5 generic validation
  FIELD_REQUIRED: 'This field is required.',
  NUMERIC_REQUIRED: 'A numeric value is required.',
  INVALID_EMAIL: 'Please enter a valid email address.',
  INVALID_URL: 'Please enter a valid URL.',
  INVALID_VALUE: 'The value is not valid.',
  DESCRIPTION_REQUIRED: 'Description is required.',
  DOCUMENT_DESCRIPTION_LENGTH: `The description must be between ${DOCUMENT_DESCRIPTION_MIN} and ${DOCUMENT_DESCRIPTION_MAX} characters.`,
  IMAGE_DESCRIPTION_TOO_LONG: `The description must be at most ${IMAGE_DESCRIPTION_MAX} characters.`,
  INVALID_FILE_NAME: 'The file name may only contain letters, numbers, spaces, dots, dashes and underscores.',
  LINK_REQUIRED: 'A resource link and a short description are required.',
  COMMENT_EMPTY: 'The comment must not be empty.',
  BIBLIOGRAPHY_EMPTY: 'The bibliography item must not be empty.',
  LAYER_PROPERTY_REQUIRED: 'The layer needs at least one property.',
  NAME_PROPERTY_RECOMMENDED: 'A property called name is recommended.',
  INVALID_LOCALE: 'Language must be one of en_US, fr_FR, es_ES or de_DE.',
  INVALID_APP_KEY: 'The app key must be 32 letters or numbers.',
  INVALID_GEOMETRY: 'The geometry must be a Point, LineString or Polygon with valid coordinates.',
  SINGLE_FEATURE_REQUIRED: 'The feature collection must hold exactly one feature.',
  // SPEC §8 notification catalogue (described, not quoted)
  SPECIES_SERVICE_FAILED: 'Unable to get results from the species-observation service.',
  OBSERVATIONS_FAILED: 'Unable to get observations.',
  SPECIES_FAILED: 'Unable to get species.',
  FILE_TOO_LARGE: 'File size is greater than 10MB.',
  NO_FILES_SELECTED: 'No files selected.',
  IMAGE_DIMENSIONS_TOO_LARGE: 'Image dimensions are too large.',
  PROPERTY_ALREADY_EXISTS: 'This property already exists.',
  TAGS_UPDATE_FAILED: 'The tags could not be updated.',
  FEATURE_NOT_FOUND: 'The feature does not exist.',
  KEY_INCORRECT: 'The key is incorrect.',
  KEY_EXISTS: 'The key already exists.',
  REGISTRATION_FAILED: 'Registration failed.',
  PASSWORD_RESET_FAILED: 'The password reset failed.',
  WORKSPACE_REGISTRATION_FAILED: 'You could not be registered on the workspace.',
  INVALID_WORKSPACE: 'Invalid workspace(s).',
  LAYERS_ONLY_FROM_CURRENT_WORKSPACE: 'Layers may only be added from the current workspace.',
  LOGO_MEDIA_TYPE_NOT_SUPPORTED: 'The media type of the logo is not supported.',
  NO_COORDINATES: 'There are no coordinates for this feature.',
  WORKSPACE_CREATION_FAILED: 'The workspace creation failed.',
  ACTIVATION_FAILED: 'Failed to activate the application.',
  NO_APP_KEY_DEFINED: 'No appKey defined on this url.',
  NO_APP_REGISTERED: 'No application registered for the appkey.',
  NO_DATA_FOR_LOCATION: 'No data for this location.',
  ELEMENT_NOT_FOUND: 'Element not found.',
  POSITION_NOT_DETERMINED: 'Your position could not be determined.',
  NO_ROUTE_NOT_CLOSE_TO_ROAD: 'No route found because a location is not close to a road.',
  MISSING_CONFIGURATION: 'The config file or the database config for this app key is missing.',
  // SPEC §9 chunk load time-out (or a chunk that failed): a lazily loaded part of the UI did not arrive.
  CHUNK_LOAD_FAILED: 'This part of the app could not be loaded. Check the connection and try again.',
  // HTTP roles and lookups (CONTRACT.md)
  UNAUTHORIZED: 'You must be logged in to do this.',
  FORBIDDEN: 'You are not allowed to do this.',
  DIFF_LAYER_LOOKUP_REFUSED: 'Feature lookup on a diff layer by gfid is refused.',
  WORKSPACE_REQUIRED: 'A workspace must be defined.',
  GFID_REQUIRED: 'The feature must have a gfid first.',
  LAYER_NOT_FOUND: 'The layer does not exist.',
  NOT_FOUND: 'Not found.',
  CONFLICT: 'The resource was changed by someone else.',
  // Suggestions and review (SPEC §4, §6; DESIGN "Suggestions never touch originals")
  CHANGE_CONFLICT:
    'The feature was changed since this suggestion was made (its version is no longer the base version); nothing was applied.',
  CHANGE_NOT_PENDING: 'This suggestion was already accepted or declined.',
  LAYER_NOT_EDITABLE: 'This layer is not editable.',
  PROPERTY_ADMIN_ONLY: 'Only an administrator may change this property.',
  WORKSPACE_NOT_REGISTERED: 'You are not registered on this workspace and cannot edit its data.',
  NO_DIFF_LAYER: 'This layer has no diff layer for suggestions.',
  GEOMETRY_TYPE_MISMATCH: 'The geometry type does not match the layer.',
  // Offline outbox replay: a queued edit based on an outdated version, and retries.
  STALE_BASE_VERSION:
    'The feature was changed since you started editing it. Compare your version with the current one, then resubmit or discard.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for a different request.',
  IDEMPOTENCY_KEY_INVALID: 'The idempotency key must be 1 to 200 visible characters.',
  // Hardening (issue 16): account safety, limits, and the layer and property flags of SPEC §3.
  CURRENT_PASSWORD_REQUIRED: 'Enter your current password to change your email address.',
  TOO_MANY_REQUESTS: 'Too many requests. Please wait a moment and try again.',
  UPLOAD_QUOTA_EXCEEDED: 'Your uploads have reached their storage limit.',
  LAYER_NOT_DELETABLE: 'Features of this layer cannot be deleted.',
  PROPERTY_NOT_EDITABLE: 'This property cannot be edited.',
  PROPERTY_NOT_DECLARED: 'This property is not defined on the layer.',
  GEOMETRY_TOO_LARGE: 'The geometry has too many vertices or parts, or coordinates out of range.',
  GEOMETRY_NOT_VALID: 'The geometry is not valid.',
  VALUE_TOO_LONG: 'The value is too long.',
  // Observations suggested by users (SPEC §1, §4): checked like the other attachments.
  SPECIES_NOT_ON_LAYER: "This species is not recorded for the feature's layer.",
  OBSERVATION_DATE_INVALID: 'The observation date must be a valid date and not in the future.',
  OBSERVATION_COUNT_INVALID: `The count must be a whole number from 1 to ${OBSERVATION_COUNT_MAX}.`,
  // Importing files (issue 15 part 5, SPEC §1 "import").
  IMPORT_VALUE_NOT_NUMBER: 'The value is not a number.',
  IMPORT_VALUE_NOT_BOOLEAN: 'The value is not yes or no (true or false).',
  IMPORT_VALUE_NOT_DATE: 'The value is not a date (YYYY-MM-DD).',
  IMPORT_VALUE_NOT_OBJECT: 'The value is not a JSON object.',
  IMPORT_FORMAT_NOT_SUPPORTED: 'This file type cannot be imported. Use GeoJSON, GeoPackage, a zipped Shapefile, KML, GPX or CSV.',
  IMPORT_FILE_UNREADABLE: 'The file could not be read.',
  IMPORT_CRS_NOT_SUPPORTED: 'The coordinate reference system of the file is not supported; only WGS 84 (EPSG:4326 / CRS84) is.',
  IMPORT_NO_FEATURES: 'The file holds no features.',
  IMPORT_COORDINATE_COLUMNS_REQUIRED: 'Choose the longitude and latitude columns.',
  IMPORT_NO_GEOMETRY: 'The feature has no geometry.',
  // Exporting files (issue 15 part 6).
  EXPORT_FORMAT_NOT_SUPPORTED: 'This export format is not supported. Use GeoJSON, GeoPackage, FlatGeobuf, GPX or CSV.',
  EXPORT_TOO_MANY_FEATURES: `Export at most ${EXPORT_MAX_GFIDS} selected features at a time.`,
} as const;

export type ErrorKey = keyof typeof ERRORS;

/** SPEC §8 success notifications. */
export const SUCCESS = {
  REGISTRATION_SUCCESS: 'Registration successful. Please check your email.',
  PASSWORD_RESET_MAIL_SENT: 'A password reset mail has been sent.',
  APP_CREATED: 'The app was created with a new appkey.',
  APP_KEY_ACTIVATED: 'The app key was activated.',
  WORKSPACE_CREATED: 'The workspace was created.',
  VECTOR_LAYER_SAVED: 'The vector layer was saved.',
  TAGS_UPDATED: 'The tags were updated.',
  UPLOAD_SUCCESSFUL: 'Upload successful, awaiting admin review.',
  LINK_COPIED: 'Link copied.',
  OUTDOOR_MODE_ON: 'Outdoor mode is on.',
  OUTDOOR_MODE_OFF: 'Outdoor mode is off.',
} as const;

export type SuccessKey = keyof typeof SUCCESS;

export interface ErrorBody {
  statusCode: number;
  error: ErrorKey;
  message: string;
}

/** Error body on the wire (CONTRACT.md): `{statusCode, error: ErrorKey, message}`. */
export function errorBody(key: ErrorKey, statusCode: number): ErrorBody {
  return { statusCode, error: key, message: ERRORS[key] };
}

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/** SPEC §8: "APP_ERROR" + key, e.g. APP_ERROR.NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE. */
export function appErrorCode(key: ErrorKey): string {
  return `${APP_ERROR_PREFIX}.${key}`;
}
