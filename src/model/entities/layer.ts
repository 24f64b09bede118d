// SPEC §3 Layer (vector or WMS overlay) and the base maps of baseLayersConfig.
import { z } from 'zod';
import { BASE_LAYER_KINDS, LAYER_DEFAULTS, LAYER_MAX_ZOOM, LAYER_TYPES, TILE_LAYER_MIN_ZOOM } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { colorSchema, requiredString } from './common.ts';
import { propertyDefinitionSchema } from './property_definition.ts';

export const layerTypeSchema = z.enum(LAYER_TYPES);
export const zoomSchema = z.number({ error: ERRORS.NUMERIC_REQUIRED }).min(0).max(LAYER_MAX_ZOOM);

/** SPEC §3 source options: map-service url, params.LAYERS as "workspace:name", external flag. */
export const layerSourceSchema = z.object({
  url: z.string().optional(),
  params: z
    .looseObject({
      LAYERS: z
        .string()
        .regex(/^[^:\s]+:[^:\s]+$/, { error: 'LAYERS must be written as workspace:name.' })
        .optional(),
    })
    .optional(),
  externalSource: z.boolean().default(false),
});
export type LayerSource = z.infer<typeof layerSourceSchema>;

export const layerSchema = z.object({
  id: requiredString(),
  name: requiredString(),
  type: layerTypeSchema,
  workspace: z.string().optional(),
  properties: z.array(propertyDefinitionSchema).default([]),
  // Style is free-form (OpenLayers flat style or similar); the model does not interpret it.
  style: z.unknown().optional(),
  visible: z.boolean().default(LAYER_DEFAULTS.visible),
  selectable: z.boolean().default(LAYER_DEFAULTS.selectable),
  zIndex: z.number({ error: ERRORS.NUMERIC_REQUIRED }).default(LAYER_DEFAULTS.zIndex),
  legend: z.boolean().default(LAYER_DEFAULTS.legend),
  minZoom: zoomSchema.default(LAYER_DEFAULTS.minZoom),
  maxZoom: zoomSchema.default(LAYER_DEFAULTS.maxZoom),
  opacity: z.number({ error: ERRORS.NUMERIC_REQUIRED }).min(0).max(1).default(LAYER_DEFAULTS.opacity),
  labelAttribute: z.string().optional(),
  showLabel: z.boolean().default(false),
  // SPEC §6: editing only on layers flagged editable.
  edit: z.boolean().default(false),
  deletable: z.boolean().default(false),
  declutter: z.boolean().default(false),
  searchable: z.boolean().default(false),
  clearable: z.boolean().default(false),
  translate: z.boolean().default(false),
  icon: z.string().optional(),
  georeponame: z.string().optional(),
  savable: z.boolean().default(LAYER_DEFAULTS.savable),
  tags: z.array(z.string()).default([]),
  categories: z.array(z.string()).default([]),
  nameProperty: z.string().optional(),
  categoryProperty: z.string().optional(),
  descriptionProperty: z.string().optional(),
  areaProperty: z.string().optional(),
  strokeColor: colorSchema.default(LAYER_DEFAULTS.strokeColor),
  fillColor: colorSchema.default(LAYER_DEFAULTS.fillColor),
  strokeWidth: z.number({ error: ERRORS.NUMERIC_REQUIRED }).min(0).default(LAYER_DEFAULTS.strokeWidth),
  legendGroup: z.string().optional(),
  class: z.string().optional(),
  basemap: z.boolean().default(false),
  localLayer: z.boolean().default(false),
  fromLocal: z.boolean().default(false),
  primaryLayer: z.boolean().default(false),
  /** A LineString layer whose lines are roads: the embedded router builds its graph from them (SPEC §1 routing). */
  roads: z.boolean().default(false),
  source: layerSourceSchema.optional(),
});
export type Layer = z.infer<typeof layerSchema>;
export type LayerInput = z.input<typeof layerSchema>;

export const baseLayerKindSchema = z.enum(BASE_LAYER_KINDS);

/**
 * A base map entry of baseLayersConfig. Not in SPEC §3 in detail; designed so OpenLayers can build
 * an XYZ/WMS/WMTS/vector-tile source from it. SPEC §9: tile layers span zoom 0 to 24.
 */
export const baseLayerSchema = z.object({
  id: requiredString(),
  name: requiredString(),
  type: baseLayerKindSchema,
  url: requiredString(),
  // WMS GetMap params (LAYERS, FORMAT, ...).
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  // WMTS layer, matrix set and format.
  layer: z.string().optional(),
  matrixSet: z.string().optional(),
  format: z.string().optional(),
  // Vector-tile style url, when type is 'vector'.
  styleUrl: z.string().optional(),
  attribution: z.string().optional(),
  thumbnail: z.string().optional(),
  visible: z.boolean().default(false),
  opacity: z.number().min(0).max(1).default(1),
  minZoom: zoomSchema.default(TILE_LAYER_MIN_ZOOM),
  maxZoom: zoomSchema.default(LAYER_MAX_ZOOM),
  zIndex: z.number().default(0),
  basemap: z.boolean().default(true),
});
export type BaseLayer = z.infer<typeof baseLayerSchema>;
export type BaseLayerInput = z.input<typeof baseLayerSchema>;
