// SPEC §1/§7 observations and endangered species: the species recorded for a layer, with their
// threat status and where that status comes from, and the observations attached to a feature.
import { z } from 'zod';

/** IUCN Red List categories, most threatened first after the extinct ones. */
export const THREAT_STATUSES = ['EX', 'EW', 'CR', 'EN', 'VU', 'NT', 'LC', 'DD', 'NE'] as const;
export type ThreatStatus = (typeof THREAT_STATUSES)[number];
/** SPEC §1 "endangered-species information": the statuses counted as threatened. */
export const ENDANGERED_STATUSES: readonly ThreatStatus[] = ['CR', 'EN', 'VU'];

export const speciesSchema = z.object({
  id: z.number().int(),
  scientificName: z.string(),
  commonName: z.string().nullable(),
  status: z.enum(THREAT_STATUSES),
  /** Where the status comes from (e.g. "IUCN Red List 2024"). */
  statusSource: z.string(),
  endangered: z.boolean(),
  /** Part of the labelled demo set, not a real survey. */
  demo: z.boolean(),
});
export type Species = z.infer<typeof speciesSchema>;

export const observationSchema = z.object({
  id: z.number().int(),
  gfid: z.number().int(),
  species: speciesSchema,
  observedAt: z.string(),
  count: z.number().int().positive(),
  note: z.string().nullable(),
  observer: z.string().nullable(),
  /** The caller's own suggestion, not yet reviewed (SPEC §4); absent on accepted observations. */
  pending: z.boolean().optional(),
});
export type Observation = z.infer<typeof observationSchema>;
