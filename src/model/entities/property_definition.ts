// SPEC §3 Property definition: how a layer attribute is shown and edited.
import { z } from 'zod';
import { requiredString } from './common.ts';

export const PROPERTY_TYPES = [
  'TEXT',
  'NUMBER',
  'BOOLEAN',
  'DATE',
  'URL',
  'IMAGE',
  'PDF',
  'EMAIL',
  'GEOMETRY',
  'OBJECT',
  'COLOR',
  'OPTIONS',
  'EDITOR',
  'TAGS',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const propertyTypeSchema = z.enum(PROPERTY_TYPES);

export const propertyOptionSchema = z.union([
  z.string(),
  z.object({ value: z.union([z.string(), z.number()]), label: z.string().optional() }),
]);

export const propertyDefinitionSchema = z.object({
  name: requiredString(),
  label: z.string().optional(),
  icon: z.string().optional(),
  type: propertyTypeSchema.default('TEXT'),
  editable: z.boolean().default(true),
  // SPEC §6: editAdminOnly limits editing of the property to admins.
  editAdminOnly: z.boolean().default(false),
  show: z.boolean().default(true),
  options: z.array(propertyOptionSchema).optional(),
  title: z.string().optional(),
});
export type PropertyDefinition = z.infer<typeof propertyDefinitionSchema>;
export type PropertyDefinitionInput = z.input<typeof propertyDefinitionSchema>;
