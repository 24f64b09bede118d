// SPEC §3 Local layer: a layer the user adds from an external map service, kept in the browser.
import { z } from 'zod';
import { requiredString } from './common.ts';

export const LOCAL_LAYER_CLASSES = ['vector', 'tile'] as const;
export const LOCAL_LAYER_SERVICE_TYPES = ['WMS', 'WMTS', 'XYZ'] as const;

export const localLayerSchema = z.object({
  name: requiredString(),
  // Vector overlay or tiled base layer.
  class: z.enum(LOCAL_LAYER_CLASSES),
  serviceType: z.enum(LOCAL_LAYER_SERVICE_TYPES),
  url: requiredString(),
  serverLayerName: z.string().optional(),
  type: z.string().optional(),
  description: z.string().optional(),
  visible: z.boolean().default(true),
});
export type LocalLayer = z.infer<typeof localLayerSchema>;
