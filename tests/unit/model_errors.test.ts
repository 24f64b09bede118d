// SPEC §8 catalogue: exact texts, the keys CONTRACT.md promises, and the wire body.
import { describe, it, expect } from 'vitest';
import {
  APP_ERROR_PREFIX,
  ERRORS,
  SUCCESS,
  appErrorCode,
  errorBody,
  isErrorKey,
  LAYER_DEFAULTS,
  LOCALES,
  MANIFEST_ICON_SIZES,
  ENVIRONMENTS,
  UPLOAD_LIMIT_BYTES,
  CATEGORY_ICONS,
} from '../../src/model/index.ts';

describe('ERRORS', () => {
  it('holds the SPEC §8/§5 quoted texts verbatim', () => {
    expect(ERRORS).toMatchObject({
      INTERNAL_SERVER_ERROR: 'An internal server error occurred. Please try again later.',
      NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE: 'No changes detected while updating the feature.',
      LOGIN_FAILED: 'Login failed. Please check your username and password.',
      OFFLINE_EDIT: 'Enable WiFi or mobile data before being able to edit features',
      CONFIRM_PASSWORD_MISMATCH: 'Confirm password not match with password',
      PDF_TYPE_REQUIRED: 'File type must be of type pdf.',
      IMAGE_TYPE_REQUIRED: 'File type must be of type jpg, jpeg, png or gif.',
      COLOR_TYPE_NOT_REFERENCED: 'This type of color is not referenced',
      NO_LOCATION_ON_MAP: 'No location data available on the map',
      GEOLOCATION_TIMEOUT: 'The attempt to get your location timed out.',
    });
  });
  it('has every key CONTRACT.md lists', () => {
    const keys = [
      'INTERNAL_SERVER_ERROR',
      'NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE',
      'LOGIN_FAILED',
      'CONFIRM_PASSWORD_MISMATCH',
      'PDF_TYPE_REQUIRED',
      'IMAGE_TYPE_REQUIRED',
      'COLOR_TYPE_NOT_REFERENCED',
      'NO_APP_KEY_DEFINED',
      'NO_APP_REGISTERED',
      'FIELD_REQUIRED',
      'NUMERIC_REQUIRED',
      'INVALID_EMAIL',
      'FILE_TOO_LARGE',
      'WORKSPACE_REGISTRATION_FAILED',
      'INVALID_WORKSPACE',
      'WORKSPACE_CREATION_FAILED',
      'ACTIVATION_FAILED',
      'FEATURE_NOT_FOUND',
      'ELEMENT_NOT_FOUND',
      'FORBIDDEN',
      'UNAUTHORIZED',
      'KEY_INCORRECT',
      'KEY_EXISTS',
      'LOGO_MEDIA_TYPE_NOT_SUPPORTED',
      'REGISTRATION_FAILED',
      'PASSWORD_RESET_FAILED',
      'DIFF_LAYER_LOOKUP_REFUSED',
      'MISSING_CONFIGURATION',
      'OFFLINE_EDIT',
    ];
    expect(keys.filter((k) => !isErrorKey(k))).toEqual([]);
  });
  it('keeps the SPEC words of described entries', () => {
    expect(ERRORS.NO_APP_REGISTERED).toBe('No application registered for the appkey.');
  });
  it('has no empty text', () => {
    expect(Object.values(ERRORS).filter((t) => t.trim() === '')).toEqual([]);
  });
  it('has distinct success texts', () => {
    expect(new Set(Object.values(SUCCESS)).size).toBe(Object.keys(SUCCESS).length);
  });
});

describe('errorBody', () => {
  it('builds the wire body of CONTRACT.md', () => {
    expect(errorBody('LOGIN_FAILED', 401)).toEqual({
      statusCode: 401,
      error: 'LOGIN_FAILED',
      message: 'Login failed. Please check your username and password.',
    });
  });
  it('prefixes app errors with APP_ERROR', () => {
    expect(appErrorCode('NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE')).toBe(`${APP_ERROR_PREFIX}.NO_CHANGES_DETECTED_WHEN_UPDATING_FEATURE`);
  });
  it('does not take Object.prototype names for keys', () => {
    expect(isErrorKey('toString')).toBe(false);
  });
});

describe('constants (SPEC §9)', () => {
  it('sets the upload limit to 10 MiB', () => {
    expect(UPLOAD_LIMIT_BYTES).toBe(10485760);
  });
  it('lists the four locales with en_US first', () => {
    expect(LOCALES).toEqual(['en_US', 'fr_FR', 'es_ES', 'de_DE']);
  });
  it('has the layer defaults', () => {
    expect(LAYER_DEFAULTS).toMatchObject({ zIndex: 5, minZoom: 1, maxZoom: 24, savable: true, selectable: true, legend: true });
  });
  it('lists manifest icon sizes and environments', () => {
    expect([MANIFEST_ICON_SIZES, ENVIRONMENTS]).toEqual([
      [128, 192, 256, 384, 512],
      ['LOCAL', 'PRODUCTION', 'STAGING', 'DEV'],
    ]);
  });
  it('lists 18 category icons', () => {
    expect(CATEGORY_ICONS).toHaveLength(18);
  });
});
