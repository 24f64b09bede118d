// The admin review queue (SPEC §2 Pending changes, §4 Suggestions, §6 Administrator): one list for
// every kind of suggestion of an app, bulk decisions, and the verdicts a submitter sees.
import { z } from 'zod';

/** Every kind of pending item: features n / m / d (SPEC §3 grpstatus) and each attachment kind. */
export const REVIEW_KINDS = [
  'featureNew',
  'featureModified',
  'featureDeleted',
  'comment',
  'link',
  'bibliography',
  'image',
  'document',
  'tag',
  'tagRemoval',
  'observation',
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** A change row (features) or an attachment row: the two tables a verdict is written to. */
export const REVIEW_SOURCES = ['change', 'attachment'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

export const REVIEW_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** SPEC §8 has no limit for a decline reason; a paragraph is enough for the submitter. */
export const DECLINE_REASON_MAX = 500;
/** One bulk decision covers at most this many items (10,000 pending suggestions at once, issue 14). */
export const BULK_DECISION_MAX = 10_000;
/** Past this many decided features the answer names none: the client reloads instead of refreshing each. */
export const BULK_REFRESH_MAX = 200;

export const reviewRefSchema = z.object({ source: z.enum(REVIEW_SOURCES), id: z.number().int().positive() });
export type ReviewRef = z.infer<typeof reviewRefSchema>;

/** One item of the queue or of "My suggestions". */
export const reviewItemSchema = reviewRefSchema.extend({
  kind: z.enum(REVIEW_KINDS),
  status: z.enum(REVIEW_STATUSES),
  /** The feature it belongs to; null for a new feature (and for an attachment on one) until accepted. */
  gfid: z.number().int().nullable(),
  /** The pending new feature's row in the `_diff` layer (a new feature, or what an attachment hangs on). */
  diffGfid: z.number().int().nullable(),
  workspace: z.string(),
  layerId: z.string(),
  layerName: z.string().nullable(),
  creator: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  decidedAt: z.string().nullable(),
  /** The admin's optional reason for a decline. */
  reason: z.string().nullable(),
  /** What to show in one line: a comment's text, a link's URL, a file or tag name, a feature's label. */
  title: z.string().nullable(),
  /** Image and document: the name the file is fetched by (GET /api/features/{gfid}/{images|documents}/{name}). */
  fileName: z.string().nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewPageSchema = z.object({
  items: z.array(reviewItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** GET /api/apps/{appKey}/review/access: whether the caller reviews the app (SPEC §6 owner or its admin). */
export const reviewAccessSchema = z.object({ reviewer: z.boolean() });
export type ReviewAccess = z.infer<typeof reviewAccessSchema>;

const csv = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((s) => s.split(',').filter(Boolean))
    .pipe(z.array(z.enum(values)));

/** Filters of the queue; a bulk decision takes the same, so "all that match" is one call. */
export const reviewFilterSchema = z.object({
  kinds: csv(REVIEW_KINDS).optional(),
  /** A layer id of the app (its `_diff` companion counts as the same layer). */
  layer: z.string().min(1).optional(),
  creator: z.string().min(1).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** minLon,minLat,maxLon,maxLat in EPSG:4326: the rectangle drawn on the map. */
  bbox: z
    .string()
    .transform((s) => s.split(',').map(Number))
    .pipe(
      z
        .array(z.number().finite())
        .length(4)
        .refine(([x1, y1, x2, y2]) => x1 <= x2 && y1 <= y2),
    )
    .optional(),
});
export type ReviewFilter = z.input<typeof reviewFilterSchema>;

export const bulkDecisionSchema = z
  .object({
    decision: z.enum(['accept', 'decline']),
    reason: z.string().trim().max(DECLINE_REASON_MAX).optional(),
    /** Exactly these items… */
    items: z.array(reviewRefSchema).min(1).max(BULK_DECISION_MAX).optional(),
    /** …or every pending item matching these filters (query-string form, as the queue's). */
    filter: z.record(z.string(), z.string()).optional(),
  })
  .refine((b) => (b.items === undefined) !== (b.filter === undefined), { message: 'items or filter' });
export type BulkDecision = z.input<typeof bulkDecisionSchema>;

/** A feature a bulk decision changed (or whose proposal left the `_diff` layer): the map refreshes it. */
export const decidedFeatureSchema = z.object({
  workspace: z.string(),
  layerId: z.string(),
  gfid: z.number().int().nullable(),
  diffGfid: z.number().int().nullable(),
});

export const bulkDecisionAnswerSchema = z.object({
  applied: z.number().int(),
  /** The features of the applied feature changes, when there are at most BULK_REFRESH_MAX of them. */
  features: z.array(decidedFeatureSchema),
  /** Items that were not applied, each with the catalogue key and text of why (409 CHANGE_CONFLICT…). */
  conflicts: z.array(reviewRefSchema.extend({ error: z.string(), message: z.string() })),
});
export type BulkDecisionAnswer = z.infer<typeof bulkDecisionAnswerSchema>;
