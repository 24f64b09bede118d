// SPEC §3 Feature, GeoJSON geometry, and the feature payload sent for create/update/delete.
import { z } from 'zod';
import { DEFAULT_CATEGORY, GROUP_STATUSES } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { gfidSchema, idSchema, timestampSchema } from './common.ts';

const coordinate = z.number({ error: ERRORS.NUMERIC_REQUIRED }).refine(Number.isFinite, {
  error: ERRORS.NUMERIC_REQUIRED,
});
/** A GeoJSON position: lon, lat and optionally altitude (track points, SPEC §4). */
export const positionSchema = z.array(coordinate).min(2).max(4);
export type Position = z.infer<typeof positionSchema>;

export const pointGeometrySchema = z.object({ type: z.literal('Point'), coordinates: positionSchema });
export const lineStringGeometrySchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(positionSchema).min(2),
});
/** Rings are closed, so at least four positions each (GeoJSON RFC 7946 §3.1.6). */
export const polygonGeometrySchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(positionSchema).min(4)).min(1),
});
export const multiPointGeometrySchema = z.object({ type: z.literal('MultiPoint'), coordinates: z.array(positionSchema).min(1) });
export const multiLineStringGeometrySchema = z.object({
  type: z.literal('MultiLineString'),
  coordinates: z.array(lineStringGeometrySchema.shape.coordinates).min(1),
});
export const multiPolygonGeometrySchema = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonGeometrySchema.shape.coordinates).min(1),
});
/**
 * SPEC §9 default geometry set: Point, Polygon, LineString, and their Multi forms (imported data and
 * the seeded countries hold MultiPolygons: a Multi geometry is stored as it is, in its family's layer).
 */
export const geometrySchema = z.discriminatedUnion(
  'type',
  [
    pointGeometrySchema,
    lineStringGeometrySchema,
    polygonGeometrySchema,
    multiPointGeometrySchema,
    multiLineStringGeometrySchema,
    multiPolygonGeometrySchema,
  ],
  { error: ERRORS.INVALID_GEOMETRY },
);
export type Geometry = z.infer<typeof geometrySchema>;
export type GeometryFamily = 'Point' | 'LineString' | 'Polygon';

/** The layer geometry type (SPEC §3) a geometry type belongs to: a MultiPolygon to a Polygon layer. */
export function geometryFamily(type: string): GeometryFamily | undefined {
  const base = type.startsWith('Multi') ? type.slice(5) : type;
  return base === 'Point' || base === 'LineString' || base === 'Polygon' ? base : undefined;
}

export const grpStatusSchema = z.enum(GROUP_STATUSES);

/** The feature as the client holds it (SPEC §3). gfid absent means a new, unsaved feature. */
export const featureSchema = z.object({
  id: idSchema.optional(),
  gfid: gfidSchema.optional(),
  grpfid: gfidSchema.optional(),
  // SPEC §3: n new, m modified, d deleted; marks features that differ from the original.
  grpstatus: grpStatusSchema.optional(),
  layer: z.string().optional(),
  layerId: z.string().optional(),
  geometry: geometrySchema.optional(),
  tags: z.array(z.string()).default([]),
  lon: z.number().optional(),
  lat: z.number().optional(),
  description: z.string().optional(),
  showLabel: z.boolean().optional(),
  selected: z.boolean().optional(),
  creator: z.string().optional(),
  creatormail: z.string().optional(),
  insertedat: timestampSchema.optional(),
  name: z.string().optional(),
  area: z.number().optional(),
  city: z.string().optional(),
  rate: z.number().optional(),
  category: z.string().default(DEFAULT_CATEGORY),
  fromLocalStorage: z.boolean().optional(),
  // User-defined properties of the layer.
  properties: z.record(z.string(), z.unknown()).default({}),
});
export type Feature = z.infer<typeof featureSchema>;
export type FeatureInput = z.input<typeof featureSchema>;

/** Properties on the wire: gfid and version from the server, then the layer's own properties. */
export const geoJsonPropertiesSchema = z.looseObject({
  gfid: gfidSchema.optional(),
  version: z.number().int().optional(),
});

export const geoJsonFeatureSchema = z.object({
  type: z.literal('Feature'),
  id: idSchema.optional(),
  geometry: geometrySchema,
  properties: geoJsonPropertiesSchema.default({}),
});
export type GeoJsonFeature = z.infer<typeof geoJsonFeatureSchema>;

/** GET /api/features answer: any number of features (CONTRACT.md). */
export const featureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geoJsonFeatureSchema),
});
export type FeatureCollection = z.infer<typeof featureCollectionSchema>;

/** SPEC §3 feature payload: a collection holding exactly one feature. */
export const featurePayloadSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(geoJsonFeatureSchema).length(1, { error: ERRORS.SINGLE_FEATURE_REQUIRED }),
});
export type FeaturePayload = z.infer<typeof featurePayloadSchema>;
