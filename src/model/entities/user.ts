// SPEC §3 User and the account forms of SPEC §5 (register, login, password, account update).
import { z } from 'zod';
import { ADMIN_USER_TYPE, PASSWORD_MAX_LENGTH, PERSON_FIELD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { emailSchema, idSchema, localeSchema, requiredString } from './common.ts';

/** The user record the server returns (never carries the password). */
export const userSchema = z.object({
  id: idSchema.optional(),
  username: requiredString(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string().optional(),
  organization: z.string().optional(),
  language: localeSchema.optional(),
  // SPEC §3: the value 'admin' is the admin role.
  type: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export function isAdminUser(user: { type?: string | null } | null | undefined): boolean {
  return user?.type === ADMIN_USER_TYPE;
}

/** Passwords are not trimmed: spaces may be part of them. */
const password = () =>
  z
    .string({ error: ERRORS.FIELD_REQUIRED })
    .min(1, { error: ERRORS.FIELD_REQUIRED })
    .max(PASSWORD_MAX_LENGTH, { error: ERRORS.VALUE_TOO_LONG });
/** A required text of bounded length (issue 16: no 3,000-character names). */
const bounded = (max: number) => requiredString().max(max, { error: ERRORS.VALUE_TOO_LONG });
const optionalBounded = () => z.string().max(PERSON_FIELD_MAX_LENGTH, { error: ERRORS.VALUE_TOO_LONG }).optional();

/** SPEC §5: confirm password must match, reported on the confirmPassword field. */
function confirmMatches(v: { password: string; confirmPassword: string }): boolean {
  return v.password === v.confirmPassword;
}
const mismatch = { error: ERRORS.CONFIRM_PASSWORD_MISMATCH, path: ['confirmPassword'] };

export const registrationSchema = z
  .object({
    username: bounded(USERNAME_MAX_LENGTH),
    firstName: bounded(PERSON_FIELD_MAX_LENGTH),
    lastName: bounded(PERSON_FIELD_MAX_LENGTH),
    email: emailSchema,
    password: password(),
    confirmPassword: password(),
    organization: optionalBounded(),
    language: localeSchema.optional(),
  })
  .refine(confirmMatches, mismatch);
export type Registration = z.infer<typeof registrationSchema>;

export const loginSchema = z.object({
  username: requiredString(),
  password: password(),
  rememberMe: z.boolean().optional(),
});
export type Login = z.infer<typeof loginSchema>;

export const changePasswordSchema = z
  .object({
    oldPassword: password(),
    password: password(),
    confirmPassword: password(),
  })
  .refine(confirmMatches, mismatch);
export type ChangePassword = z.infer<typeof changePasswordSchema>;

/** Reset by email; the username is optional for servers that key accounts by name. */
export const resetPasswordSchema = z.object({
  email: emailSchema,
  username: z.string().optional(),
});
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

export const accountUpdateSchema = z.object({
  firstName: bounded(PERSON_FIELD_MAX_LENGTH),
  lastName: bounded(PERSON_FIELD_MAX_LENGTH),
  email: emailSchema,
  organization: optionalBounded(),
  language: localeSchema.optional(),
  /** Needed to change the email (issue 16: a stolen session must not take the account over by a reset). */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, { error: ERRORS.VALUE_TOO_LONG }).optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
