// SPEC §3 Invoice address; SPEC §5 makes every field but the organisation required.
import { z } from 'zod';
import { requiredString } from './common.ts';

export const invoiceAddressSchema = z.object({
  firstName: requiredString(),
  lastName: requiredString(),
  organisation: z.string().trim().optional(),
  street: requiredString(),
  houseNumber: requiredString(),
  postCode: requiredString(),
  city: requiredString(),
});
export type InvoiceAddress = z.infer<typeof invoiceAddressSchema>;
