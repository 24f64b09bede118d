// Building blocks shared by the entity schemas. Messages come from ERRORS so a failed parse
// carries the SPEC §5 text ("field required", "numeric value required", "email must be valid").
import { z } from 'zod';
import { APP_KEY_PATTERN, EMAIL_MAX_LENGTH, LOCALES } from '../constants.ts';
import { ERRORS } from '../errors.ts';

/** A required, non-blank string (trimmed first so "   " counts as missing). */
export const requiredString = () => z.string({ error: ERRORS.FIELD_REQUIRED }).trim().min(1, { error: ERRORS.FIELD_REQUIRED });

export const optionalString = () => z.string().optional();

/** SPEC §5: "numeric value required"; NaN and Infinity are not numbers a user meant. */
export const requiredNumber = () => z.number({ error: ERRORS.NUMERIC_REQUIRED });

export const emailSchema = z
  .string({ error: ERRORS.FIELD_REQUIRED })
  .trim()
  .min(1, { error: ERRORS.FIELD_REQUIRED })
  .max(EMAIL_MAX_LENGTH, { error: ERRORS.VALUE_TOO_LONG })
  .pipe(z.email({ error: ERRORS.INVALID_EMAIL }));

export const localeSchema = z.enum(LOCALES, { error: ERRORS.INVALID_LOCALE });

/** SPEC §1: app key is 32 characters; we accept ASCII letters and digits only. */
export const appKeySchema = z.string({ error: ERRORS.NO_APP_KEY_DEFINED }).regex(APP_KEY_PATTERN, {
  error: ERRORS.INVALID_APP_KEY,
});

/** gfid: the server's feature id. Numbers on the wire today; strings accepted for external sources. */
export const gfidSchema = z.union([z.string().min(1), z.number().int()]);
export type Gfid = z.infer<typeof gfidSchema>;

export const idSchema = z.union([z.string(), z.number()]);

/** Timestamps travel as ISO-8601 strings in JSON. */
export const timestampSchema = z.string();

/** CSS colour as typed by app owners (hex or any CSS form); only emptiness is rejected. */
export const colorSchema = z.string().trim().min(1, { error: ERRORS.FIELD_REQUIRED });

/** [lon, lat] in EPSG:4326 (SPEC §3: data is in EPSG:4326). */
export const lonLatSchema = z.tuple([requiredNumber(), requiredNumber()]);
export type LonLat = z.infer<typeof lonLatSchema>;
