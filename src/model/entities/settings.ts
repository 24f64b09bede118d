// SPEC §3 Settings: the per-browser choices layered over the app configuration.
import { z } from 'zod';
import { DEFAULT_LOCALE, DEFAULT_TIME_FORMAT } from '../constants.ts';
import { localeSchema } from './common.ts';
import { baseLayerSchema, layerSchema } from './layer.ts';

export const settingsSchema = z.object({
  // SPEC §3: from settings or guessed; absent means "guess from the browser".
  timeZone: z.string().optional(),
  timeFormat: z.string().default(DEFAULT_TIME_FORMAT),
  defaultLanguage: localeSchema.default(DEFAULT_LOCALE),
  defaultLayer: z.string().optional(),
  startZoomUserCentered: z.boolean().default(false),
  geolocationFeaturesVisible: z.boolean().default(false),
  layersConfig: z.array(layerSchema).default([]),
  baseLayersConfig: z.array(baseLayerSchema).default([]),
  requireAuth: z.boolean().default(false),
  useCookies: z.boolean().default(true),
  modeAdmin: z.boolean().default(false),
});
export type Settings = z.infer<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;
