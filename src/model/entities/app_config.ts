// SPEC §3 App configuration: everything an app owner customises. Every field has a default so an
// empty object parses into a usable configuration (a missing config file gives defaults, SPEC §7).
import { z } from 'zod';
import {
  DEFAULT_FILL_COLOR,
  DEFAULT_LOCALE,
  DEFAULT_SIZE_LIMIT_IMAGE,
  DEFAULT_STROKE_COLOR,
  DEFAULT_THEME_MODE,
  DEFAULT_TIME_FORMAT,
  THEME_MODES,
} from '../constants.ts';
import { appKeySchema, colorSchema, localeSchema } from './common.ts';
import { baseLayerSchema, layerSchema } from './layer.ts';

export const FEATURES_PROPERTIES_WINDOWS = ['mapOverlay', 'prompt'] as const;
export const themeModeSchema = z.enum(THEME_MODES);

export const appConfigSchema = z.object({
  appName: z.string().default('Mapdraft'),
  appVersion: z.string().optional(),
  appIcon: z.string().optional(),
  appUrl: z.string().optional(),
  search: z
    .object({ featureSearch: z.boolean().default(true), google: z.boolean().default(false) })
    .default({ featureSearch: true, google: false }),
  appFooter: z.string().optional(),
  routing: z.boolean().default(true),
  geolocation: z.boolean().default(true),
  // Empty means same origin as the client.
  serverUrl: z.string().default(''),
  useCookies: z.boolean().default(true),
  // No brand colours are given by the SPEC; fall back to the §9 fill/stroke colours.
  primaryColor: colorSchema.default(DEFAULT_FILL_COLOR),
  secondaryColor: colorSchema.default(DEFAULT_STROKE_COLOR),
  accentColor: colorSchema.default(DEFAULT_STROKE_COLOR),
  fontSize: z.number().positive().default(14),
  themeMode: themeModeSchema.default(DEFAULT_THEME_MODE),
  defaultLanguage: localeSchema.default(DEFAULT_LOCALE),
  auth: z
    .object({ changePassword: z.boolean().default(true), rememberMe: z.boolean().default(true) })
    .default({ changePassword: true, rememberMe: true }),
  featuresPropertiesWindow: z.enum(FEATURES_PROPERTIES_WINDOWS).default('mapOverlay'),
  navigationService: z.string().optional(),
  startZoomUserCentered: z.boolean().default(false),
  geolocationFeaturesVisible: z.boolean().default(false),
  nameComponentFeatureDetail: z.string().optional(),
  sliderAutostart: z.boolean().default(false),
  isPublicApp: z.boolean().default(true),
  requireAuth: z.boolean().default(false),
  registerUsersOnWorkspace: z.boolean().default(false),
  leftDrawerComponent: z.array(z.string()).default([]),
  defaultLeftDrawerComponent: z.string().optional(),
  rightDrawerComponent: z.array(z.string()).default([]),
  defaultRightDrawer: z.string().optional(),
  defaultAboutPageOpen: z.boolean().default(false),
  pdfDownload: z.boolean().default(true),
  activeAddNewPoiAtLocation: z.boolean().default(false),
  comments: z.boolean().default(true),
  bibliography: z.boolean().default(true),
  documents: z.boolean().default(true),
  links: z.boolean().default(true),
  // Bytes; SPEC §5 does not give the value, we use the §9 upload limit.
  sizeLimitImage: z.number().positive().default(DEFAULT_SIZE_LIMIT_IMAGE),
  // SPEC §9: timezone from settings or guessed, so absent means "guess".
  timeZone: z.string().optional(),
  timeFormat: z.string().default(DEFAULT_TIME_FORMAT),
  observationsTitle: z.string().optional(),
  openObservations: z.boolean().default(false),
  shortPrecisionCoordinates: z.boolean().default(false),
  layersConfig: z.array(layerSchema).default([]),
  baseLayersConfig: z.array(baseLayerSchema).default([]),
  // Locale → description text.
  appDescriptions: z.record(z.string(), z.string()).default({}),
  appKey: appKeySchema.optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
export type AppConfigInput = z.input<typeof appConfigSchema>;

/** Body of GET /api/apps (CONTRACT.md). */
export const appResponseSchema = z.object({
  appKey: appKeySchema,
  activated: z.boolean(),
  isPublicApp: z.boolean(),
  config: appConfigSchema,
});
export type AppResponse = z.infer<typeof appResponseSchema>;
