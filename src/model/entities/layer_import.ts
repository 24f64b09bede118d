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
  label: z.string().optional(),
  // SPEC §6: editing of this property limited to admins.
  editAdminOnly: z.boolean().default(false),
});
export type LayerImportProperty = z.infer<typeof layerImportPropertySchema>;

export const layerImportSchema = z.object({
  title: requiredString(),
  geometryType: z.enum(GEOMETRY_TYPES),
  workspace: z.string().optional(),
  // The maps-service key (layer id); made from the title when absent (rules/layers.ts layerKeyFromTitle).
  key: z.string().optional(),
  // SPEC §5: a name property is recommended; the layer's label property.
  nameProperty: z.string().optional(),
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
