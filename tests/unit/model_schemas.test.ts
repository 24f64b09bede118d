// SPEC §3 entity schemas: defaults applied and §5 messages carried by failed parses.
import { describe, it, expect } from 'vitest';
import {
  ERRORS,
  geometryFamily,
  geometrySchema,
  PROPERTY_TYPES,
  appConfigSchema,
  baseLayerSchema,
  bibliographySchema,
  commentSchema,
  createAppSchema,
  documentAttachmentSchema,
  featurePayloadSchema,
  featureSchema,
  imageAttachmentSchema,
  invoiceAddressSchema,
  layerImportSchema,
  layerSchema,
  linkSchema,
  mapViewConfigSchema,
  registrationSchema,
  changePasswordSchema,
  loginSchema,
  settingsSchema,
  manifestSchema,
  routeSchema,
  localLayerSchema,
  workspaceSchema,
} from '../../src/model/index.ts';
import type { z } from 'zod';

/** Messages of a failed parse, keyed by dotted path. */
function messages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('layerSchema', () => {
  const layer = layerSchema.parse({ id: 'cities', name: 'Cities', type: 'Point' });
  it('applies the SPEC §3/§9 numeric defaults', () => {
    expect(layer).toMatchObject({ zIndex: 5, minZoom: 1, maxZoom: 24, opacity: 1, strokeWidth: 2 });
  });
  it('applies the boolean defaults (visible, selectable, legend, savable)', () => {
    expect(layer).toMatchObject({ visible: true, selectable: true, legend: true, savable: true, edit: false });
  });
  it('applies the SPEC §9 colours', () => {
    expect(layer).toMatchObject({ strokeColor: '#EA880C', fillColor: '#274E78' });
  });
  it('keeps a given zIndex', () => {
    expect(layerSchema.parse({ id: 'a', name: 'A', type: 'Polygon', zIndex: 7 }).zIndex).toBe(7);
  });
  it('rejects an unknown type', () => {
    expect(layerSchema.safeParse({ id: 'a', name: 'A', type: 'Circle' }).success).toBe(false);
  });
  it('accepts a wms layer with source LAYERS as workspace:name', () => {
    const wms = layerSchema.parse({
      id: 'w',
      name: 'W',
      type: 'wms',
      source: { url: 'https://x/wms', params: { LAYERS: 'ws_demo:roads' } },
    });
    expect(wms.source).toMatchObject({ params: { LAYERS: 'ws_demo:roads' }, externalSource: false });
  });
  it('rejects source LAYERS without a workspace', () => {
    expect(layerSchema.safeParse({ id: 'w', name: 'W', type: 'wms', source: { params: { LAYERS: 'roads' } } }).success).toBe(false);
  });
  it('reports a missing id with the field-required text', () => {
    expect(messages(layerSchema.safeParse({ name: 'A', type: 'Point' })).id).toBe(ERRORS.FIELD_REQUIRED);
  });
  it('defaults property definitions', () => {
    const l = layerSchema.parse({ id: 'a', name: 'A', type: 'Point', properties: [{ name: 'name' }] });
    expect(l.properties[0]).toEqual({ name: 'name', type: 'TEXT', editable: true, editAdminOnly: false, show: true });
  });
});

describe('baseLayerSchema', () => {
  it('defaults a tiled base map to zoom 0–24, hidden, basemap', () => {
    expect(baseLayerSchema.parse({ id: 'osm', name: 'OSM', type: 'xyz', url: 'https://t/{z}/{x}/{y}.png' })).toMatchObject({
      minZoom: 0,
      maxZoom: 24,
      visible: false,
      basemap: true,
      opacity: 1,
    });
  });
  it('rejects an unknown kind', () => {
    expect(baseLayerSchema.safeParse({ id: 'x', name: 'X', type: 'tiles', url: 'u' }).success).toBe(false);
  });
});

describe('PROPERTY_TYPES', () => {
  it('lists the 14 SPEC §3 types', () => {
    expect(PROPERTY_TYPES).toHaveLength(14);
  });
});

describe('appConfigSchema', () => {
  const cfg = appConfigSchema.parse({});
  it('defaults theme, language, time format and properties window', () => {
    expect(cfg).toMatchObject({ themeMode: 'light', defaultLanguage: 'en_US', timeFormat: 'L LT', featuresPropertiesWindow: 'mapOverlay' });
  });
  it('defaults layersConfig and baseLayersConfig to empty lists', () => {
    expect(cfg).toMatchObject({ layersConfig: [], baseLayersConfig: [] });
  });
  it('defaults the colours to the SPEC fill and stroke colours', () => {
    expect(cfg).toMatchObject({ primaryColor: '#274E78', secondaryColor: '#EA880C' });
  });
  it('rejects an unsupported default language', () => {
    expect(messages(appConfigSchema.safeParse({ defaultLanguage: 'it_IT' })).defaultLanguage).toBe(ERRORS.INVALID_LOCALE);
  });
  it('applies layer defaults inside layersConfig', () => {
    expect(appConfigSchema.parse({ layersConfig: [{ id: 'a', name: 'A', type: 'Point' }] }).layersConfig[0].zIndex).toBe(5);
  });
});

