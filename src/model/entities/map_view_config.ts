// SPEC §3 Map view config; defaults from SPEC §9.
import { z } from 'zod';
import { DEFAULT_CENTER, DEFAULT_PROJECTION, DEFAULT_ROTATION, DEFAULT_ZOOM } from '../constants.ts';
import { lonLatSchema } from './common.ts';

export const mapViewConfigSchema = z.object({
  projection: z.string().default(DEFAULT_PROJECTION),
  zoom: z.number().min(0).default(DEFAULT_ZOOM),
  // lon/lat in EPSG:4326; the view converts to its projection.
  center: lonLatSchema.default([DEFAULT_CENTER[0], DEFAULT_CENTER[1]]),
  rotation: z.number().default(DEFAULT_ROTATION),
  enableRotation: z.boolean().default(true),
  mapAttribution: z.string().optional(),
  // SPEC §3 "editor flags": which edit tools are offered (draw, modify, delete, ...).
  editor: z.record(z.string(), z.boolean()).default({}),
});
export type MapViewConfig = z.infer<typeof mapViewConfigSchema>;
