// The answers of the suggestion, feature and attachment calls (SPEC §7 "Features", "Feature
// attachments"; docs/CONTRACT.md), declared once: the server hangs them on its routes as response
// schemas (OpenAPI, serialization) and the client and the data worker take their types from them.
// Each schema lists every field the server sends: a response schema drops the fields it does not name.
import { z } from 'zod';
import { GROUP_STATUSES } from '../constants.ts';
import type { Geometry } from './feature.ts';

const GEOJSON_GEOMETRY_TYPES = [
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
] as const;

/**
 * A geometry as the database holds it, sent as it is: any GeoJSON geometry (seeded countries are
 * MultiPolygons), never re-validated on the way out. The static type stays the model's `Geometry`,
 * the shape the client edits (SPEC §9 default geometry set).
 */
export const wireGeometrySchema = z
  .looseObject({
    type: z.enum(GEOJSON_GEOMETRY_TYPES),
    coordinates: z.array(z.unknown()).optional(),
    geometries: z.array(z.unknown()).optional(),
  })
  .describe('GeoJSON geometry, EPSG:4326') as unknown as z.ZodType<Geometry>;

const properties = z.record(z.string(), z.unknown());

/** One state of a feature in a suggestion or a history row: `{geometry, properties}`. */
export const changeSideSchema = z.object({
  geometry: wireGeometrySchema.nullable(),
  properties,
});
export type ChangeSide = z.infer<typeof changeSideSchema>;

/**
 * One suggested change (SPEC §4 Suggestions; STYLE §5 `{gfid, baseVersion, before, after}`): the
 * answer of POST|PUT|DELETE /api/features/changes and the items of GET /api/features/changes.
 * `after.properties` is the full proposed property set; `before` is null for a new feature, `after`
 * for a deletion.
 */
export const changeEntrySchema = z.object({
  id: z.number().int(),
  grpstatus: z.enum(GROUP_STATUSES),
  /** null for a new feature until it is accepted. */
  gfid: z.number().int().nullable(),
  /** The proposal's row in the layer's `_diff` companion. */
  diffGfid: z.number().int().nullable(),
  workspace: z.string(),
  layerId: z.string(),
  layerName: z.string().nullable(),
  creator: z.string().nullable(),
  creatormail: z.string().nullable(),
  insertedat: z.string().describe('ISO 8601'),
  baseVersion: z.number().int().nullable(),
  before: changeSideSchema.nullable(),
  after: changeSideSchema.nullable(),
  // The server sends pending / accepted / declined; the client marks its own conflicts 'conflict'.
  status: z.string(),
});
export type ChangeEntry = z.infer<typeof changeEntrySchema>;

