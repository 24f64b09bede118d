// POST /api/apps body (CONTRACT.md): the invoice address plus an optional template to copy.
import { z } from 'zod';
import { invoiceAddressSchema } from './invoice_address.ts';

export const createAppSchema = invoiceAddressSchema.extend({
  templateKey: z.string().optional(),
});
export type CreateApp = z.infer<typeof createAppSchema>;
