// SPEC §3 Layer import (empty layer): title, geometry type, property rows. SPEC §5 layer rules.
import { z } from 'zod';
import { GEOMETRY_TYPES } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { duplicatePropertyNames } from '../rules/layers.ts';
import { requiredString } from './common.ts';
import { propertyTypeSchema } from './property_definition.ts';

export const layerImportPropertySchema = z.object({
  name: requiredString(),
  type: propertyTypeSchema.default('TEXT'),
});
export type LayerImportProperty = z.infer<typeof layerImportPropertySchema>;

export const layerImportSchema = z.object({
  title: requiredString(),
  geometryType: z.enum(GEOMETRY_TYPES),
  workspace: z.string().optional(),
  properties: z
    .array(layerImportPropertySchema)
    .min(1, { error: ERRORS.LAYER_PROPERTY_REQUIRED })
    .superRefine((rows, ctx) => {
      // Report every duplicate row (not the first occurrence) so the form marks the right field.
      for (const index of duplicatePropertyNames(rows)) {
        ctx.addIssue({
          code: 'custom',
          message: `The property "${rows[index].name}" already exists.`,
          path: [index, 'name'],
          params: { error: 'PROPERTY_ALREADY_EXISTS' },
        });
      }
    }),
});
export type LayerImport = z.infer<typeof layerImportSchema>;
