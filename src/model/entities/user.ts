// SPEC §3 User and the account forms of SPEC §5 (register, login, password, account update).
import { z } from 'zod';
import { ADMIN_USER_TYPE } from '../constants.ts';
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
const password = () => z.string({ error: ERRORS.FIELD_REQUIRED }).min(1, { error: ERRORS.FIELD_REQUIRED });

/** SPEC §5: confirm password must match, reported on the confirmPassword field. */
function confirmMatches(v: { password: string; confirmPassword: string }): boolean {
  return v.password === v.confirmPassword;
}
const mismatch = { error: ERRORS.CONFIRM_PASSWORD_MISMATCH, path: ['confirmPassword'] };

export const registrationSchema = z
  .object({
    username: requiredString(),
    firstName: requiredString(),
    lastName: requiredString(),
    email: emailSchema,
    password: password(),
    confirmPassword: password(),
    organization: z.string().optional(),
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
  firstName: requiredString(),
  lastName: requiredString(),
  email: emailSchema,
  organization: z.string().optional(),
  language: localeSchema.optional(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;
