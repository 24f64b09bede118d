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
  ROUTE_PROFILE,
  THEME_MODES,
} from '../constants.ts';
import { appKeySchema, colorSchema, localeSchema } from './common.ts';
import { baseLayerSchema, layerSchema } from './layer.ts';

/** SPEC §1 hand-off targets: the device's map app (geo: URI), Google Maps, Apple Maps, OsmAnd. */
export const NAVIGATION_SERVICES = ['geo', 'google', 'apple', 'osmand'] as const;
export type NavigationService = (typeof NAVIGATION_SERVICES)[number];

export const routingConfigSchema = z.object({
  enabled: z.boolean().default(true),
  /** SPEC §7: an openrouteservice-compatible directions address, e.g. https://api.openrouteservice.org. */
  url: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as the bearer key (SPEC §7). */
  key: z.string().optional(),
  /** SPEC §7: the driving-car profile unless the owner says otherwise. */
  profile: z.string().default(ROUTE_PROFILE),
});
export type RoutingConfig = z.infer<typeof routingConfigSchema>;

/** The `routing` setting as one shape: `true`/`false` are on/off with the embedded router. */
export function routingSettings(routing: boolean | RoutingConfig): RoutingConfig {
  return typeof routing === 'boolean' ? { enabled: routing, profile: ROUTE_PROFILE } : routing;
}

export const FEATURES_PROPERTIES_WINDOWS = ['mapOverlay', 'prompt'] as const;
export const themeModeSchema = z.enum(THEME_MODES);

export const appConfigSchema = z.object({
  appName: z.string().default('Mapdraft'),
  appVersion: z.string().optional(),
  appIcon: z.string().optional(),
  appUrl: z.string().optional(),
  search: z
    .object({
      featureSearch: z.boolean().default(true),
      google: z.boolean().default(false),
      /** A Nominatim- or Photon-compatible search address (`q` and `limit` are added); none: the app's own layers only. */
      geocoderUrl: z.url({ protocol: /^https?$/ }).optional(),
      /**
       * SPEC §7 species-observation service, iNaturalist-compatible (`q`, `place_id` and `per_page`
       * are added), called by the browser directly; none: the app's own observations only.
       */
      observationServiceUrl: z.url({ protocol: /^https?$/ }).optional(),
      /** SPEC §7 "optional place id" sent with each search. */
      observationPlaceId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,64}$/)
        .optional(),
    })
    .default({ featureSearch: true, google: false }),
  appFooter: z.string().optional(),
  // SPEC §3/§7 routing: on or off, or an openrouteservice-compatible directions service (url, key).
  // Without a url, routes are computed on the device over the layers flagged `roads`.
  // Read it through `routingSettings`.
  routing: z.union([z.boolean(), routingConfigSchema]).default(true),
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
  // SPEC §1 navigation hand-off: which map app opens the destination (navigation_links.ts).
  navigationService: z.enum(NAVIGATION_SERVICES).optional(),
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
