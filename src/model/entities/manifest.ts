// SPEC §3 Manifest (PWA web app manifest); SPEC §7 icons of 128, 192, 256, 384, 512 px.
import { z } from 'zod';
import { requiredString } from './common.ts';

export const manifestIconSchema = z.object({
  src: requiredString(),
  // "192x192" (space-separated list allowed by the manifest spec).
  sizes: z.string().regex(/^\d+x\d+( \d+x\d+)*$/),
  type: requiredString(),
  purpose: z.string().optional(),
});
export type ManifestIcon = z.infer<typeof manifestIconSchema>;

export const manifestSchema = z.object({
  name: z.string().optional(),
  short_name: z.string().optional(),
  start_url: z.string().optional(),
  display: z.string().optional(),
  theme_color: z.string().optional(),
  background_color: z.string().optional(),
  icons: z.array(manifestIconSchema).default([]),
});
export type Manifest = z.infer<typeof manifestSchema>;