describe('settingsSchema', () => {
  it('defaults language, time format and admin mode', () => {
    expect(settingsSchema.parse({})).toMatchObject({ defaultLanguage: 'en_US', timeFormat: 'L LT', modeAdmin: false });
  });
});

describe('mapViewConfigSchema', () => {
  it('defaults to EPSG:3857, zoom 1, centre 0,0, rotation 0', () => {
    expect(mapViewConfigSchema.parse({})).toMatchObject({ projection: 'EPSG:3857', zoom: 1, center: [0, 0], rotation: 0 });
  });
});

describe('registrationSchema', () => {
  const valid = {
    username: 'ana',
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana@example.org',
    password: 's3cret',
    confirmPassword: 's3cret',
  };
  it('accepts a complete registration', () => {
    expect(registrationSchema.safeParse(valid).success).toBe(true);
  });
  it('reports a password mismatch on confirmPassword with the SPEC text', () => {
    expect(messages(registrationSchema.safeParse({ ...valid, confirmPassword: 'other' }))).toEqual({
      confirmPassword: 'Confirm password not match with password',
    });
  });
  it('requires every field', () => {
    const m = messages(registrationSchema.safeParse({}));
    expect(Object.keys(m).sort()).toEqual(['confirmPassword', 'email', 'firstName', 'lastName', 'password', 'username']);
  });
  it('uses the field-required text for a blank first name', () => {
    expect(messages(registrationSchema.safeParse({ ...valid, firstName: '   ' })).firstName).toBe(ERRORS.FIELD_REQUIRED);
  });
  it('rejects an invalid email', () => {
    expect(messages(registrationSchema.safeParse({ ...valid, email: 'not-an-email' })).email).toBe(ERRORS.INVALID_EMAIL);
  });
});

describe('changePasswordSchema and loginSchema', () => {
  it('reports a mismatched new password', () => {
    const r = changePasswordSchema.safeParse({ oldPassword: 'a', password: 'b', confirmPassword: 'c' });
    expect(messages(r).confirmPassword).toBe(ERRORS.CONFIRM_PASSWORD_MISMATCH);
  });
  it('requires a password to log in', () => {
    expect(messages(loginSchema.safeParse({ username: 'u' })).password).toBe(ERRORS.FIELD_REQUIRED);
  });
});

describe('invoiceAddressSchema', () => {
  const address = { firstName: 'A', lastName: 'B', street: 'Main', houseNumber: '1', postCode: '1000', city: 'X' };
  it('accepts an address without organisation', () => {
    expect(invoiceAddressSchema.safeParse(address).success).toBe(true);
  });
  for (const field of ['firstName', 'lastName', 'street', 'houseNumber', 'postCode', 'city'] as const) {
    it(`requires ${field}`, () => {
      expect(messages(invoiceAddressSchema.safeParse({ ...address, [field]: '' }))[field]).toBe(ERRORS.FIELD_REQUIRED);
    });
  }
  it('createAppSchema adds an optional template key', () => {
    expect(createAppSchema.parse({ ...address, templateKey: 'tpl' }).templateKey).toBe('tpl');
  });
});

describe('featurePayloadSchema', () => {
  const feature = { type: 'Feature', geometry: { type: 'Point', coordinates: [2.35, 48.85] }, properties: { gfid: 7, name: 'Paris' } };
  it('accepts a collection of one feature', () => {
    expect(featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [feature] }).success).toBe(true);
  });
  it('rejects a collection of two features', () => {
    const r = featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [feature, feature] });
    expect(messages(r).features).toBe(ERRORS.SINGLE_FEATURE_REQUIRED);
  });
  it('rejects an empty collection', () => {
    expect(featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [] }).success).toBe(false);
  });
  it('rejects a geometry type outside the default set and its Multi forms', () => {
    const collection = { ...feature, geometry: { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [0, 0] }] } };
    expect(featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [collection] }).success).toBe(false);
    const multi = { ...feature, geometry: { type: 'MultiPoint', coordinates: [[0, 0]] } };
    expect(featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [multi] }).success).toBe(true);
  });
  it('keeps user-defined properties', () => {
    const p = featurePayloadSchema.parse({ type: 'FeatureCollection', features: [feature] });
    expect(p.features[0].properties).toEqual({ gfid: 7, name: 'Paris' });
  });
  it('rejects an unclosed-size polygon ring (fewer than 4 positions)', () => {
    const poly = {
      ...feature,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      },
    };
    expect(featurePayloadSchema.safeParse({ type: 'FeatureCollection', features: [poly] }).success).toBe(false);
  });
});

