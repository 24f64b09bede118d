// The bulk import call (issue 15 part 5): the import worker sends a file's features in chunks of
// IMPORT_CHUNK_FEATURES; the server answers per chunk which features went in and why others did not.
import { z } from 'zod';
import { IMPORT_CHUNK_FEATURES } from '../rules/feature_import.ts';

export const IMPORT_MODES = ['suggest', 'direct'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** One feature as the file gave it: the geometry is checked per feature, so one bad shape never refuses the chunk. */
export const importFeatureSchema = z.object({
  /** The feature's index in the file, when the chunk skips some (refused before sending); else startIndex + position. */
  index: z.number().int().min(0).max(1e9).optional(),
  geometry: z.unknown(),
  properties: z.record(z.string(), z.unknown()).default({}),
});

export const featureImportChunkSchema = z.object({
  /** 'suggest': each feature a pending new-feature suggestion; 'direct': stored in the layer (its reviewers only). */
  mode: z.enum(IMPORT_MODES),
  /** Index in the file of the chunk's first feature, so refusals name the file's feature. */
  startIndex: z.number().int().min(0).max(1e9),
  features: z.array(importFeatureSchema).min(1).max(IMPORT_CHUNK_FEATURES),
});
export type FeatureImportChunk = z.infer<typeof featureImportChunkSchema>;

export const importRefusalSchema = z.object({
  /** The feature's index in the file (0-based). */
  index: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ImportRefusal = z.infer<typeof importRefusalSchema>;

export const featureImportAnswerSchema = z.object({
  imported: z.number().int(),
  refused: z.array(importRefusalSchema),
});
export type FeatureImportAnswer = z.infer<typeof featureImportAnswerSchema>;
