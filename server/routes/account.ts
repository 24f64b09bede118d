import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_KEY_HEADER,
  ERRORS,
  SESSION_COOKIE_MODES,
  SESSION_HEADER,
  isValidAppKey,
  SUCCESS,
  accountUpdateSchema,
  changePasswordSchema,
  registrationSchema,
  resetPasswordSchema,
  userSchema,
} from '../../src/model/index.ts';
import { parseBasicAuth } from '../auth/basic.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { requireUser, verifyBasic } from '../auth/plugin.ts';
import { clearSessionCookie, requestSessionId, setSessionCookie } from '../auth/session_cookie.ts';
import { createSession, deleteSession, deleteUserSessions } from '../auth/sessions.ts';
import { USER_COLUMNS, findUserWithHash, publicUser, type AuthUser } from '../auth/users.ts';
import type { Db } from '../db/index.ts';
import { HttpError, badRequest, conflict, unauthorized } from '../http/errors.ts';

// SPEC §7 "Account and auth". Passwords never leave as text or hash (publicUser).

const RESET_TTL_HOURS = 2;
const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const loginQuery = z.object({
  workspace: z.string().optional(),
  session: z.string().optional(),
  /** Whether and how long the server keeps the session in its HttpOnly cookie (session_cookie.ts). */
  cookie: z.enum(SESSION_COOKIE_MODES).optional(),
});
const resetConfirmSchema = z
  .object({ token: z.string().min(1, { error: ERRORS.FIELD_REQUIRED }), password: z.string().min(1), confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { error: ERRORS.CONFIRM_PASSWORD_MISMATCH, path: ['confirmPassword'] });

/**
 * SPEC §3 registerUsersOnWorkspace: signing up in an app that sets it makes the new user a member of
 * the app's workspaces, so they can suggest edits at once (SPEC §6). The app is the one the sign-up
 * names (x-app-key or ?appkey); without one, or an unknown one, nothing more happens.
 */
async function registerOnAppWorkspaces(db: Db, req: FastifyRequest, userId: number): Promise<void> {
  const header = req.headers[APP_KEY_HEADER];
  const appKey = (req.query as { appkey?: unknown } | undefined)?.appkey ?? header;
  if (typeof appKey !== 'string' || !isValidAppKey(appKey)) return;
  await db.query(
    `INSERT INTO workspace_members (workspace_id, user_id)
     SELECT w.id, $2 FROM workspaces w JOIN apps a ON a.app_key = w.app_key
     WHERE a.app_key = $1 AND NOT w.is_diff AND (a.config->>'registerUsersOnWorkspace')::boolean IS TRUE
     ON CONFLICT DO NOTHING`,
    [appKey, userId],
  );
}

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, limiter, mail } = fastify.deps;
  const { limits } = fastify.deps.config;
  const tags = ['account'];

  app.post('/register', { schema: { tags, body: registrationSchema, response: { 201: userSchema } } }, async (req, reply) => {
    const b = req.body;
    // Each registration costs a password hash: bounded per address (issue 16).
    if (await limiter.hit([{ key: `register-ip:${req.ip}`, max: limits.registrationsPerIp, windowSeconds: 3600 }])) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS');
    }
    const { rows } = await db.query<AuthUser>(
      `INSERT INTO users (username, password_hash, first_name, last_name, email, organization, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (username) DO NOTHING RETURNING ${USER_COLUMNS}`,
      [b.username, await hashPassword(b.password), b.firstName, b.lastName, b.email, b.organization ?? '', b.language ?? 'en_US'],
    );
    if (!rows[0]) throw conflict('REGISTRATION_FAILED');
    await registerOnAppWorkspaces(db, req, rows[0].id);
    await mail.send({ to: b.email, subject: 'Welcome to Mapdraft', text: SUCCESS.REGISTRATION_SUCCESS });
    return reply.code(201).send(publicUser(rows[0]));
  });

  // Basic auth → user record + x-session-id header (SPEC §4: login sets the session id). The auth
  // hook is skipped so a failure answers LOGIN_FAILED here instead of leaving a visitor.
  app.get(
    '/login',
    { schema: { tags, querystring: loginQuery, response: { 200: userSchema } }, config: { skipAuth: true } },
    async (req, reply) => {
      const basic = parseBasicAuth(req.headers.authorization);
      if (!basic) throw unauthorized('LOGIN_FAILED');
      const user = await verifyBasic(req, basic.username, basic.password);
      if (!user) throw unauthorized('LOGIN_FAILED');
      const sessionId = await createSession(db, user.id);
      reply.header(SESSION_HEADER, sessionId);
      setSessionCookie(req, reply, sessionId, req.query.cookie ?? 'browser');
      return publicUser(user);
    },
  );

  app.post('/logout', { schema: { tags } }, async (req, reply) => {
    const session = requestSessionId(req);
    if (session) await deleteSession(db, session);
    clearSessionCookie(req, reply);
    return reply.code(204).send();
  });

  // Answers the same, as fast, whether or not the address is known and whether or not it was
  // throttled, so it cannot probe for accounts (issue 16); the mail leaves after the answer.
  app.post('/reset-password', { schema: { tags, body: resetPasswordSchema } }, async (req) => {
    const email = req.body.email.toLowerCase();
    const throttled = await limiter.hit([
      { key: `reset-ip:${req.ip}`, max: limits.resetsPerHour * 4, windowSeconds: 3600 },
      { key: `reset-email:${email}`, max: limits.resetsPerHour, windowSeconds: 3600 },
    ]);
    const { rows } = await db.query<{ id: number; email: string }>(
      'SELECT id, email FROM users WHERE lower(email) = $1 AND ($2::text IS NULL OR username = $2::text)',
      [email, req.body.username ?? null],
    );
    if (throttled) return { message: SUCCESS.PASSWORD_RESET_MAIL_SENT };
    const mails: { to: string; token: string }[] = [];
    for (const user of rows) {
      const token = randomBytes(32).toString('base64url');
      // Only the newest token works: an older mail (maybe read by someone else) is void.
      await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [user.id]);
      await db.query(`INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
        tokenHash(token),
        user.id,
        RESET_TTL_HOURS,
      ]);
      mails.push({ to: user.email, token });
    }
    for (const m of mails) {
      mail
        .send({ to: m.to, subject: 'Mapdraft password reset', text: `Your reset token: ${m.token}` })
        .catch((err) => req.log.error({ err }, 'password reset mail failed'));
    }
    return { message: SUCCESS.PASSWORD_RESET_MAIL_SENT };
  });

  app.post('/reset-password/confirm', { schema: { tags, body: resetConfirmSchema } }, async (req) => {
    const newHash = await hashPassword(req.body.password);
    const userId = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_id: number }>(
        `UPDATE password_resets SET used_at = now()
         WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id`,
        [tokenHash(req.body.token)],
      );
      if (!rows[0]) return null;
      await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [rows[0].user_id, newHash]);
      return rows[0].user_id;
    });
    if (userId === null) throw badRequest('PASSWORD_RESET_FAILED');
    await deleteUserSessions(db, userId);
    return { changed: true };
  });

  app.post('/change-password', { schema: { tags, body: changePasswordSchema } }, async (req) => {
    const user = requireUser(req);
    const stored = await findUserWithHash(db, user.username);
    if (!stored || !(await verifyPassword(req.body.oldPassword, stored.passwordHash))) throw badRequest('LOGIN_FAILED');
    await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      user.id,
      await hashPassword(req.body.password),
    ]);
    await deleteUserSessions(db, user.id, requestSessionId(req));
    return publicUser(user);
  });

  app.put('/account', { schema: { tags, body: accountUpdateSchema, response: { 200: userSchema } } }, async (req) => {
    const user = requireUser(req);
    const b = req.body;
    // A new email is where the next reset mail goes: only the account's owner may move it (issue 16).
    if (b.email.toLowerCase() !== user.email.toLowerCase()) {
      const stored = await findUserWithHash(db, user.username);
      const ok = !!stored && !!b.currentPassword && (await verifyPassword(b.currentPassword, stored.passwordHash));
      if (!ok) throw badRequest('CURRENT_PASSWORD_REQUIRED');
    }
    const { rows } = await db.query<AuthUser>(
      `UPDATE users SET first_name = $2, last_name = $3, email = $4, organization = COALESCE($5, organization),
         language = COALESCE($6, language), updated_at = now()
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [user.id, b.firstName, b.lastName, b.email, b.organization ?? null, b.language ?? null],
    );
    return publicUser(rows[0]);
  });
}