/** GET /api/features/changes: one page, pending only, oldest first. */
export const changePageSchema = z.object({
  items: z.array(changeEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ChangePage = z.infer<typeof changePageSchema>;

/** PUT /api/features/changes/{id}/accept: the feature's new version (1 for a new feature). */
export const acceptChangeAnswerSchema = z.object({
  id: z.number().int(),
  status: z.literal('accepted'),
  gfid: z.number().int(),
  version: z.number().int(),
});
export type AcceptChangeAnswer = z.infer<typeof acceptChangeAnswerSchema>;

/** DELETE /api/features/changes/{id}/decline; `gfid` is null for a declined new feature. */
export const declineChangeAnswerSchema = z.object({
  id: z.number().int(),
  status: z.literal('declined'),
  gfid: z.number().int().nullable(),
});
export type DeclineChangeAnswer = z.infer<typeof declineChangeAnswerSchema>;

/** GET /api/features/{gfid}: the GeoJSON feature plus its workspace and layer. */
export const featureRecordSchema = z.object({
  type: z.literal('Feature'),
  id: z.number().int(),
  geometry: wireGeometrySchema,
  properties: z.looseObject({ gfid: z.number().int().optional(), version: z.number().int().optional() }),
  workspace: z.string(),
  layer: z.string(),
});
export type FeatureRecord = z.infer<typeof featureRecordSchema>;

/** GET /api/features/{gfid}/history: one accepted version, newest first (SPEC §3). */
export const historyRowSchema = z.object({
  gfid: z.number().int(),
  version: z.number().int(),
  action: z.enum(['create', 'update', 'delete']),
  geometry: wireGeometrySchema.nullable(),
  properties,
  /** null for a version that no accepted change wrote (a seeded feature's first version). */
  before: changeSideSchema.nullable(),
  after: changeSideSchema.nullable(),
  suggestedBy: z.string().nullable(),
  acceptedBy: z.string().nullable(),
  at: z.string().describe('ISO 8601'),
});
export type HistoryRow = z.infer<typeof historyRowSchema>;

// ---- attachments (SPEC §3 Attachments, §7 "Feature attachments") ----

const attachmentBase = {
  id: z.number().int(),
  gfid: z.number().int(),
  status: z.enum(['pending', 'accepted', 'declined']),
  creator: z.string().nullable(),
  createdat: z.string().describe('ISO 8601'),
};
const commentFields = { comment: z.string() };
const linkFields = { link: z.string(), description: z.string().nullable() };
const bibliographyFields = { item: z.string(), itemCount: z.number().int().optional() };
/** `removal`: a user's pending suggestion to remove an accepted tag (SPEC §4). */
const tagFields = { name: z.string(), removal: z.boolean() };
const imageFields = { name: z.string(), description: z.string().nullable(), contentType: z.string(), size: z.number().int() };
const documentFields = { name: z.string(), description: z.string().nullable(), size: z.number().int() };
/** A suggested observation (SPEC §1): `name` is the species' scientific name, `note` the observer's. */
const observationFields = {
  speciesId: z.number().int(),
  name: z.string(),
  observedAt: z.string().describe('ISO 8601'),
  count: z.number().int(),
  note: z.string().nullable(),
};

export const commentItemSchema = z.object({ ...attachmentBase, ...commentFields });
export const linkItemSchema = z.object({ ...attachmentBase, ...linkFields });
export const bibliographyItemSchema = z.object({ ...attachmentBase, ...bibliographyFields });
export const tagItemSchema = z.object({ ...attachmentBase, ...tagFields });
export const imageItemSchema = z.object({ ...attachmentBase, ...imageFields });
export const documentItemSchema = z.object({ ...attachmentBase, ...documentFields });
export const observationItemSchema = z.object({ ...attachmentBase, ...observationFields });

/** Each attachment kind's item, by the kind's singular name (server/attachments/kinds.ts). */
export const attachmentItemSchemas = {
  comment: commentItemSchema,
  link: linkItemSchema,
  bibliography: bibliographyItemSchema,
  tag: tagItemSchema,
  image: imageItemSchema,
  document: documentItemSchema,
  observation: observationItemSchema,
} as const;

/** GET /api/features/{gfid}/images wraps its list (SPEC §7 imagesWithDescription). */
export const imageListSchema = z.object({ imagesWithDescription: z.array(imageItemSchema) });
export type ImageList = z.infer<typeof imageListSchema>;

/**
 * An item of any kind, as one client type: the common fields plus each kind's own, optional. The
 * lists that show several kinds read it without narrowing by kind.
 */
export const attachmentItemSchema = z.object({
  ...attachmentBase,
  ...z
    .object({
      ...commentFields,
      ...linkFields,
      ...bibliographyFields,
      ...tagFields,
      ...imageFields,
      ...documentFields,
      ...observationFields,
    })
    .partial().shape,
});
export type AttachmentItem = z.infer<typeof attachmentItemSchema>;

/** GET /api/layers/{layer}/tags: the accepted tag names with how many features carry each. */
export const layerTagCountSchema = z.object({ name: z.string(), count: z.number().int() });
export type LayerTagCount = z.infer<typeof layerTagCountSchema>;

/** Every error answer (CONTRACT.md "Errors"): the §8 key and its exact text. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});

/** 409 STALE_BASE_VERSION also carries the feature as the server has it now, for the client to compare. */
export const staleBaseVersionBodySchema = errorBodySchema.extend({
  current: z.object({ gfid: z.number().int(), version: z.number().int(), geometry: wireGeometrySchema.nullable(), properties }),
});
