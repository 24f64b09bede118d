// SPEC §3 Route: the directions-service answer reduced to what the route panel shows.
import { z } from 'zod';
import { lonLatSchema } from './common.ts';

export const routeStepSchema = z.object({
  instruction: z.string().default(''),
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
