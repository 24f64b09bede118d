// SPEC §3 Route: the directions-service answer reduced to what the route panel shows.
import { z } from 'zod';
import { lonLatSchema } from './common.ts';

export const routeStepSchema = z.object({
  /** The service's own words; empty from the embedded router, whose steps the UI words from `kind` and `name`. */
  instruction: z.string().default(''),
  /** Embedded router: the straight leg from the origin to the nearest road, a road, or the leg to the destination. */
  kind: z.enum(['depart', 'road', 'arrive']).optional(),
  name: z.string().optional(),
  // Metres and seconds, as the directions service reports them.
  distance: z.number().nonnegative(),
  duration: z.number().nonnegative(),
});
export type RouteStep = z.infer<typeof routeStepSchema>;

export const routeSchema = z.object({
  origin: lonLatSchema,
  destination: lonLatSchema,
  steps: z.array(routeStepSchema).default([]),
  /** Metres. */
  distance: z.number().nonnegative(),
  /** Seconds. */
  time: z.number().nonnegative(),
  /** The route line, lon/lat. */
  coordinates: z.array(lonLatSchema).optional(),
});
export type Route = z.infer<typeof routeSchema>;