describe('featureSchema', () => {
  it('defaults the category to Place and tags to empty', () => {
    expect(featureSchema.parse({})).toMatchObject({ category: 'Place', tags: [], properties: {} });
  });
  for (const grpstatus of ['n', 'm', 'd']) {
    it(`accepts group status ${grpstatus}`, () => {
      expect(featureSchema.safeParse({ grpstatus }).success).toBe(true);
    });
  }
  it('rejects any other group status', () => {
    expect(featureSchema.safeParse({ grpstatus: 'x' }).success).toBe(false);
  });
});

describe('attachment schemas', () => {
  it('image description over 150 characters is rejected', () => {
    expect(messages(imageAttachmentSchema.safeParse({ name: 'a.png', description: 'x'.repeat(151) })).description).toBe(
      ERRORS.IMAGE_DESCRIPTION_TOO_LONG,
    );
  });
  it('document description of 2 characters is rejected', () => {
    expect(messages(documentAttachmentSchema.safeParse({ name: 'a.pdf', description: 'ab' })).description).toBe(
      ERRORS.DOCUMENT_DESCRIPTION_LENGTH,
    );
  });
  it('document name with a forbidden character is rejected', () => {
    expect(messages(documentAttachmentSchema.safeParse({ name: 'x<y>.pdf', description: 'abc' })).name).toBe(ERRORS.INVALID_FILE_NAME);
  });
  it('link needs both link and description', () => {
    expect(messages(linkSchema.safeParse({ link: 'https://example.org' })).description).toBe(ERRORS.LINK_REQUIRED);
  });
  it('comment must not be blank', () => {
    expect(messages(commentSchema.safeParse({ comment: '  ' })).comment).toBe(ERRORS.COMMENT_EMPTY);
  });
  it('bibliography item must not be empty', () => {
    expect(messages(bibliographySchema.safeParse({ item: '', itemCount: 1 })).item).toBe(ERRORS.BIBLIOGRAPHY_EMPTY);
  });
});

describe('layerImportSchema', () => {
  const base = { title: 'Trees', geometryType: 'Point' };
  it('accepts one property', () => {
    expect(layerImportSchema.safeParse({ ...base, properties: [{ name: 'name', type: 'TEXT' }] }).success).toBe(true);
  });
  it('requires at least one property', () => {
    expect(messages(layerImportSchema.safeParse({ ...base, properties: [] })).properties).toBe(ERRORS.LAYER_PROPERTY_REQUIRED);
  });
  it('rejects a duplicate property name on the repeated row', () => {
    const r = layerImportSchema.safeParse({ ...base, properties: [{ name: 'name' }, { name: 'height' }, { name: 'Name' }] });
    expect(messages(r)).toEqual({ 'properties.2.name': 'The property "Name" already exists.' });
  });
  it('rejects a wms geometry type', () => {
    expect(layerImportSchema.safeParse({ ...base, geometryType: 'wms', properties: [{ name: 'a' }] }).success).toBe(false);
  });
});

describe('other entity schemas', () => {
  it('manifest accepts an icon with src, sizes and type', () => {
    expect(manifestSchema.safeParse({ icons: [{ src: '/i.png', sizes: '192x192', type: 'image/png' }] }).success).toBe(true);
  });
  it('manifest rejects sizes not written WxH', () => {
    expect(manifestSchema.safeParse({ icons: [{ src: '/i.png', sizes: '192', type: 'image/png' }] }).success).toBe(false);
  });
  it('route defaults steps to empty', () => {
    expect(routeSchema.parse({ origin: [0, 0], destination: [1, 1], distance: 10, time: 5 }).steps).toEqual([]);
  });
  it('local layer accepts an XYZ service', () => {
    expect(localLayerSchema.safeParse({ name: 'L', class: 'tile', serviceType: 'XYZ', url: 'https://t' }).success).toBe(true);
  });
  it('local layer rejects a WFS service', () => {
    expect(localLayerSchema.safeParse({ name: 'L', class: 'tile', serviceType: 'WFS', url: 'https://t' }).success).toBe(false);
  });
  it('workspace defaults to not managed and not public', () => {
    expect(workspaceSchema.parse({ name: 'ws_demo' })).toMatchObject({ managed: false, publicAccess: false });
  });
});

describe('Multi geometries (issue 15)', () => {
  it('parses MultiPoint, MultiLineString and MultiPolygon and names their layer type', () => {
    const polygon = {
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    };
    expect(geometrySchema.parse(polygon)).toEqual(polygon);
    expect(
      geometrySchema.safeParse({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [1, 0],
            ],
          ],
        ],
      }).success,
    ).toBe(false); // ring too short
    expect(geometryFamily('MultiPolygon')).toBe('Polygon');
    expect(geometryFamily('MultiLineString')).toBe('LineString');
    expect(geometryFamily('MultiPoint')).toBe('Point');
    expect(geometryFamily('GeometryCollection')).toBeUndefined();
  });
});
