// SPEC §3 App record: the registered app as stored by the server (owner and invoice address).
import { z } from 'zod';
import { appKeySchema, timestampSchema } from './common.ts';

export const appRecordSchema = z.object({
  appKey: appKeySchema,
  createdAt: timestampSchema,
  templateKey: z.string().nullish(),
  organisation: z.string().nullish(),
  ownerName: z.string().nullish(),
  addressStreet: z.string().nullish(),
  addressStreetnumber: z.string().nullish(),
  addressPostcode: z.string().nullish(),
  addressCity: z.string().nullish(),
  // SPEC §3: activation status derives from activatedAt (null = not activated).
  activatedAt: timestampSchema.nullish(),
});
export type AppRecord = z.infer<typeof appRecordSchema>;
